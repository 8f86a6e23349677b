// Logging in as each demo level shows that level's side bar; bad logins are refused with a message.
import { DEMO_ACCOUNTS } from '../config/demo';
import { DEFAULT_MERCHANT_MENUS, DEFAULT_USER_MENUS, MENU_KEYS } from '../domain/menus';
import { useE2eEnv } from './support/platform';
import {
  check,
  click,
  fill,
  login,
  newPage,
  shot,
  sideBarKeys,
  submitLogin,
  textOf,
  tid,
  waitForPath,
} from './support/browser';

const env = useE2eEnv(60_000);

const expected: Record<string, readonly string[]> = {
  superadmin: MENU_KEYS,
  merchant01: DEFAULT_MERCHANT_MENUS,
  operator01: DEFAULT_USER_MENUS,
};

describe.each(DEMO_ACCOUNTS.map((a) => a.account))('demo login %s', (account) => {
  it('lands on the dashboard with exactly its menus', async () => {
    const page = await newPage(env.b, true);
    await login(page, env.platform.url, account);
    await waitForPath(page, '/rootmain/dashboards/rootdashboard');
    // The side bar lists the granted menus whose pages are built (navigation.e2e: none is a dead end).
    const keys = await sideBarKeys(page);
    expect(keys.filter((k) => !expected[account]!.includes(k))).toEqual([]);
    expect(keys).toEqual(
      expect.arrayContaining(['dashboards/rootdashboard', 'crm/mycustomer', 'bot/botview']),
    );
    expect(keys).not.toContain('sms/smsmain');
    if (account === 'superadmin') expect(keys).toContain('systemset/clusterserver');
    else expect(keys).not.toContain('systemset/clusterserver');
    // Real figures from GET /api/dashboard/summary; the rest says it comes later.
    expect(await textOf(page, tid('dash-balance'))).toMatch(/^-?\d+\.\d{2}(万|亿) 元$/);
    expect(await textOf(page, tid('dash-lines'))).toMatch(/^\d+$/);
    expect(await textOf(page, tid('user-menu'))).toBe(account);
    await shot(page, `dashboard-${account}`);
    await page.browserContext().close();
  });
});

it('renders under the Content-Security-Policy without a violation, and it blocks inline script (issue 21)', async () => {
  const page = await newPage(env.b, true);
  type Probe = { __csp: string[]; __inline?: number };
  await page.evaluateOnNewDocument(() => {
    (window as unknown as Probe).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as Probe).__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const res = await page.goto(`${env.platform.url}/login`);
  expect(res!.headers()['content-security-policy']).toContain("script-src 'self'");
  await submitLogin(page, 'superadmin');
  await page.waitForSelector(tid('sidebar'));
  await waitForPath(page, '/rootmain/dashboards/rootdashboard');
  await page.waitForSelector(tid('dash-balance'));
  // Blueprint's popovers position themselves with inline styles: open one.
  await page.click(tid('user-menu'));
  await new Promise((r) => setTimeout(r, 300));
  expect(await page.evaluate(() => (window as unknown as Probe).__csp)).toEqual([]);
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inline = 1';
    document.body.appendChild(s);
    return (window as unknown as Probe).__inline === 1;
  });
  expect(ran).toBe(false);
  await shot(page, 'csp-dashboard');
  await page.browserContext().close();
});

it('refuses a wrong password with the server message', async () => {
  const page = await newPage(env.b, true);
  await page.goto(`${env.platform.url}/login`);
  await page.waitForSelector(tid('login-page'));
  await shot(page, 'login');
  await submitLogin(page, 'merchant01', 'wrong-password');
  expect(await textOf(page, tid('login-error'))).toBe('账号或密码错误');
  expect(new URL(page.url()).pathname).toBe('/login');
  await shot(page, 'login-wrong-password');
  await page.browserContext().close();
});

it('asks for the security pledge before sending anything', async () => {
  const page = await newPage(env.b, true);
  await page.goto(`${env.platform.url}/login`);
  await fill(page, 'input-account', 'merchant01');
  await fill(page, 'input-password', 'demo1234');
  await click(page, 'login-submit');
  expect(await textOf(page, tid('pledge-error'))).toBe('请先阅读并勾选信息安全承诺书');
  await check(page, 'pledge');
  await click(page, 'login-submit');
  await page.waitForSelector(tid('sidebar'));
  await page.browserContext().close();
});

it('shows WeChat QR login as not available yet', async () => {
  const page = await newPage(env.b, true);
  await page.goto(`${env.platform.url}/login`);
  await click(page, 'wechat-login');
  expect(await textOf(page, tid('wechat-not-available'))).toContain('暂未开放');
  await page.browserContext().close();
});
