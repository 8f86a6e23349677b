// The language switch: zh-CN by default, English on demand, remembered across reloads.
import { useE2eEnv } from './support/platform';
import { click, newPage, shot, submitLogin, textOf, tid, waitForText } from './support/browser';

const env = useE2eEnv(60_000);

it('switches between 中文 and English, and keeps the choice after a reload', async () => {
  const page = await newPage(env.b, true);
  await page.goto(`${env.platform.url}/login`);
  expect(await textOf(page, tid('page-title'))).toBe('账号登录');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

  await click(page, 'lang-en');
  await waitForText(page, tid('page-title'), 'Log in');
  expect(await textOf(page, tid('login-submit'))).toBe('Log in');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
  await shot(page, 'login-en');

  await page.reload();
  expect(await textOf(page, tid('page-title'))).toBe('Log in');

  // Server messages follow the language too (Accept-Language).
  await submitLogin(page, 'merchant01', 'not-the-password');
  expect(await textOf(page, tid('login-error'))).toMatch(/password/i);

  await submitLogin(page, 'merchant01');
  await page.waitForSelector(tid('sidebar'));
  expect(await textOf(page, tid('menu-dashboards/rootdashboard'))).toBe('Dashboard');
  expect(await textOf(page, tid('today'))).toContain("Today's calls");
  await shot(page, 'dashboard-en');

  await click(page, 'lang-zh-CN');
  await waitForText(page, tid('menu-dashboards/rootdashboard'), '首页');
  await page.reload();
  await page.waitForSelector(tid('sidebar'));
  expect(await textOf(page, tid('menu-crm/mycustomer'))).toBe('我的客户');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('zh-CN');
  await page.browserContext().close();
});
