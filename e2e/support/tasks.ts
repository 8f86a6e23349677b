// Steps on the AI task pages (client/src/features/tasks) shared by the e2e tests: the new-task dialog
// (with its numbers step), the detail drawer with its number import, and the start button of a row.
import type { ElementHandle, Page } from 'puppeteer-core';
import { check, click, fill, shot, tid, waitForText } from './browser';

/** Periods covering the whole day: 12:00–00:00 runs to midnight, so no minute is left out. */
export const ALL_DAY_PERIODS: [string, string][] = [
  ['00:00', '12:00'],
  ['12:00', '00:00'],
];

export interface NewTask {
  name: string;
  botId: number;
  lineId: number;
  robots?: number;
  /** Replace the form's default call periods (its two rows, in order). */
  periods?: [string, string][];
  /** Tick these weekdays on top of the form's default Monday–Friday. */
  extraWeekdays?: number[];
  /** yyyy-MM-dd instead of today. */
  startDate?: string;
  /** Fill the dialog but leave it open, unsaved (the caller checks it, then presses task-save). */
  keepOpen?: boolean;
  /** Numbers pasted in the dialog's numbers step (one per line), previewed before saving. */
  paste?: string;
  /** Screenshot of the filled dialog. */
  shotName?: string;
}

/** Sets a controlled input's value the way typing does (time inputs have no plain text to type). */
export async function setInputValue(page: Page, testId: string, value: string): Promise<void> {
  await page.waitForSelector(tid(testId));
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

/** Sets a 24-hour time picker (client/src/ui/TimeField) to HH:mm: each box is typed, then left. */
export async function setTime(page: Page, testId: string, hhmm: string): Promise<void> {
  const [h, m] = hhmm.split(':');
  for (const [box, v] of [
    ['hour', h],
    ['minute', m],
  ] as const) {
    await page.waitForSelector(tid(`${testId}-${box}`));
    await page.$eval(
      tid(`${testId}-${box}`),
      (el, text) => {
        const input = el as HTMLInputElement;
        input.focus();
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.blur();
      },
      v ?? '',
    );
  }
  await page.waitForSelector(`${tid(testId)}[data-value="${hhmm}"]`);
}

/** Creates a task through the dialog on the tasks page and waits for its row (not started). */
export async function createTask(page: Page, t: NewTask): Promise<void> {
  await click(page, 'task-new');
  await page.waitForSelector(tid('task-dialog'));
  await fill(page, 'task-name', t.name);
  await page.waitForSelector(`${tid('task-bot')} option[value="${t.botId}"]`);
  await page.select(tid('task-bot'), String(t.botId));
  await page.waitForSelector(`${tid('task-line')} option[value="${t.lineId}"]`);
  await page.select(tid('task-line'), String(t.lineId));
  if (t.robots !== undefined) await fill(page, 'task-robots', String(t.robots));
  for (const [i, [start, end]] of (t.periods ?? []).entries()) {
    await setTime(page, `task-periods-start-${i}`, start);
    await setTime(page, `task-periods-end-${i}`, end);
  }
  for (const d of t.extraWeekdays ?? []) await check(page, `task-weekdays-${d}`);
  if (t.startDate) await setInputValue(page, 'task-startDate', t.startDate);
  if (t.paste !== undefined) {
    await check(page, 'numbers-source-text');
    await fill(page, 'numbers-paste', t.paste);
    await click(page, 'numbers-preview-button');
    await page.waitForSelector(tid('numbers-preview'));
  }
  if (t.shotName) await shot(page, t.shotName);
  if (t.keepOpen) return;
  await click(page, 'task-save');
  await page.waitForSelector(tid('task-dialog'), { hidden: true });
  await waitForText(page, tid(`task-status-${t.name}`), '未开始');
}

export async function openTaskDrawer(page: Page, name: string): Promise<void> {
  await click(page, `task-open-${name}`);
  await page.waitForSelector(tid('task-drawer'));
}

export async function closeTaskDrawer(page: Page): Promise<void> {
  await click(page, 'task-drawer-close');
  await page.waitForSelector(tid('task-drawer'), { hidden: true });
}

/** Uploads a txt/csv/xls/xlsx of numbers in the open drawer, adds them and waits for the result. */
export async function uploadNumbers(page: Page, file: string): Promise<void> {
  await check(page, 'numbers-source-file');
  const input = (await page.waitForSelector(tid('numbers-upload'))) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(file);
  await page.waitForSelector(`${tid('numbers-add')}:not([disabled])`);
  await click(page, 'numbers-add');
  await page.waitForSelector(tid('numbers-add-result'));
}

/** Presses the row's start button; the task leaves "not started" (queued, or running already). */
export async function startTask(page: Page, name: string): Promise<void> {
  await click(page, `task-start-${name}`);
  await waitForText(page, tid(`task-status-${name}`), /排队中|进行中/);
}
