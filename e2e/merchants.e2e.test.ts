// Merchant management in Chromium (issue 24 item 4): the super administrator, in Chinese and in
// English, creates a merchant (the SPEC §5 rules refuse a bad form inline), sets its settlement method,
// turns its settlement lock on after a confirmation that says it cannot be undone, and sees it locked;
// merchant01, in English, creates a sub-merchant (refused first for more seats than its own) and sees
// only its own sub-merchants.
import type { Page } from 'puppeteer-core';
import { menuPath } from '../domain/menus';
import { secondMerchantTree } from '../test/fixtures';
import { useE2eEnv } from './support/platform';
import { click, fill, login, newPage, shot, textOf, tid, waitForText } from './support/browser';

const env = useE2eEnv(120_000);
const PAGE = menuPath('bussinesscentral/merchant');

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('400')) errors.push(m.text());
  });
  return errors;
}

/** What the page says, in the language of the run. */
type Texts = Record<
  'accountRule' | 'cannotUndo' | 'lang' | 'locked' | 'method6' | 'rate' | 'rateRule' | 'required' | 'title',
  string
>;

async function createAndLock(page: Page, account: string, texts: Texts) {
  await page.goto(env.platform.url + PAGE, { timeout: 60_000 });
  await page.waitForSelector(tid('merchant-row-merchant01'));
  expect(await textOf(page, tid('page-header-title'))).toBe(texts.title);

  await click(page, 'merchant-add');
  await page.waitForSelector(tid('merchant-dialog'));
  await fill(page, 'input-merchant-account', 'ab');
  await fill(page, 'input-merchant-ratePerMinFen', '-1');
  await click(page, 'merchant-dialog-submit');
  expect(await textOf(page, tid('error-merchant-account'))).toBe(texts.accountRule);
  expect(await textOf(page, tid('error-merchant-ratePerMinFen'))).toBe(texts.rateRule);
  expect(await textOf(page, tid('error-merchant-roleId'))).toBe(texts.required);

  await fill(page, 'input-merchant-account', account);
  await fill(page, 'input-merchant-realName', '测试商户');
  await fill(page, 'input-merchant-password', 'secret12');
  await fill(page, 'input-merchant-confirm', 'secret12');
  await fill(page, 'input-merchant-ratePerMinFen', '8');
  const role = await page.$eval(
    tid('input-merchant-roleId'),
    (el) => Array.from((el as HTMLSelectElement).options).find((o) => o.text === '商户')!.value,
  );
  await page.select(tid('input-merchant-roleId'), role);
  await page.select(tid('input-merchant-settlementMethod'), '6');
  await shot(page, `merchants-dialog-${texts.lang}`);
  await click(page, 'merchant-dialog-submit');
  await page.waitForSelector(tid('merchant-dialog'), { hidden: true });
  await waitForText(page, tid(`merchant-method-${account}`), texts.method6);
  expect(await textOf(page, tid(`merchant-rate-${account}`))).toBe(texts.rate);

  await click(page, `merchant-lock-${account}`);
  await waitForText(page, tid('merchant-lock-confirm'), texts.cannotUndo);
  // Cancelling leaves it off.
  await click(page, 'merchant-lock-confirm-cancel');
  await page.waitForSelector(tid('merchant-lock-confirm'), { hidden: true });
  expect(await page.$(tid(`merchant-locked-${account}`))).toBeNull();
  await click(page, `merchant-lock-${account}`);
  await page.waitForSelector(tid('merchant-lock-confirm'));
  await shot(page, `merchants-lock-confirm-${texts.lang}`);
  await click(page, 'merchant-lock-confirm-ok');
  await waitForText(page, tid(`merchant-locked-${account}`), texts.locked);
  expect(await page.$(tid(`merchant-lock-${account}`))).toBeNull();
  await shot(page, `merchants-locked-${texts.lang}`);
  const row = await env.platform.db
    .knex('accounts')
    .where({ account })
    .first('id', 'settlement_locked_at', 'level');
  expect(row.level).toBe(2);
  expect(row.settlement_locked_at).not.toBeNull();
  const rate = await env.platform.db.knex('billing_rates').where({ account_id: row.id }).first();
  expect(rate).toMatchObject({ rate_per_min_fen: 8, accuracy_s: 6 });
}

