// Roles in Chromium (issue 24): merchant01 in Chinese sees its own role read-only and the roles it
// made, creates one from the tree of menus it holds, is refused deleting a role an account holds (with
// the count), and deletes an unused one; the super administrator in English can grant platform menus.
import type { Page } from 'puppeteer-core';
import { menuPath } from '../domain/menus';
import { useE2eEnv } from './support/platform';
import { click, fill, login, newPage, shot, textOf, tid, waitForText } from './support/browser';

const env = useE2eEnv(120_000);
const PAGE = menuPath('system/rolesmain');

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('409')) errors.push(m.text());
  });
  return errors;
}

it('merchant01 makes and deletes roles in zh-CN', async () => {
  const page = await newPage(env.b, true);
  const errors = collectErrors(page);
  await login(page, env.platform.url, 'merchant01');
  await page.goto(env.platform.url + PAGE, { timeout: 60_000 });
  await page.waitForSelector(tid('role-row-坐席用户'));
  expect(await textOf(page, tid('role-readonly-商户'))).toBe('上级分配，只读');
  expect(await page.$(tid('role-edit-商户'))).toBeNull();

  await click(page, 'role-add');
  await page.waitForSelector(tid('role-dialog'));
  // Only menus merchant01 holds: no platform-only entry.
  expect(await page.$(tid('role-menu-systemset/clusterserver'))).toBeNull();
  await click(page, 'role-dialog-submit');
  expect(await textOf(page, tid('error-role-name'))).toBe('至少 2 个字符');
  await fill(page, 'input-role-name', '质检角色');
  await click(page, 'role-group-customers');
  await click(page, 'role-menu-crm/sea');
  await shot(page, 'roles-dialog-zh');
  await click(page, 'role-dialog-submit');
  await page.waitForSelector(tid('role-dialog'), { hidden: true });
  await waitForText(page, tid('role-menus-质检角色'), '我的客户');
  expect(await textOf(page, tid('role-menus-质检角色'))).not.toContain('客户公海');
  const saved = await env.platform.db
    .knex('role_menus as rm')
    .join('roles as r', 'r.id', 'rm.role_id')
    .where('r.name', '质检角色')
    .pluck('rm.menu_key');
  expect(saved.sort()).toEqual(['crm/dialrecord', 'crm/mycustomer', 'crm/workremain', 'system/blackset']);

  // operator01 holds 坐席用户: refused with the count.
  await click(page, 'role-delete-坐席用户');
  await fill(page, 'role-delete-input', 'delete');
  await click(page, 'role-delete-submit');
  await waitForText(page, tid('role-delete-error'), '该角色正被 1 个账号使用，不能删除');
  await page.focus(tid('role-delete-input'));
  await page.keyboard.press('Escape');
  await page.waitForSelector(tid('role-delete'), { hidden: true });

  await click(page, 'role-delete-质检角色');
  await fill(page, 'role-delete-input', 'delete');
  await click(page, 'role-delete-submit');
  await page.waitForSelector(tid('role-row-质检角色'), { hidden: true });
  await shot(page, 'roles-merchant-zh');
  expect(errors).toEqual([]);
});

it('the super administrator grants platform menus in en', async () => {
  const page = await newPage(env.b, true);
  await page.evaluateOnNewDocument(() => localStorage.setItem('lang', 'en'));
  const errors = collectErrors(page);
  await login(page, env.platform.url, 'superadmin');
  await page.goto(env.platform.url + PAGE, { timeout: 60_000 });
  await page.waitForSelector(tid('role-row-商户'));
  await click(page, 'role-add');
  await page.waitForSelector(tid('role-menu-systemset/clusterserver'));
  await click(page, 'role-dialog-submit');
  expect(await textOf(page, tid('error-role-name'))).toBe('At least 2 characters');
  await fill(page, 'input-role-name', 'Ops');
  await click(page, 'role-menu-systemset/clusterserver');
  await click(page, 'role-dialog-submit');
  await waitForText(page, tid('role-menus-Ops'), '1 menu');
  await shot(page, 'roles-admin-en');
  expect(errors).toEqual([]);
});
