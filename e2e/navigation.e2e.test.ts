// Routing: redirects, the 404 page and its way home, bare child paths, permissions, unbuilt areas;
// the side bar and the page headers (issue 23).
import type { Page } from 'puppeteer-core';
import { until } from '../test/until';
import { useE2eEnv } from './support/platform';
import { click, fill, login, newPage, shot, textOf, tid, waitForPath } from './support/browser';

const env = useE2eEnv(120_000);

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

// Issue 23: the side bar in groups with icons, search and an icon-only mode; one label per menu for
// the side bar, the page header's title and its breadcrumbs; no side-bar entry leads to a page that
// is not built nor to one with a native date or time input; the pledge the login form asks for can
// be read.

type Lang = 'zh-CN' | 'en';
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

async function shellIn(lang: Lang, viewport: { width: number; height: number }, account = 'superadmin') {
  const page = await newPage(env.b, true);
  await page.setViewport(viewport);
  await page.evaluateOnNewDocument((l) => localStorage.setItem('lang', l), lang);
  await login(page, env.platform.url, account);
  return page;
}

/** The browser's own date and time inputs, which the pages must not use. */
const NATIVE_DATE_INPUTS =
  'input[type="date"], input[type="datetime-local"], input[type="time"], input[type="month"], input[type="week"]';

/** How many lines an element's text takes. */
const textLines = (page: Page, selector: string): Promise<number> =>
  page.$eval(selector, (e) => {
    const r = document.createRange();
    r.selectNodeContents(e);
    return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size;
  });

const entryKeys = (page: Page): Promise<string[]> =>
  page.$$eval(`${tid('sidebar')} [data-testid^="menu-"]`, (els) =>
    els.map((e) => e.getAttribute('data-testid')!.slice('menu-'.length)),
  );

describe.each(['zh-CN', 'en'] as const)('side bar in %s', (lang) => {
  // Every page is opened at the smaller size; at the larger one the side bar alone is checked (the
  // pages' own layout at both sizes is tables.e2e's): four passes through every page took 2 minutes.
  it(`every entry opens a built page titled with its label (${VIEWPORTS[0].width}×${VIEWPORTS[0].height})`, async () => {
    const vp = VIEWPORTS[0];
    const page = await shellIn(lang, vp);
    const keys = await entryKeys(page);
    expect(keys.length).toBeGreaterThan(15);
    expect(keys).not.toContain('sms/smsmain'); // not built: hidden, not a dead end
    const groups = await page.$$eval('[data-testid^="navgroup-"]', (els) =>
      els.map((e) => e.textContent!.trim()),
    );
    for (const g of groups) expect(g).not.toMatch(/侧边栏|side bar/i);
    for (const key of keys) {
      const label = await textOf(page, tid(`menu-${key}`));
      // Every entry has its icon.
      expect({ key, icon: !!(await page.$(`${tid(`menu-${key}`)} .bp6-icon svg`)) }).toEqual({
        key,
        icon: true,
      });
      await click(page, `menu-${key}`);
      await waitForPath(page, `/rootmain/${key}`);
      await page.waitForSelector(`${tid('page-header')}[data-menu="${key}"]`);
      expect({ key, title: await textOf(page, tid('page-header-title')) }).toEqual({ key, title: label });
      // The breadcrumbs are group › the same label; 首页 has none (no "首页 › 首页").
      const crumbs = await page.$$eval(`${tid('page-crumbs')} li`, (els) =>
        els.map((e) => e.textContent!.trim()),
      );
      if (key === 'dashboards/rootdashboard') expect(crumbs).toEqual([]);
      else expect({ key, crumbs }).toEqual({ key, crumbs: [expect.any(String), label] });
      expect(crumbs[0]).not.toBe(label);
      expect(await page.$(tid('not-available'))).toBeNull();
      // Dates and times are the 24-hour pickers, never the browser's own inputs (mm/dd/yyyy, AM/PM).
      expect({ key, native: await page.$$eval(NATIVE_DATE_INPUTS, (els) => els.length) }).toEqual({
        key,
        native: 0,
      });
      // The balance figure ("0.00 ×10k yuan") keeps to one line.
      if (key === 'dashboards/rootdashboard') {
        await page.waitForSelector(tid('dash-balance'));
        expect(await textLines(page, tid('dash-balance'))).toBe(1);
      }
      // The entry is visible in the side bar at this size (scrolled into view if need be).
      const box = await (await page.$(tid(`menu-${key}`)))!.boundingBox();
      expect(box && box.width > 0).toBe(true);
    }
    await shot(page, `sidebar-${lang}-${vp.width}`);
    await page.browserContext().close();
  }, 300_000); // ~30 pages, each loaded lazily

  it(`every entry is in the side bar with its icon (${VIEWPORTS[1].width}×${VIEWPORTS[1].height})`, async () => {
    const vp = VIEWPORTS[1];
    const page = await shellIn(lang, vp);
    const keys = await entryKeys(page);
    expect(keys.length).toBeGreaterThan(15);
    for (const key of keys) {
      expect({ key, icon: !!(await page.$(`${tid(`menu-${key}`)} .bp6-icon svg`)) }).toEqual({
        key,
        icon: true,
      });
      const box = await (await page.$(tid(`menu-${key}`)))!.boundingBox();
      expect(box && box.width > 0).toBe(true);
    }
    await shot(page, `sidebar-${lang}-${vp.width}`);
    await page.browserContext().close();
  });
});

