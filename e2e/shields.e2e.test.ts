// Shields and caps in Chromium: merchant01 adds a number to the call blacklist and sees it masked (a
// second add of the same number says it is already listed), sets a day-shield rule and shields a number
// by hand, then saves the dialing defaults and caps form after the shared rules refused a bad cap.
import type { Page } from 'puppeteer-core';
import { useE2eEnv } from './support/platform';
import { check, click, fill, login, newPage, shot, textOf, tid, waitForText } from './support/browser';

const env = useE2eEnv(120_000);

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/** Polls the database until `read` returns what `ok` accepts (the save is asynchronous). */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const end = Date.now() + 15_000;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('merchant01 blacklists a number, sets a shield rule and saves the caps', async () => {
  const page = await newPage(env.b, true);
  const errors = collectErrors(page);
  const knex = env.platform.db.knex;
  const m1 = await knex('accounts').where({ account: 'merchant01' }).first('id');

  await login(page, env.platform.url, 'merchant01');
  await click(page, 'menu-dialcenter/callblackmanage');
  await page.waitForSelector(tid('cbl-page'));

  // Add one number: the list shows it masked, never in clear.
  await click(page, 'cbl-add');
  await fill(page, 'input-cbl-add-phone', '1391234567');
  await click(page, 'cbl-add-submit');
  expect(await textOf(page, tid('error-cbl-add-phone'))).toContain('手机号格式不正确');
  await fill(page, 'input-cbl-add-phone', '139 1234 5678');
  await fill(page, 'input-cbl-add-reason', '客户投诉');
  await click(page, 'cbl-add-submit');
  await waitForText(page, tid('cbl-add-result'), '新增 1 个');
  await page.waitForSelector(tid('cbl-row-139****5678'));
  // The same number again: one row, and the dialog says so.
  await click(page, 'cbl-add-submit');
  await waitForText(page, tid('cbl-add-result'), '该号码已在名单中');
  await shot(page, 'shields-blacklist-duplicate');
  await page.click('.bp6-dialog-close-button');
  await page.waitForSelector(tid('cbl-add-dialog'), { hidden: true });
  expect(await textOf(page, tid('cbl-row-139****5678'))).toContain('客户投诉');
  expect(await page.content()).not.toContain('13912345678');
  expect(await knex('call_blacklist').where({ account_id: m1.id }).count('* as n').first()).toEqual({
    n: '1',
  });
  await shot(page, 'shields-blacklist');

  // Day shield: a rule (busy 67) and a number shielded by hand for today.
  await click(page, 'menu-dialcenter/dayshieldmanage');
  await page.waitForSelector(tid('shield-rules-save'));
  await check(page, 'shield-level-67');
  await click(page, 'shield-rules-save');
  const levels = await until(
    async () =>
      (await knex('dial_settings').where({ account_id: m1.id }).first('day_shield_levels'))
        ?.day_shield_levels,
    (v) => Array.isArray(v) && v.length === 1,
  );
  expect(levels).toEqual([67]);
  await fill(page, 'input-shield-add-phone', '13700001111');
  await click(page, 'shield-add');
  await page.waitForSelector(tid('shield-row-137****1111'));
  await shot(page, 'shields-day');

  // Dialing defaults and caps: a period cap below the daily cap is refused inline, then it saves.
  await click(page, 'tab-defaults');
  await page.waitForSelector(tid('dial-defaults'));
  await fill(page, 'input-dd-callStart', '08:30');
  await fill(page, 'input-dd-capPerDay', '2');
  await fill(page, 'input-dd-capPerPeriod', '1');
  await click(page, 'dial-defaults-save');
  expect(await textOf(page, tid('error-dd-capPerPeriod'))).toBe('周期上限不能小于每日上限');
  await fill(page, 'input-dd-capPerPeriod', '6');
  await page.select(tid('input-dd-capCount'), 'all');
  await click(page, 'dial-defaults-save');
  const row = await until(
    () =>
      knex('dial_settings')
        .where({ account_id: m1.id })
        .first('call_start', 'cap_per_day', 'cap_per_period', 'cap_count', 'day_shield_levels'),
    (r) => r?.cap_per_period === 6,
  );
  expect(row).toEqual({
    call_start: '08:30',
    cap_per_day: 2,
    cap_per_period: 6,
    cap_count: 'all',
    day_shield_levels: [67],
  });
  await page.waitForSelector(tid('quota-row-operator01'));
  await shot(page, 'shields-defaults');
  expect(errors).toEqual([]);
  await page.browserContext().close();
});
