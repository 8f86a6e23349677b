// User management in Chromium (issue 24): merchant01 in Chinese sees its subtree as a tree and a table,
// the SPEC §5 rules refuse a bad form inline, a new employee is saved, disabled and enabled on its own,
// its password reset, and deleted after typing delete; the super administrator sees the whole tree
// in English, searches it and narrows the table to one merchant's subtree.
import type { Page } from 'puppeteer-core';
import { menuPath } from '../domain/menus';
import { useE2eEnv } from './support/platform';
import { click, fill, login, newPage, shot, textOf, tid, waitForText } from './support/browser';

const env = useE2eEnv(120_000);
const PAGE = menuPath('system/usermanagemain');

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('409') && !m.text().includes('400')) errors.push(m.text());
  });
  return errors;
}

const rowState = (page: Page, account: string) => textOf(page, tid(`user-state-${account}`));

it('merchant01 manages its employees in zh-CN', async () => {
  const page = await newPage(env.b, true);
  const errors = collectErrors(page);
  await login(page, env.platform.url, 'merchant01');
  await page.goto(env.platform.url + PAGE, { timeout: 60_000 });
  await page.waitForSelector(tid('user-row-operator01'));
  await page.waitForSelector(tid('tree-operator01'));
  expect(await textOf(page, tid('page-header-title'))).toBeTruthy();
  await shot(page, 'users-merchant-zh');

  await click(page, 'user-add');
  await page.waitForSelector(tid('user-dialog'));
  await fill(page, 'input-user-account', 'ab');
  await fill(page, 'input-user-realName', '新员工');
  await fill(page, 'input-user-password', '12345');
  await fill(page, 'input-user-confirm', '54321');
  await fill(page, 'input-user-aiSeats', '2');
  await fill(page, 'input-user-totalAuthorization', '2');
  await click(page, 'user-dialog-submit');
  expect(await textOf(page, tid('error-user-account'))).toBe('账号至少 6 位，只能是字母或数字');
  expect(await textOf(page, tid('error-user-password'))).toBe('密码至少 6 位');
  expect(await textOf(page, tid('error-user-confirm'))).toBe('两次输入的密码不一致');
  expect(await textOf(page, tid('error-user-totalAuthorization'))).toBe('总授权数必须大于 AI 坐席数');
  expect(await textOf(page, tid('error-user-roleId'))).toBe('必填');
  await shot(page, 'users-form-errors');

  await fill(page, 'input-user-account', 'staff001');
  await fill(page, 'input-user-password', 'secret12');
  await fill(page, 'input-user-confirm', 'secret12');
  await fill(page, 'input-user-totalAuthorization', '3');
  const role = await page.$eval(
    tid('input-user-roleId'),
    (el) => Array.from((el as HTMLSelectElement).options).find((o) => o.text === '坐席用户')!.value,
  );
  await page.select(tid('input-user-roleId'), role);
  await click(page, 'user-dialog-submit');
  await page.waitForSelector(tid('user-dialog'), { hidden: true });
  await page.waitForSelector(tid('user-row-staff001'));
  expect(await rowState(page, 'staff001')).toBe('启用');

  // The server's own rule lands on the same field: the name is taken, in any case.
  await click(page, 'user-add');
  await fill(page, 'input-user-account', 'STAFF001');
  await fill(page, 'input-user-realName', '重名');
  await fill(page, 'input-user-password', 'secret12');
  await fill(page, 'input-user-confirm', 'secret12');
  await page.select(tid('input-user-roleId'), role);
  await click(page, 'user-dialog-submit');
  await waitForText(page, tid('error-user-account'), '账号已存在');
  expect(await textOf(page, tid('user-dialog-error'))).toContain('账号已存在');
  await page.focus(tid('input-user-realName'));
  await page.keyboard.press('Escape');
  await page.waitForSelector(tid('user-dialog'), { hidden: true });

  // Disable and enable alone.
  await click(page, 'user-enabled-staff001');
  await waitForText(page, tid('user-state-staff001'), '停用');
  const row = await env.platform.db
    .knex('accounts')
    .where({ account: 'staff001' })
    .first('disabled', 'ai_seats');
  expect(row).toEqual({ disabled: true, ai_seats: 2 });
  await click(page, 'user-enabled-staff001');
  await waitForText(page, tid('user-state-staff001'), '启用');

  // Reset the password.
  await click(page, 'user-password-staff001');
  await fill(page, 'input-reset-password', 'another9');
  await fill(page, 'input-reset-confirm', 'another9');
  await click(page, 'password-dialog-submit');
  await page.waitForSelector(tid('password-dialog'), { hidden: true });

  // Delete: the text says what happens; nothing until delete is typed.
  await click(page, 'user-delete-staff001');
  await page.waitForSelector(tid('user-delete'));
  expect(await textOf(page, tid('user-delete'))).toContain('余额 0.00 元退回它的直接上级');
  expect(await page.$eval(tid('user-delete-submit'), (b) => (b as HTMLButtonElement).disabled)).toBe(true);
  await fill(page, 'user-delete-input', 'delete');
  await click(page, 'user-delete-submit');
  await page.waitForSelector(tid('user-row-staff001'), { hidden: true });
  expect(errors).toEqual([]);
});

it('the super administrator searches the whole tree in en', async () => {
  const page = await newPage(env.b, true);
  await page.evaluateOnNewDocument(() => localStorage.setItem('lang', 'en'));
  const errors = collectErrors(page);
  await login(page, env.platform.url, 'superadmin');
  await page.goto(env.platform.url + PAGE, { timeout: 60_000 });
  await page.waitForSelector(tid('user-row-operator01'));
  await page.waitForSelector(tid('user-row-merchant01'));
  expect(await textOf(page, tid('users-table'))).toContain('Total authorization');
  // Narrow the table to merchant01's subtree by the tree.
  const knex = env.platform.db.knex;
  const m1 = await knex('accounts').where({ account: 'merchant01' }).first('path');
  const subtree = (
    await knex('accounts').where('path', 'like', `${m1.path}%`).whereNull('deleted_at').select('account')
  )
    .map((r: { account: string }) => r.account)
    .sort();
  await click(page, 'tree-merchant01');
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid^="user-row-"]').length === n,
    {},
    subtree.length,
  );
  const shown = await page.$$eval('[data-testid^="user-row-"]', (els) =>
    els.map((e) => e.getAttribute('data-testid')!.slice('user-row-'.length)),
  );
  expect(shown.sort()).toEqual(subtree);
  await click(page, 'tree-all');
  await fill(page, 'user-search', 'operator');
  await page.waitForSelector(tid('user-row-merchant01'), { hidden: true });
  await page.waitForSelector(tid('user-row-operator01'));
  await shot(page, 'users-admin-en');
  await click(page, 'user-add');
  await click(page, 'user-dialog-submit');
  expect(await textOf(page, tid('error-user-account'))).toBe('Required');
  expect(errors).toEqual([]);
});
