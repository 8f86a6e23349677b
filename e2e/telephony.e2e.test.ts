// Telephony configuration in Chromium: merchant01 adds a SIP line (a bad send rate is refused inline
// with the shared rule, then 5/1 saves), the password never shows again, the line is assigned to
// operator01 who sees it read-only; the super administrator sees the seeded FreeSWITCH node and its
// live status pushed over the socket, and keeps the outbound-request allow-list and the registration
// trial on the same page.
import type { Page } from 'puppeteer-core';
import { fsNodeStatusKey, type FsNodeStatus } from '../domain/media';
import { useE2eEnv } from './support/platform';
import { check, click, fill, login, newPage, shot, textOf, tid, waitForText } from './support/browser';

const env = useE2eEnv(120_000);

const LINE = 'E2E线路';
const PASSWORD = 'E2e-Pass-777';

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

it('merchant01 adds and assigns a line; operator01 sees it read-only', async () => {
  const page = await newPage(env.b, true);
  const errors = collectErrors(page);
  await login(page, env.platform.url, 'merchant01');
  await click(page, 'menu-system/dockset');
  await page.waitForSelector(tid('line-row-sim-line-1'));
  await shot(page, 'telephony-lines');

  await click(page, 'line-add');
  await page.waitForSelector(tid('line-dialog'));
  await fill(page, 'input-line-name', LINE);
  await fill(page, 'input-line-serverIp', '58.211.1.23');
  await fill(page, 'input-line-account', 'e2eacct01');
  await fill(page, 'input-line-password', PASSWORD);
  await fill(page, 'input-line-sendRate', '5-1');
  await click(page, 'line-dialog-submit');
  expect(await textOf(page, tid('error-line-sendRate'))).toBe('格式为 n/m，例如 5/1（n、m 为正整数）');
  await shot(page, 'telephony-line-bad-rate');
  await fill(page, 'input-line-sendRate', '5/1');
  // The line's inbound numbers (a reception scene may only take these), typed with a full-width comma.
  await fill(page, 'input-line-dids', '4008009001，4008009002');
  await click(page, 'line-dialog-submit');
  await page.waitForSelector(tid('line-dialog'), { hidden: true });
  await page.waitForSelector(tid(`line-row-${LINE}`));
  expect(await textOf(page, tid(`line-password-${LINE}`))).toBe('已设置');
  expect(await page.content()).not.toContain(PASSWORD);

  // Editing shows an empty password field (the stored one is never sent back).
  await click(page, `line-edit-${LINE}`);
  await page.waitForSelector(tid('line-dialog'));
  expect(await page.$eval(tid('input-line-password'), (e) => (e as HTMLInputElement).value)).toBe('');
  expect(await page.$eval(tid('input-line-sendRate'), (e) => (e as HTMLInputElement).value)).toBe('5/1');
  expect(await page.$eval(tid('input-line-dids'), (e) => (e as HTMLInputElement).value)).toBe(
    '4008009001, 4008009002',
  );
  await page.keyboard.press('Escape');
  await page.waitForSelector(tid('line-dialog'), { hidden: true });

  await click(page, `line-assign-${LINE}`);
  await check(page, 'assign-account-operator01');
  await click(page, 'assign-submit');
  await waitForText(page, tid(`line-assigned-${LINE}`), 'operator01');
  await shot(page, 'telephony-line-assigned');
  expect(errors).toEqual([]);

  // operator01's role gets the line page (its merchant may grant it; the demo role does not hold it).
  const knex = env.platform.db.knex;
  const op = await knex('accounts').where({ account: 'operator01' }).first('role_id');
  await knex('role_menus').insert({ role_id: op.role_id, menu_key: 'system/dockset' });
  const opPage = await newPage(env.b, true);
  await login(opPage, env.platform.url, 'operator01');
  await click(opPage, 'menu-system/dockset');
  await opPage.waitForSelector(tid(`line-row-${LINE}`));
  expect(await textOf(opPage, tid(`line-readonly-${LINE}`))).toContain('merchant01');
  expect(await opPage.$(tid(`line-edit-${LINE}`))).toBeNull();
  expect(await opPage.$(tid(`line-delete-${LINE}`))).toBeNull();
  expect(await textOf(opPage, tid(`line-password-${LINE}`))).toBe('—');
  expect(await opPage.content()).not.toContain(PASSWORD);
  await shot(opPage, 'telephony-line-readonly');
  await opPage.browserContext().close();
  await page.browserContext().close();
});

