// Chromium for the end-to-end tests: puppeteer-core on the system browser, a fresh profile per run,
// and small helpers that wait for elements by data-testid (never fixed sleeps).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { DEMO_PASSWORD } from '../../config/demo';

export const SCREENSHOTS = path.resolve(__dirname, '..', '..', 'artifacts', 'screenshots');

export interface TestBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * fakeMedia false: no fake microphone (getUserMedia fails), for the tests of a seat without one.
 * args: more Chromium switches (e.g. --allow-loopback-in-peer-connection for WebRTC to a local switch).
 */
export async function launchBrowser(
  opts: { fakeMedia?: boolean; args?: string[] } = {},
): Promise<TestBrowser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-e2e-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    userDataDir,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Media tests (environment check, softphone): a fake microphone/camera and no permission prompt.
      ...(opts.fakeMedia === false
        ? []
        : ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']),
      ...(opts.args ?? []),
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** A page in its own context (own storage and cookies), so several users can be logged in at once. */
export async function newPage(b: TestBrowser, isolated = false): Promise<Page> {
  const ctx: BrowserContext = isolated
    ? await b.browser.createBrowserContext()
    : b.browser.defaultBrowserContext();
  const page = await ctx.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  page.setDefaultTimeout(15_000);
  return page;
}

export const tid = (id: string): string => `[data-testid="${id}"]`;

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) as `${string}.png` });
}

/** The element's text, once it is in the page (not `visible`: CJK-only text has no width without a font). */
export async function textOf(page: Page, selector: string): Promise<string> {
  const el = await page.waitForSelector(selector);
  return (await el!.evaluate((e) => (e as HTMLElement).innerText)).trim();
}

/** Waits until the element's text satisfies the check (text changes after language switches, live data…). */
export async function waitForText(page: Page, selector: string, expected: string | RegExp): Promise<void> {
  const source = expected instanceof RegExp ? expected.source : null;
  const literal = typeof expected === 'string' ? expected : null;
  await page.waitForFunction(
    (sel, src, lit) => {
      const t = (document.querySelector(sel) as HTMLElement | null)?.innerText ?? '';
      return src !== null ? new RegExp(src).test(t) : t.includes(lit!);
    },
    {},
    selector,
    source,
    literal,
  );
}

export const waitForPath = (page: Page, pathname: string): Promise<unknown> =>
  page.waitForFunction((p) => location.pathname === p, {}, pathname);

/** Ticks a checkbox (once). Blueprint hides the real input; a DOM click is what a label click does. */
export async function check(page: Page, testId: string): Promise<void> {
  await page.waitForSelector(tid(testId));
  await page.$eval(tid(testId), (el) => {
    if (!(el as HTMLInputElement).checked) (el as HTMLInputElement).click();
  });
}

/**
 * A real mouse click (locators wait until the element is visible and stable). Without a CJK font
 * (bare CI images) Chinese-only text has zero width and cannot be hit by the mouse; then the click
 * is dispatched on the element itself, which is what React handles either way.
 */
export async function click(page: Page, testId: string): Promise<void> {
  const el = await page.waitForSelector(tid(testId));
  const box = await el!.boundingBox();
  if (box && box.width > 0 && box.height > 0) await page.locator(tid(testId)).click();
  else await el!.evaluate((e) => (e as HTMLElement).click());
}

export async function fill(page: Page, testId: string, value: string): Promise<void> {
  const sel = tid(testId);
  // As a person does: typing waits until the field takes input (a form busy with the last request
  // disables it, and typing into a disabled field is lost).
  await page.waitForSelector(`${sel}:not([disabled])`, { visible: true });
  await page.$eval(sel, (el) => (el as HTMLInputElement).select());
  await page.type(sel, value);
}

export async function submitLogin(page: Page, account: string, password = DEMO_PASSWORD): Promise<void> {
  await fill(page, 'input-account', account);
  await fill(page, 'input-password', password);
  await check(page, 'pledge');
  await click(page, 'login-submit');
}

/** Logs in through the form and waits for the shell with the side bar. */
export async function login(
  page: Page,
  baseUrl: string,
  account: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, account, password);
  await page.waitForSelector(tid('sidebar'));
}

/** Menu keys the side bar shows, in order. */
export const sideBarKeys = (page: Page): Promise<string[]> =>
  page.$$eval('[data-testid^="menu-"]', (els) =>
    els.map((e) => e.getAttribute('data-testid')!.slice('menu-'.length)).filter((k) => k.includes('/')),
  );
