// The finance page (/bussinesscentral/financial) in Chromium: the super administrator (level 0, in
// Chinese) and merchant01 (a merchant, in English) each recharge a subordinate — a bad amount is
// refused inline by the SPEC rule, a good one double-clicked lands once and shows the balances before
// and after, and the recharge records and the ledger show it — then edit the subordinate's call rate
// after a bad rate was refused.
import type { Page } from 'puppeteer-core';
import { until } from '../test/until';
import { useE2eEnv } from './support/platform';
import { check, click, fill, login, newPage, shot, textOf, tid, waitForText } from './support/browser';

const env = useE2eEnv(180_000);

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

const idOf = async (account: string) =>
  Number((await env.platform.db.knex('accounts').where({ account }).first('id')).id);
const balanceOf = async (id: number) =>
  Number((await env.platform.db.knex('accounts').where({ id }).first('balance_fen')).balance_fen);
const creditsOf = (id: number, fen: number) =>
  env.platform.db
    .knex('ledger_entries')
    .where({ account_id: id, kind: 'recharge', delta_fen: fen })
    .select('id');

const TEXT = {
  'zh-CN': {
    decimals: '金额最多两位小数',
    positive: '请输入大于 0 的金额',
    confirm: '请勾选确认充值',
    rateMax: '费率最多 1000 元/分钟',
    rateInvalid: '费率格式不正确（最多两位小数）',
    perMinute: (y: string) => `${y} 元/分钟`,
    header: '金额(元)',
  },
  en: {
    decimals: 'At most 2 decimals',
    positive: 'Enter an amount above 0',
    confirm: 'Tick the box to confirm the recharge',
    rateMax: 'At most 1,000 yuan per minute',
    rateInvalid: 'Not a valid rate (at most 2 decimals)',
    perMinute: (y: string) => `${y} yuan/min`,
    header: 'Amount (yuan)',
  },
} as const;

/** Recharges `target` through the dialog: a bad amount first, then a good one double-clicked. */
async function recharge(
  page: Page,
  lang: keyof typeof TEXT,
  target: { id: number; account: string },
  bad: string,
  badText: string,
  amount: string,
  description: string,
) {
  const T = TEXT[lang];
  await click(page, 'finance-recharge');
  await page.waitForSelector(tid('recharge-form'));
  await page.waitForSelector(`${tid('input-recharge-account')} option[value="${target.id}"]`);
  await page.select(tid('input-recharge-account'), String(target.id));
  await page.waitForSelector(tid('recharge-target-balance'));
  await fill(page, 'input-recharge-amount', bad);
  await click(page, 'recharge-submit');
  expect(await textOf(page, tid('error-recharge-amount'))).toBe(badText);
  expect(await textOf(page, tid('error-recharge-confirm'))).toBe(T.confirm);
  await shot(page, `finance-recharge-refused-${lang}`);
  await fill(page, 'input-recharge-amount', amount);
  await fill(page, 'input-recharge-description', description);
  await check(page, 'input-recharge-confirm');
  // A double click: two clicks in one go, before the page can redraw.
  await page.$eval(tid('recharge-submit'), (el) => {
    (el as HTMLElement).click();
    (el as HTMLElement).click();
  });
  await page.waitForSelector(tid('recharge-result'));
  await shot(page, `finance-recharge-result-${lang}`);
}

it('the super administrator recharges merchant01 and sets its rate, in Chinese', async () => {
  const knex = env.platform.db.knex;
  const m1 = await idOf('merchant01');
  const before = await balanceOf(m1);
  const page = await newPage(env.b, true);
  const errors = collectErrors(page);
  await login(page, env.platform.url, 'superadmin');
  await click(page, 'menu-bussinesscentral/financial');
  await page.waitForSelector(tid('finance-page'));
  expect(await textOf(page, tid('page-header'))).toContain('财务');

  await recharge(
    page,
    'zh-CN',
    { id: m1, account: 'merchant01' },
    '1.234',
    TEXT['zh-CN'].decimals,
    '100.50',
    'e2e 充值',
  );
  // New money: the recipient's balance before and after, as the ledger wrote them; no payer row.
  expect(await textOf(page, tid('recharge-credit-after'))).toBe(((before + 10050) / 100).toFixed(2));
  expect(await textOf(page, tid('recharge-credit-before'))).toBe((before / 100).toFixed(2));
  expect(await page.$(tid('recharge-result-debit'))).toBeNull();
  const rows = await until(async () => {
    const r = await creditsOf(m1, 10050);
    return r.length ? r : undefined;
  });
  expect(rows).toHaveLength(1);
  expect(await balanceOf(m1)).toBe(before + 10050);
  await click(page, 'recharge-close');

  // The records and the ledger show that one row.
  const id = Number(rows[0].id);
  await waitForText(page, `${tid(`records-row-${id}`)} td:nth-child(3)`, '100.50');
  expect(await textOf(page, tid(`records-row-${id}`))).toContain('e2e 充值');
  expect(await page.$$eval(`${tid('records-table')} th`, (els) => els.map((e) => e.textContent))).toContain(
    TEXT['zh-CN'].header,
  );
  await click(page, 'tab-ledger');
  await waitForText(page, `${tid(`ledger-row-${id}`)} td:nth-child(5)`, ((before + 10050) / 100).toFixed(2));
  await shot(page, 'finance-ledger-zh-CN');

  // Rates: a bad rate refused inline, a good one saved and shown.
  await click(page, 'tab-rates');
  await click(page, 'rate-edit-merchant01');
  await fill(page, 'input-rate-rate', '0.155');
  await click(page, 'rate-form-submit');
  expect(await textOf(page, tid('error-rate-rate'))).toBe(TEXT['zh-CN'].rateInvalid);
  await fill(page, 'input-rate-rate', '0.12');
  await page.select(tid('input-rate-accuracy'), '6');
  await click(page, 'rate-form-submit');
  await waitForText(page, tid('rate-rate-merchant01'), TEXT['zh-CN'].perMinute('0.12'));
  expect(
    await knex('billing_rates').where({ account_id: m1 }).first('rate_per_min_fen', 'accuracy_s'),
  ).toEqual({
    rate_per_min_fen: 12,
    accuracy_s: 6,
  });
  await shot(page, 'finance-rates-zh-CN');
  expect(errors).toEqual([]);
  await page.browserContext().close();
});