it('superadmin sees the seeded FreeSWITCH node and its live status', async () => {
  const page = await newPage(env.b, true);
  const errors = collectErrors(page);
  await login(page, env.platform.url, 'superadmin');
  await click(page, 'menu-systemset/clusterserver');
  await page.waitForSelector(tid('node-row-fs-sim-1'));
  expect(await textOf(page, tid('node-row-fs-sim-1'))).toContain('127.0.0.1');
  expect(await page.content()).not.toContain('ClueCon');

  // A media worker's report reaches the open page through the socket (no reload). The page's socket
  // may connect just after a report, so report again until one arrives.
  const node = await env.platform.db.knex('fs_nodes').where({ name: 'fs-sim-1' }).first('id');
  const redis = env.platform.server.deps.redis;
  let shown = false;
  for (let i = 1; i <= 5 && !shown; i++) {
    const status: FsNodeStatus = {
      connected: true,
      channels: 10 + i,
      sps: 2,
      lastError: null,
      updatedAt: new Date().toISOString(),
    };
    await redis.hset(
      fsNodeStatusKey(env.platform.config.redisPrefix),
      String(node.id),
      JSON.stringify(status),
    );
    shown = await waitForText(page, tid('node-channels-fs-sim-1'), String(10 + i))
      .then(() => true)
      .catch(() => false);
  }
  expect(shown).toBe(true);
  expect(await textOf(page, tid('node-status-fs-sim-1'))).toBe('已连接');
  await shot(page, 'telephony-cluster');

  // The outbound-request allow-list (issue 21): a bad entry is refused with its line named, a good
  // list is kept as the server normalises it.
  const before = errors.length;
  await fill(page, 'outbound-hosts', 'LLM.Internal\nhttp://x');
  await click(page, 'outbound-save');
  await waitForText(page, tid('outbound-error'), 'http://x');
  // The browser logs the refused save's 400; that one is expected.
  expect(errors.splice(before)).toEqual([expect.stringContaining('status of 400')]);
  await fill(page, 'outbound-hosts', 'LLM.Internal\n2130706433');
  await click(page, 'outbound-save');
  await page.waitForSelector(tid('outbound-saved'));
  const kept = await env.platform.db.knex('outbound_allow_hosts').orderBy('host').pluck('host');
  expect(kept).toEqual(['127.0.0.1', 'llm.internal']);
  expect(await page.$eval(tid('outbound-hosts'), (e) => (e as HTMLTextAreaElement).value)).toBe(
    '127.0.0.1\nllm.internal',
  );
  await shot(page, 'outbound-allowlist');

  // The registration trial (issue 24): a bad value is refused at its field before any request; good
  // values are kept (the balance in yuan, stored as fen).
  await page.waitForSelector(`${tid('trial-aiSeats')}:not([disabled])`);
  expect(await page.$eval(tid('trial-balanceFen'), (e) => (e as HTMLInputElement).value)).toBe('10.00');
  await fill(page, 'trial-aiSeats', '-1');
  await click(page, 'trial-save');
  await waitForText(page, tid('registration-trial'), 'AI 坐席数为 0 到 1000 的整数');
  await fill(page, 'trial-aiSeats', '5');
  await fill(page, 'trial-days', '14');
  await fill(page, 'trial-balanceFen', '25.5');
  await click(page, 'trial-save');
  await page.waitForSelector(tid('trial-saved'));
  expect(await env.platform.db.knex('registration_trial').first('ai_seats', 'days', 'balance_fen')).toEqual({
    ai_seats: 5,
    days: 14,
    balance_fen: '2550',
  });
  expect(await page.$eval(tid('trial-balanceFen'), (e) => (e as HTMLInputElement).value)).toBe('25.50');
  await shot(page, 'registration-trial');

  await click(page, 'menu-systemset/emptyasr');
  await page.waitForSelector(tid('asr-row-operator01'));
  expect(await textOf(page, tid('asr-source-operator01'))).toBe('平台默认');
  await shot(page, 'telephony-asr');
  expect(errors).toEqual([]);
  await page.browserContext().close();
});
