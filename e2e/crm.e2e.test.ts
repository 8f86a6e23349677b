// The customer center in Chromium as merchant01: add, filter, follow up, tag, focus, release to the
// sea and claim back, a reminder, allocation, batch delete with the typed word, an import (the list
// reloads when the job is done), and the blacklist.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { useE2eEnv } from './support/platform';
import { check, click, fill, login, newPage, shot, textOf, tid, waitForText } from './support/browser';

const env = useE2eEnv(120_000);

const rowCount = (page: Page) => page.$$eval('[data-testid^="customer-row-"]', (els) => els.length);

/** The id of the row showing this phone. */
async function idOf(page: Page, phone: string): Promise<number> {
  const el = await page.waitForSelector(`[data-phone="${phone}"]`);
  const testId = await el!.evaluate((e) => e.getAttribute('data-testid')!);
  return Number(testId.slice('customer-row-'.length));
}

/** Toolbar buttons sit under the top toasts: dispatch the click on the button itself. */
async function press(page: Page, testId: string): Promise<void> {
  await page.waitForSelector(`${tid(testId)}:not([disabled])`);
  await page.$eval(tid(testId), (e) => (e as HTMLElement).click());
}

/** Sets a controlled input's value the way typing does (the date picker's text box takes yyyy-MM-ddTHH:mm). */
async function setNativeValue(page: Page, testId: string, value: string): Promise<void> {
  await page.$eval(
    tid(testId),
    (el, v) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(el, v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
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

it('runs the customer center end to end', async () => {
  const page = await newPage(env.b, true);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(m.text());
  });
  await login(page, env.platform.url, 'merchant01');
  await click(page, 'menu-crm/mycustomer');
  await page.waitForSelector(tid('customers-empty'));
  await shot(page, 'crm-empty');

  // The dialog checks the server's rules before sending.
  await click(page, 'customer-add');
  await page.waitForSelector(tid('customer-dialog'));
  await fill(page, 'input-customer-phone', '12345');
  await click(page, 'customer-submit');
  expect(await textOf(page, tid('error-customer-name'))).toBe('必填');
  expect(await textOf(page, tid('error-customer-phone'))).toBe('请输入正确的11位手机号');
  await shot(page, 'crm-dialog-invalid');
  await fill(page, 'input-customer-name', '王小明');
  await fill(page, 'input-customer-phone', '13912345678');
  await click(page, 'customer-submit');
  await page.waitForSelector(tid('customer-dialog'), { hidden: true });
  await addCustomer(page, '李四', '13700000001');
  await addCustomer(page, '赵六', '13700000002');
  const id = await idOf(page, '13912345678');
  expect(await rowCount(page)).toBe(3);

  // Filter by a phone prefix, then reset.
  await fill(page, 'filter-phone', '1391');
  await click(page, 'filter-search');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid^="customer-row-"]').length === 1);
  expect(await textOf(page, tid(`customer-row-${id}`))).toContain('王小明');
  await shot(page, 'crm-filtered');
  await click(page, 'filter-reset');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid^="customer-row-"]').length === 3);

  // The column chooser hides a column and shows it again; the density toggles.
  const headers = () => page.$$eval(`${tid('customer-table')} thead th`, (els) => els.length);
  const columns = await headers();
  await click(page, 'customer-table-columns');
  await page.waitForSelector(tid('customer-table-columns-menu'));
  await page.$eval(tid('customer-table-column-source'), (e) => (e as HTMLElement).click());
  await page.waitForFunction(
    (sel, n) => document.querySelectorAll(sel).length === n,
    {},
    `${tid('customer-table')} thead th`,
    columns - 1,
  );
  await page.$eval(tid('customer-table-column-source'), (e) => (e as HTMLElement).click());
  await page.waitForFunction(
    (sel, n) => document.querySelectorAll(sel).length === n,
    {},
    `${tid('customer-table')} thead th`,
    columns,
  );
  await page.keyboard.press('Escape');
  await page.waitForSelector(tid('customer-table-columns-menu'), { hidden: true });
  await click(page, 'customer-table-density');
  await page.waitForSelector(`${tid('customer-table-density')}[data-density="comfortable"]`);

  // A follow-up that moves the stage, seen in the drawer's timeline and on the row. A click on the row
  // (not on one of its controls) opens the drawer, as the name does.
  await click(page, `stage-${id}`);
  await page.waitForSelector(`${tid('customer-drawer')}[data-customer="${id}"]`);
  await page.select(tid('fu-stage'), '400');
  await fill(page, 'fu-details', '电话沟通，客户有兴趣');
  await click(page, 'fu-submit');
  await waitForText(page, tid('timeline'), '阶段变更：新增 → 有意向');
  await waitForText(page, tid('timeline'), '电话沟通，客户有兴趣');
  await waitForText(page, tid('drawer-stage'), '有意向');
  await waitForText(page, tid(`stage-${id}`), '有意向');

  // A reminder needs a future time: a past one is refused by the client.
  await page.$eval(`${tid('fu-recordType')} button:nth-of-type(2)`, (e) => (e as HTMLElement).click());
  await page.waitForSelector(`${tid('follow-up-form')}[data-type="0"]`);
  const local = (d: Date) =>
    new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await setNativeValue(page, 'fu-remindAt', local(new Date(Date.now() - 3_600_000)));
  await click(page, 'fu-submit');
  expect(await textOf(page, tid('error-fu-remindAt'))).toBe('提醒时间必须晚于现在');
  await setNativeValue(page, 'fu-remindAt', local(new Date(Date.now() + 86_400_000)));
  await fill(page, 'fu-details', '明天回访');
  await click(page, 'fu-submit');
  await waitForText(page, tid('timeline'), '明天回访');
  await shot(page, 'crm-drawer');
  await click(page, 'drawer-close');
  await page.waitForSelector(tid('customer-drawer'), { hidden: true });

  // Focus star.
  await click(page, `focus-${id}`);
  await page.waitForSelector(`${tid(`focus-${id}`)}[data-focus="yes"]`);

  // A new tag, assigned to the selected customer; the selection bar counts the ticked rows and clears them.
  await check(page, 'select-all');
  await page.waitForSelector(`${tid('customers-selection')}[data-count="3"]`);
  await click(page, 'customers-selection-clear');
  await page.waitForSelector(`${tid('customers-selection')}[data-scope="none"]`);
  expect(await page.$(tid('customers-selection-all-filtered'))).toBeNull();
  await check(page, `select-${id}`);
  await page.waitForSelector(`${tid('customers-selection')}[data-count="1"]`);
  await press(page, 'customer-tags');
  await page.waitForSelector(tid('tag-dialog'));
  await fill(page, 'new-tag-name', 'VIP');
  await click(page, 'new-tag-create');
  const choice = await page.waitForSelector('[data-testid^="tag-choice-"]');
  const choiceId = await choice!.evaluate((e) => e.getAttribute('data-testid')!);
  await page.$eval(`${tid(choiceId)} button:nth-of-type(2)`, (e) => (e as HTMLElement).click());
  await press(page, 'tag-submit');
  await page.waitForSelector(tid('tag-dialog'), { hidden: true });
  await waitForText(page, tid(`tags-${id}`), 'VIP');
  await shot(page, 'crm-list');

  // Release to the sea, then claim it back there.
  await press(page, 'customer-release');
  await press(page, 'release-confirm-ok');
  await page.waitForSelector(tid(`customer-row-${id}`), { hidden: true });
  await click(page, 'menu-crm/sea');
  await page.waitForSelector(tid(`sea-row-${id}`));
  expect(await textOf(page, tid(`sea-row-${id}`))).toContain('王小明');
  await check(page, `sea-select-${id}`);
  await page.waitForSelector(`${tid('sea-selection')}[data-count="1"]`);
  await shot(page, 'crm-sea');
  await press(page, 'sea-claim');
  await page.waitForSelector(tid(`sea-row-${id}`), { hidden: true });
  await page.waitForSelector(tid('sea-remaining'));
  await page.waitForSelector(tid('sea-empty'));

  // The reminder waits on the work-reminders page; mark it handled.
  await click(page, 'menu-crm/workremain');
  await page.waitForSelector(tid('reminder-table'));
  await waitForText(page, tid('reminder-table'), '明天回访');
  expect(await textOf(page, tid('reminder-table'))).toContain('王小明');
  await shot(page, 'crm-reminders');
  const handle = await page.waitForSelector('[data-testid^="handle-"]');
  await handle!.evaluate((e) => (e as HTMLElement).click());
  await page.waitForSelector(tid('reminders-empty'));

  // Back in my customers: allocate one customer evenly to the subordinate operator01.
  await click(page, 'menu-crm/mycustomer');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid^="customer-row-"]').length === 3);
  const other = await idOf(page, '13700000002');
  await check(page, `select-${other}`);
  await press(page, 'customer-allocate');
  await page.waitForSelector(tid('allocate-dialog'));
  await press(page, 'allocate-submit');
  await page.waitForSelector(tid('allocate-error'));
  await check(page, 'allocate-target-operator01');
  await shot(page, 'crm-allocate');
  await press(page, 'allocate-submit');
  await page.waitForSelector(tid('allocate-dialog'), { hidden: true });

  // Batch delete needs the typed word.
  await page.waitForSelector(tid(`customer-row-${id}`));
  await check(page, 'select-all');
  await press(page, 'customer-delete');
  await page.waitForSelector(tid('delete-dialog'));
  await fill(page, 'delete-dialog-input', 'delet');
  expect(await page.$eval(tid('delete-dialog-submit'), (e) => (e as HTMLButtonElement).disabled)).toBe(true);
  await fill(page, 'delete-dialog-input', 'delete');
  await shot(page, 'crm-delete');
  await click(page, 'delete-dialog-submit');
  await page.waitForSelector(tid('customers-empty'));

  // Import a text file of numbers; the list reloads when the job is done.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cp-crm-')), 'numbers.txt');
  fs.writeFileSync(file, '13500000001\n13500000002\n13500000002\n12345\n');
  await press(page, 'customer-import');
  await page.waitForSelector(tid('import-dialog'));
  const input = await page.waitForSelector(tid('import-file'));
  await (input as ElementHandle<HTMLInputElement>).uploadFile(file);
  // The preview of the first rows comes in above the button, as a person sees it before starting.
  await page.waitForSelector(tid('import-preview'));
  await fill(page, 'input-import-password', 'demo1234');
  await press(page, 'import-start');
  // The dialog closes once the job is started; the list reloads when it is done.
  // (The upload checks the import password and starts the job: seconds on a loaded machine.)
  await page.waitForSelector(tid('import-dialog'), { hidden: true, timeout: 60_000 });
  await page.waitForSelector('[data-phone="13500000001"]', { timeout: 60_000 });
  await shot(page, 'crm-import');
  await page.waitForSelector('[data-phone="13500000002"]');

  // The account's own blacklist: invalid lines are reported, removal asks first.
  await click(page, 'menu-system/blackset');
  await page.waitForSelector(tid('blacklist-empty'));
  await press(page, 'blacklist-add');
  await page.waitForSelector(tid('blacklist-dialog'));
  await page.type(tid('blacklist-phones'), '13912345678\n12345');
  await press(page, 'blacklist-submit');
  await waitForText(page, tid('blacklist-result'), '已添加 1 个，重复 0 个，无效 1 个');
  await page.waitForSelector(tid('blacklist-row-13912345678'));
  await shot(page, 'crm-blacklist');
  await page.keyboard.press('Escape');
  await page.waitForSelector(tid('blacklist-dialog'), { hidden: true });
  await check(page, 'blacklist-select-all');
  await page.waitForSelector(`${tid('blacklist-selection')}[data-count="1"]`);
  await press(page, 'blacklist-remove');
  await press(page, 'blacklist-remove-confirm-ok');
  await page.waitForSelector(tid('blacklist-empty'));
  expect(pageErrors).toEqual([]);
  await page.browserContext().close();
});
