// Customer exports in Chromium as merchant01: the export password (a wrong one is refused inline; the
// login password stands in until an export password is set), the download list, and the file; then
// managing tags and tag groups, and the sea settings.
import type { Page } from 'puppeteer-core';
import { DEMO_PASSWORD } from '../config/demo';
import { useE2eEnv } from './support/platform';
import { click, fill, login, newPage, shot, tid, waitForText } from './support/browser';

const env = useE2eEnv(120_000);

/** Toolbar buttons sit under the top toasts: dispatch the click on the button itself. */
async function press(page: Page, testId: string): Promise<void> {
  await page.waitForSelector(`${tid(testId)}:not([disabled])`);
  await page.$eval(tid(testId), (e) => (e as HTMLElement).click());
}

async function addCustomer(page: Page, name: string, phone: string): Promise<void> {
  await click(page, 'customer-add');
  await page.waitForSelector(tid('customer-dialog'));
  await fill(page, 'input-customer-name', name);
  await fill(page, 'input-customer-phone', phone);
  await click(page, 'customer-submit');
  await page.waitForSelector(tid('customer-dialog'), { hidden: true });
  await page.waitForSelector(`[data-phone="${phone}"]`);
}

/** The export's file, fetched with the stored session the way the client sends it. */
const fetchFile = (page: Page, exportJobId: number) =>
  page.evaluate(async (id) => {
    const raw = localStorage.getItem('user') ?? sessionStorage.getItem('user');
    const token = raw ? (JSON.parse(raw) as { token: string }).token : '';
    const res = await fetch(`/api/crm/exports/${id}/file`, {
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'include',
    });
    return { status: res.status, type: res.headers.get('Content-Type'), text: await res.text() };
  }, exportJobId);

it('exports customers behind the export password, manages tags and sets the sea', async () => {
  const page = await newPage(env.b, true);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await login(page, env.platform.url, 'merchant01');
  await click(page, 'menu-crm/mycustomer');
  await page.waitForSelector(tid('customers-empty'));
  await addCustomer(page, '导出甲', '13600000001');
  await addCustomer(page, '导出乙', '13600000002');

  await press(page, 'customer-export');
  await page.waitForSelector(tid('export-dialog'));
  await waitForText(page, tid('export-scope'), '当前筛选');
  await page.select(tid('export-format'), 'csv');
  await fill(page, 'input-export-password', 'not-the-password');
  await press(page, 'export-start');
  await page.waitForSelector(tid('error-export-password'));
  await shot(page, 'crm-export-wrong-password');

  await fill(page, 'input-export-password', DEMO_PASSWORD);
  await press(page, 'export-start');
  const row = await page.waitForSelector('[data-testid^="export-job-"]');
  const exportJobId = Number(
    (await row!.evaluate((e) => e.getAttribute('data-testid')!)).slice('export-job-'.length),
  );
  // No polling in the client: the ready notice (or the refresh button) reloads the list.
  const done = `${tid(`export-job-${exportJobId}`)}[data-status="done"]`;
  for (let i = 0; i < 30 && !(await page.$(done)); i++) {
    await press(page, 'export-refresh');
    await page.waitForSelector(done, { timeout: 1_000 }).catch(() => undefined);
  }
  await page.waitForSelector(done, { timeout: 5_000 });
  await page.waitForSelector(tid(`export-download-${exportJobId}`));
  await shot(page, 'crm-export');

  const file = await fetchFile(page, exportJobId);
  expect(file.status).toBe(200);
  expect(file.type).toContain('csv');
  expect(file.text).toContain('导出甲');
  expect(file.text).toContain('导出乙');
  await press(page, `export-download-${exportJobId}`);
  await page.keyboard.press('Escape');
  await page.waitForSelector(tid('export-dialog'), { hidden: true });

  // Manage tags: a group, a tag in it, a duplicate refused inline (409), then a delete after asking.
  await press(page, 'customer-manage-tags');
  await page.waitForSelector(tid('tag-admin-dialog'));
  await fill(page, 'tag-group-name', '来源');
  await press(page, 'tag-group-save');
  const group = await page.waitForSelector('[data-testid^="tag-admin-group-"]:not([data-testid$="-none"])');
  const groupId = Number((await group!.evaluate((e) => e.getAttribute('data-testid')!)).split('-').pop());
  await fill(page, 'tag-group-name', '来源');
  await press(page, 'tag-group-save');
  await waitForText(page, tid('error-tag-group-name'), '名称已存在');
  await fill(page, 'tag-name', '展会');
  await fill(page, 'tag-color', '#2d72d2');
  await page.select(tid('tag-group'), String(groupId));
  await press(page, 'tag-save');
  await waitForText(page, tid(`tag-admin-group-${groupId}`), '展会');
  await fill(page, 'tag-name', '临时');
  await press(page, 'tag-save');
  await waitForText(page, tid('tag-admin-group-none'), '临时');
  await shot(page, 'crm-tag-admin');
  const temp = await page.waitForSelector(`${tid('tag-admin-group-none')} [data-testid^="tag-admin-tag-"]`);
  const tempId = (await temp!.evaluate((e) => e.getAttribute('data-testid')!)).slice('tag-admin-tag-'.length);
  await press(page, `tag-admin-tag-${tempId}-delete`);
  await press(page, 'tag-admin-confirm-ok');
  await page.waitForSelector(tid(`tag-admin-tag-${tempId}`), { hidden: true });
  await page.keyboard.press('Escape');
  await page.waitForSelector(tid('tag-admin-dialog'), { hidden: true });

  // Sea settings: the merchant sets auto release and the daily claim limit; a bad limit is refused.
  await click(page, 'menu-crm/sea');
  await press(page, 'sea-settings');
  await page.waitForSelector(tid('sea-settings-dialog'));
  await page.waitForFunction(
    (sel) => (document.querySelector(sel) as HTMLInputElement | null)?.value !== '',
    {},
    tid('input-sea-dailyClaimLimit'),
  );
  await fill(page, 'input-sea-autoReleaseDays', '30');
  await fill(page, 'input-sea-dailyClaimLimit', '20000');
  await press(page, 'sea-settings-save');
  await page.waitForSelector(tid('error-sea-dailyClaimLimit'));
  await fill(page, 'input-sea-dailyClaimLimit', '25');
  await shot(page, 'crm-sea-settings');
  await press(page, 'sea-settings-save');
  await page.waitForSelector(tid('sea-settings-dialog'), { hidden: true });
  await press(page, 'sea-settings');
  await page.waitForFunction(
    (sel) => (document.querySelector(sel) as HTMLInputElement | null)?.value === '25',
    {},
    tid('input-sea-dailyClaimLimit'),
  );
  expect(await page.$eval(tid('input-sea-autoReleaseDays'), (e) => (e as HTMLInputElement).value)).toBe('30');
  expect(pageErrors).toEqual([]);
  await page.browserContext().close();
});