it('the menu search filters as you type, in both languages; Enter opens the first match', async () => {
  const page = await shellIn('zh-CN', VIEWPORTS[0]);
  await fill(page, 'sidebar-search', '黑名单');
  await until(async () => (await entryKeys(page)).join() === 'dialcenter/callblackmanage,system/blackset');
  await fill(page, 'sidebar-search', 'AI task'); // the English name finds it in the Chinese UI
  await until(async () => (await entryKeys(page)).join() === 'dialcenter/singletask');
  await shot(page, 'sidebar-search');
  await page.keyboard.press('Enter');
  await waitForPath(page, '/rootmain/dialcenter/singletask');
  await fill(page, 'sidebar-search', 'zzzz');
  await page.waitForSelector(tid('sidebar-no-match'));
  expect(await entryKeys(page)).toEqual([]);
  await click(page, 'sidebar-search-clear');
  await until(async () => (await entryKeys(page)).length > 15);
  await page.browserContext().close();
});

it('groups fold and the icon-only mode is remembered after a reload', async () => {
  const page = await shellIn('en', VIEWPORTS[0]);
  await click(page, 'navgroup-bots');
  await until(async () => !(await entryKeys(page)).includes('bot/botview'));
  expect(await page.$eval(tid('navgroup-bots'), (e) => e.getAttribute('aria-expanded'))).toBe('false');

  await click(page, 'sidebar-collapse');
  await page.waitForSelector(`${tid('sidebar')}[data-collapsed="yes"]`);
  const narrow = await page.$eval(tid('sidebar'), (e) => e.getBoundingClientRect().width);
  expect(narrow).toBeLessThan(80);
  // Icons only: no text, the label as a tooltip and for screen readers; every entry still there.
  expect(await textOf(page, tid('menu-crm/mycustomer'))).toBe('');
  expect(await page.$eval(tid('menu-crm/mycustomer'), (e) => e.getAttribute('aria-label'))).toBe(
    'My customers',
  );
  expect(await entryKeys(page)).toContain('bot/botview');
  expect(await page.$(tid('sidebar-search'))).toBeNull();
  await shot(page, 'sidebar-collapsed');
  await click(page, 'menu-crm/sea');
  await waitForPath(page, '/rootmain/crm/sea');

  await page.reload();
  await page.waitForSelector(`${tid('sidebar')}[data-collapsed="yes"]`);
  await click(page, 'sidebar-collapse');
  await page.waitForSelector(`${tid('sidebar')}[data-collapsed="no"]`);
  expect(await page.$eval(tid('sidebar'), (e) => e.getBoundingClientRect().width)).toBeGreaterThan(150);
  // The folded group stayed folded; opening it again brings its entries back.
  expect(await entryKeys(page)).not.toContain('bot/botview');
  await click(page, 'navgroup-bots');
  await page.waitForSelector(tid('menu-bot/botview'));
  await page.browserContext().close();
});

it('a page under a menu names it in its breadcrumbs; a merchant sees only built pages it holds', async () => {
  const page = await shellIn('zh-CN', VIEWPORTS[0], 'merchant01');
  const keys = await entryKeys(page);
  expect(keys).toEqual(expect.arrayContaining(['crm/mycustomer', 'dialcenter/singletask']));
  expect(keys).not.toContain('systemset/clusterserver');
  expect(keys).not.toContain('sms/smsmain');
  await page.goto(`${env.platform.url}/rootmain/crm/sea`);
  await page.waitForSelector(`${tid('page-header')}[data-menu="crm/sea"]`);
  expect(await textOf(page, tid('page-crumbs'))).toMatch(/^客户\s*客户公海$/);
  await page.goto(`${env.platform.url}/rootmain/dashboards/rootdashboard`);
  await page.waitForSelector(`${tid('page-header')}[data-menu="dashboards/rootdashboard"]`);
  expect(await page.$(tid('page-crumbs'))).toBeNull();
  // A page under a menu: group › menu (a link back) › the page.
  await page.goto(`${env.platform.url}/rootmain/mymain/main/seatdesk`);
  await page.waitForSelector(tid('crumb-detail'));
  expect(await textOf(page, tid('page-crumbs'))).toMatch(/^设置\s*个人中心\s*坐席工作台$/);
  await page.click(`${tid('crumb-page')} a`);
  await waitForPath(page, '/rootmain/mymain/main');
  await page.browserContext().close();
});

describe.each(['zh-CN', 'en'] as const)('the pledge in %s', (lang) => {
  it.each(['login', 'register'])(
    'opens from the %s form without ticking the box; agree ticks it',
    async (form) => {
      const page = await newPage(env.b, true);
      await page.setViewport(VIEWPORTS[0]);
      await page.evaluateOnNewDocument((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${env.platform.url}/${form}`);
      await click(page, 'pledge-open');
      const text = await textOf(page, tid('pledge-dialog'));
      expect(text).toContain(lang === 'en' ? 'Personal Information Protection Law' : '个人信息保护法');
      expect(text.length).toBeGreaterThan(200);
      expect(await page.$eval(tid('pledge'), (e) => (e as HTMLInputElement).checked)).toBe(false);
      await shot(page, `pledge-${form}-${lang}`);
      await click(page, 'pledge-agree');
      await page.waitForFunction(() => !document.querySelector('[data-testid="pledge-dialog"]'));
      expect(await page.$eval(tid('pledge'), (e) => (e as HTMLInputElement).checked)).toBe(true);
      await page.browserContext().close();
    },
  );
});