it('merchant01 recharges operator01 from its own balance and sets its rate, in English', async () => {
  const knex = env.platform.db.knex;
  const m1 = await idOf('merchant01');
  const op1 = await idOf('operator01');
  const [m1Before, op1Before] = [await balanceOf(m1), await balanceOf(op1)];
  const page = await newPage(env.b, true);
  const errors = collectErrors(page);
  await page.goto(`${env.platform.url}/login`);
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await login(page, env.platform.url, 'merchant01');
  await page.goto(`${env.platform.url}/rootmain/bussinesscentral/financial`);
  await page.waitForSelector(tid('finance-page'));

  await recharge(page, 'en', { id: op1, account: 'operator01' }, '0', TEXT.en.positive, '3.21', 'e2e top-up');
  // Paid by the merchant: both balances, before and after.
  expect(await textOf(page, tid('recharge-credit-before'))).toBe((op1Before / 100).toFixed(2));
  expect(await textOf(page, tid('recharge-credit-after'))).toBe(((op1Before + 321) / 100).toFixed(2));
  expect(await textOf(page, tid('recharge-debit-before'))).toBe((m1Before / 100).toFixed(2));
  expect(await textOf(page, tid('recharge-debit-after'))).toBe(((m1Before - 321) / 100).toFixed(2));
  const credits = await until(async () => {
    const r = await creditsOf(op1, 321);
    return r.length ? r : undefined;
  });
  expect(credits).toHaveLength(1);
  expect(await creditsOf(m1, -321)).toHaveLength(1);
  expect([await balanceOf(m1), await balanceOf(op1)]).toEqual([m1Before - 321, op1Before + 321]);
  await click(page, 'recharge-close');

  const id = Number(credits[0].id);
  await waitForText(page, `${tid(`records-row-${id}`)} td:nth-child(3)`, '3.21');
  expect(await page.$$eval(`${tid('records-table')} th`, (els) => els.map((e) => e.textContent))).toContain(
    TEXT.en.header,
  );
  // The account filter keeps only operator01's rows.
  await page.select(tid('records-filter-account'), String(op1));
  await until(async () => {
    const accounts = await page.$$eval(`${tid('records-table')} tbody tr`, (els) =>
      els.map((e) => e.getAttribute('data-account')),
    );
    return accounts.length > 0 && accounts.every((a) => a === 'operator01');
  });
  await click(page, 'tab-ledger');
  await waitForText(page, `${tid(`ledger-row-${id}`)} td:nth-child(4)`, '3.21');
  await shot(page, 'finance-ledger-en');

  await click(page, 'tab-rates');
  await click(page, 'rate-edit-operator01');
  await fill(page, 'input-rate-rate', '20000');
  await click(page, 'rate-form-submit');
  expect(await textOf(page, tid('error-rate-rate'))).toBe(TEXT.en.rateMax);
  await fill(page, 'input-rate-rate', '0.15');
  await page.select(tid('input-rate-accuracy'), '60');
  await click(page, 'rate-form-submit');
  await waitForText(page, tid('rate-rate-operator01'), TEXT.en.perMinute('0.15'));
  expect(
    await knex('billing_rates').where({ account_id: op1 }).first('rate_per_min_fen', 'accuracy_s'),
  ).toEqual({
    rate_per_min_fen: 15,
    accuracy_s: 60,
  });
  await shot(page, 'finance-rates-en');
  expect(errors).toEqual([]);
  await page.browserContext().close();
});
