// The user info page in Chromium (issue 24): merchant01 in Chinese opens operator01's card from the
// user management table (详情), sees its identity, limits, this month's settled calls and its logins,
// then picks itself from the searchable list; in English it sees its own card, and another tree's
// account id in the URL shows an error, not a card. The super administrator, in Chinese, opens
// merchant01's card from user management and picks operator01 from the whole platform.
import { randomUUID } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { fenToYuan } from '../domain/format';
import { menuPath } from '../domain/menus';
import { settleEnded } from '../server/src/dialer/settle';
import { useE2eEnv } from './support/platform';
import { click, fill, login, newPage, shot, textOf, tid, waitForText } from './support/browser';

const env = useE2eEnv(180_000);
const PAGE = menuPath('system/usershow');

const idOf = async (account: string) =>
  Number((await env.platform.db.knex('accounts').where({ account }).first('id')).id);

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('404')) errors.push(m.text());
  });
  return errors;
}

const cell = (row: string, n: number) => `${tid(row)} td:nth-child(${n})`;

beforeAll(async () => {
  const op1 = await idOf('operator01');
  const at = new Date();
  for (const [i, [level, talk]] of (
    [
      [21, 40_000],
      [22, 20_000],
      [67, 0],
    ] as const
  ).entries())
    await env.platform.db.knex('calls').insert({
      call_uuid: randomUUID(),
      account_id: op1,
      bot_id: 1,
      bot_version: 1,
      phone_masked: '137****0000',
      phone_hash: `e2e-usershow-${i}`,
      status: 'ended',
      result_level: level,
      grade: level <= 26 ? level : null,
      answered_at: level <= 26 ? at : null,
      talk_ms: talk,
      billable_ms: talk,
      created_at: at,
      ended_at: at,
    });
  await settleEnded(env.platform.server.deps);
});

it("merchant01 opens operator01's card from user management and picks itself, in zh-CN", async () => {
  const page = await newPage(env.b, true);
  const errors = collectErrors(page);
  await login(page, env.platform.url, 'merchant01');
  await page.goto(env.platform.url + menuPath('system/usermanagemain'));
  await page.waitForSelector(tid('user-info-operator01'));
  await click(page, 'user-info-operator01');
  await page.waitForSelector(tid('usershow-page'));
  expect(new URL(page.url()).searchParams.get('accountId')).toBe(String(await idOf('operator01')));
  await waitForText(page, tid('info-account'), 'operator01');
  expect(await textOf(page, tid('info-superior'))).toBe('merchant01');
  expect(await textOf(page, tid('info-level'))).toBe('普通用户');
  expect(await textOf(page, `${tid('info-identity')} h5`)).toBe('身份信息');
  // This month: 3 calls, 2 connected, 1.0 talk minutes (40 s + 20 s).
  expect(await textOf(page, cell('usage-month', 1))).toBe('本月');
  expect(await textOf(page, cell('usage-month', 3))).toBe('3');
  expect(await textOf(page, cell('usage-month', 4))).toBe('2');
  expect(await textOf(page, cell('usage-month', 5))).toBe('1.0');
  // operator01 has never logged in on this platform.
  expect(await textOf(page, tid('logins-empty'))).toBe('该账号还没有登录过');
  expect(await textOf(page, tid('logins-note'))).toContain('共登录 0 次');
  await shot(page, 'usershow-operator-zh');

  // merchant01 itself, found by searching: its own login is listed as online.
  await fill(page, 'info-search', 'merchant01');
  await page.waitForSelector(tid('choice-merchant01'));
  await page.waitForSelector(tid('choice-operator01'), { hidden: true });
  await click(page, 'choice-merchant01');
  await waitForText(page, tid('info-account'), 'merchant01');
  expect(new URL(page.url()).searchParams.get('accountId')).toBeNull();
  await page.waitForSelector(tid('login-row'));
  expect(await textOf(page, `${tid('login-row')} td:nth-child(5)`)).toBe('在线');
  expect(await textOf(page, cell('usage-month', 3))).toBe('3'); // its subtree's calls
  expect(errors).toEqual([]);
});

it('shows its own card in en, and an error for an account outside its tree', async () => {
  const page = await newPage(env.b, true);
  const errors = collectErrors(page);
  await page.evaluateOnNewDocument(() => localStorage.setItem('lang', 'en'));
  await login(page, env.platform.url, 'merchant01');
  await page.goto(env.platform.url + PAGE);
  await waitForText(page, tid('info-account'), 'merchant01');
  expect(await textOf(page, `${tid('info-identity')} h5`)).toBe('Identity');
  expect(await textOf(page, `${tid('info-logins')} h5`)).toBe('Recent logins');
  expect(await textOf(page, cell('usage-today', 1))).toBe('Today');
  expect(await textOf(page, tid('choice-merchant01'))).toContain('merchant01 (me)');
  await shot(page, 'usershow-self-en');

  const admin = await idOf('superadmin');
  await page.goto(`${env.platform.url}${PAGE}?accountId=${admin}`);
  await page.waitForSelector(tid('info-error'));
  expect(await textOf(page, tid('info-error'))).toContain('Could not load');
  expect(await page.$(tid('info-identity'))).toBeNull();
  expect(errors).toEqual([]);
});

it("the super administrator opens merchant01's card and then operator01's, in zh-CN", async () => {
  const page = await newPage(env.b, true);
  const errors = collectErrors(page);
  await login(page, env.platform.url, 'superadmin');
  await page.goto(env.platform.url + menuPath('system/usermanagemain'));
  await page.waitForSelector(tid('user-info-merchant01'));
  await click(page, 'user-info-merchant01');
  await page.waitForSelector(tid('usershow-page'));
  expect(new URL(page.url()).searchParams.get('accountId')).toBe(String(await idOf('merchant01')));
  await waitForText(page, tid('info-account'), 'merchant01');
  expect(await textOf(page, tid('info-superior'))).toBe('superadmin');
  expect(await textOf(page, tid('info-level'))).toBe('商户');
  expect(await textOf(page, tid('info-role'))).toBe('商户');
  const m1 = await env.platform.db.knex('accounts').where({ account: 'merchant01' }).first('balance_fen');
  expect(await textOf(page, tid('info-balance'))).toBe(fenToYuan(Number(m1.balance_fen)));
  expect(await textOf(page, tid('info-lines'))).toContain('demo-line-1');
  // The merchant's card counts its subtree's calls: operator01's three this month.
  expect(await textOf(page, cell('usage-month', 1))).toBe('本月');
  expect(await textOf(page, cell('usage-month', 3))).toBe('3');
  await shot(page, 'usershow-admin-merchant-zh');

  // The whole platform is the super administrator's to pick from.
  await fill(page, 'info-search', 'operator01');
  await click(page, 'choice-operator01');
  await waitForText(page, tid('info-account'), 'operator01');
  expect(await textOf(page, tid('info-superior'))).toBe('merchant01');
  expect(await textOf(page, tid('info-level'))).toBe('普通用户');
  expect(errors).toEqual([]);
});