it('the super administrator creates a merchant and locks its settlement in zh-CN', async () => {
  const page = await newPage(env.b, true);
  const errors = collectErrors(page);
  await login(page, env.platform.url, 'superadmin');
  await createAndLock(page, 'merchantzh1', {
    lang: 'zh',
    title: '商户管理',
    accountRule: '账号至少 6 位，只能是字母或数字',
    rateRule: '费率为 0–100000 的整数（分/分钟）',
    required: '必填',
    method6: '按 6 秒计费',
    rate: '8 分/分钟',
    cannotUndo: '结算锁一旦开启就不能关闭',
    locked: '已锁定',
  });
  expect(errors).toEqual([]);
});

it('the super administrator creates a merchant and locks its settlement in en', async () => {
  const page = await newPage(env.b, true);
  await page.evaluateOnNewDocument(() => localStorage.setItem('lang', 'en'));
  const errors = collectErrors(page);
  await login(page, env.platform.url, 'superadmin');
  await createAndLock(page, 'merchanten1', {
    lang: 'en',
    title: 'Merchants',
    accountRule: 'At least 6 letters or digits',
    rateRule: 'Rate: a whole number of fen per minute, 0-100000',
    required: 'Required',
    method6: 'Billed per 6 seconds',
    rate: '8 fen/min',
    cannotUndo: 'Once on, the settlement lock cannot be turned off',
    locked: 'Locked',
  });
  expect(errors).toEqual([]);
});

it('merchant01 creates a sub-merchant and sees only its own, in en', async () => {
  // Another merchant under the super administrator, which merchant01 must never see.
  await secondMerchantTree(env.platform);
  const knex = env.platform.db.knex;
  const m1 = await knex('accounts').where({ account: 'merchant01' }).first('id', 'ai_seats');
  const page = await newPage(env.b, true);
  await page.evaluateOnNewDocument(() => localStorage.setItem('lang', 'en'));
  const errors = collectErrors(page);
  await login(page, env.platform.url, 'merchant01');
  await page.goto(env.platform.url + PAGE, { timeout: 60_000 });
  expect(await textOf(page, tid('merchants-empty'))).toBe('No merchants yet');
  expect(await textOf(page, tid('page-header-title'))).toBe('Merchants');

  await click(page, 'merchant-add');
  await page.waitForSelector(tid('merchant-dialog'));
  await fill(page, 'input-merchant-account', 'submerch01');
  await fill(page, 'input-merchant-realName', 'Sub merchant');
  await fill(page, 'input-merchant-password', 'secret12');
  await fill(page, 'input-merchant-confirm', 'secret12');
  // More AI seats than merchant01 holds: the server's rule lands on the field, in English.
  await fill(page, 'input-merchant-aiSeats', String(m1.ai_seats + 5));
  await fill(page, 'input-merchant-totalAuthorization', String(m1.ai_seats + 10));
  await fill(page, 'input-merchant-ratePerMinFen', '9');
  // The merchant role merchant01 holds is the one it may hand on.
  const role = await page.$eval(
    tid('input-merchant-roleId'),
    (el) => Array.from((el as HTMLSelectElement).options).find((o) => o.text === '商户')!.value,
  );
  await page.select(tid('input-merchant-roleId'), role);
  await click(page, 'merchant-dialog-submit');
  await waitForText(page, tid('error-merchant-aiSeats'), 'AI seats cannot exceed your own');
  expect(await knex('accounts').where({ account: 'submerch01' }).first('id')).toBeUndefined();

  await fill(page, 'input-merchant-aiSeats', '5');
  await fill(page, 'input-merchant-totalAuthorization', '10');
  await shot(page, 'merchants-sub-dialog-en');
  await click(page, 'merchant-dialog-submit');
  await page.waitForSelector(tid('merchant-dialog'), { hidden: true });
  await page.waitForSelector(tid('merchant-row-submerch01'));
  expect(await textOf(page, `${tid('merchant-row-submerch01')} td:nth-child(3)`)).toBe('merchant01');
  expect(await textOf(page, tid('merchant-rate-submerch01'))).toBe('9 fen/min');
  // Only its own sub-merchant: not merchant02 nor the merchants the super administrator made.
  const rows = await page.$$eval('[data-testid^="merchant-row-"]', (els) =>
    els.map((e) => e.getAttribute('data-testid')),
  );
  expect(rows).toEqual(['merchant-row-submerch01']);
  await shot(page, 'merchants-sub-en');
  const sub = await knex('accounts').where({ account: 'submerch01' }).first('parent_id', 'level', 'ai_seats');
  expect(sub).toEqual({ parent_id: m1.id, level: 2, ai_seats: 5 });
  expect(errors).toEqual([]);
});
