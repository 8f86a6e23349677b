// Routing: redirects, the 404 page and its way home, bare child paths, permissions, unbuilt areas.
import { useE2eEnv } from './support/platform';
import { click, login, newPage, shot, textOf, tid, waitForPath } from './support/browser';

const env = useE2eEnv(60_000);

const pathOf = (url: string) => new URL(url).pathname;

it('logged out: / goes to /login, unknown paths to the 404 page whose back-home goes to /login', async () => {
  const page = await newPage(env.b, true);
  await page.goto(`${env.platform.url}/`);
  await page.waitForSelector(tid('login-page'));
  expect(pathOf(page.url())).toBe('/login');

  await page.goto(`${env.platform.url}/no/such/page`);
  await page.waitForSelector(tid('not-found-page'));
  expect(pathOf(page.url())).toBe('/error404');
  expect(await textOf(page, tid('not-found-page'))).toContain('404');
  await shot(page, 'error404');
  await click(page, 'back-home');
  await page.waitForSelector(tid('login-page'));

  // The shell needs a session.
  await page.goto(`${env.platform.url}/rootmain/crm/mycustomer`);
  await page.waitForSelector(tid('login-page'));

  await page.goto(`${env.platform.url}/wxscan`);
  expect(await textOf(page, tid('not-available'))).toContain('暂未开放');
  await shot(page, 'wxscan');
  await page.goto(`${env.platform.url}/wxChat.html`);
  await page.waitForSelector(`${tid('wechat-chat-page')} ${tid('not-available')}`);
  await page.browserContext().close();
});

it('logged in: bare paths, /rootmain, 404 back-home, forbidden and not-yet-built pages', async () => {
  const page = await newPage(env.b, true);
  await login(page, env.platform.url, 'operator01');

  await page.goto(`${env.platform.url}/sms/smsmain`);
  await waitForPath(page, '/rootmain/sms/smsmain');
  expect(await textOf(page, tid('not-available'))).toContain('短信管理');
  await shot(page, 'not-available');

  await page.goto(`${env.platform.url}/rootmain`);
  await waitForPath(page, '/rootmain/dashboards/rootdashboard');
  await page.waitForSelector(tid('dashboard-page'));

  // operator01 does not hold the cluster menu: a 403 panel, no side-bar entry.
  await page.goto(`${env.platform.url}/rootmain/systemset/clusterserver`);
  expect(await textOf(page, tid('forbidden'))).toContain('集群服务器');
  expect(await page.$(tid('menu-systemset/clusterserver'))).toBeNull();
  await shot(page, 'forbidden');

  await page.goto(`${env.platform.url}/rootmain/nope`);
  await page.waitForSelector(tid('not-found-page'));
  await click(page, 'back-home');
  await waitForPath(page, '/rootmain/dashboards/rootdashboard');

  // Side-bar navigation stays in the app (no reload): the same page object keeps its state.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await click(page, 'menu-crm/sea');
  await waitForPath(page, '/rootmain/crm/sea');
  await page.waitForSelector(tid('sea-page'));
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await page.browserContext().close();
});
