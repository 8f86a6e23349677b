// The bot editor's global handling, training chat and batch test in Chromium: merchant01 creates a
// bot, sees the global handling defaults in the settings, asks the training chat not to be called
// again (acts, opt-out, grade facts), uploads a 2-line file of test conversations under the chat and
// sees the summary and the table (a bad line in red with its number).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { useE2eEnv } from './support/platform';
import { click, fill, login, newPage, shot, textOf, tid, waitForText } from './support/browser';

const env = useE2eEnv(120_000);

/** Buttons may sit under the top toasts: dispatch the click on the element itself. */
async function press(page: Page, testId: string): Promise<void> {
  await page.waitForSelector(`${tid(testId)}:not([disabled])`);
  await page.$eval(tid(testId), (e) => (e as HTMLElement).click());
}

async function tab(page: Page, id: string): Promise<void> {
  await press(page, `tab-${id}`);
  await page.waitForSelector(`[role="tab"][data-tab-id="${id}"][aria-selected="true"]`);
}

it('shows the global handling, the opt-out in training and the graded table of a batch test', async () => {
  const page = await newPage(env.b, true);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await login(page, env.platform.url, 'merchant01');
  await click(page, 'menu-bot/botview');
  await page.waitForSelector(tid('bots-page'));
  await press(page, 'bots-new');
  await page.waitForSelector(tid('bot-dialog'));
  await fill(page, 'bot-name', '批量测试机器人');
  await fill(page, 'bot-industry', '金融');
  await press(page, 'bot-dialog-submit');
  await page.waitForSelector(tid('bot-editor'));

  // A new bot's document has the global handling defaults: every handler on, with its help line.
  await tab(page, 'settings');
  await page.waitForSelector(tid('global-handling'));
  expect(await page.$eval(tid('global-optOut-enabled'), (e) => (e as HTMLInputElement).checked)).toBe(true);
  expect(await textOf(page, tid('global-optOut-help'))).toContain('黑名单');
  expect(await page.$eval(tid('global-disclosure'), (e) => (e as HTMLInputElement).value)).toBe('');
  await shot(page, 'bots-global');

  // The training chat: a request not to be called again shows the acts read in the customer's line,
  // the opt-out (training writes no blacklist) and the facts the grade rests on.
  await tab(page, 'training');
  await press(page, 'training-start');
  await waitForText(page, tid('chat-lines'), '您好，请问现在方便说话吗？');
  await fill(page, 'training-input', '别再给我打电话了，我要投诉');
  await press(page, 'training-send');
  await page.waitForSelector(`${tid('training-chat')}[data-state="ended"]`);
  await page.waitForSelector('[data-testid^="chat-acts-"] [data-act="complaint"]');
  await page.waitForSelector('[data-kind="optOut"]');
  expect(await textOf(page, '[data-kind="optOut"] [data-testid="chat-note"]')).toBe('训练不会写入黑名单');
  expect((await textOf(page, tid('training-grade-facts'))).length).toBeGreaterThan(0);
  await shot(page, 'bots-training-optout');

  await page.waitForSelector(tid('batch-test'));
  expect(await textOf(page, tid('batch-example-line'))).toContain('"turns"');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cp-batch-')), 'cases.jsonl');
  fs.writeFileSync(file, `${JSON.stringify({ turns: ['可以'], expect: 'A' })}\n{"turns": [\n`);
  const input = (await page.waitForSelector(tid('batch-file'))) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(file);
  await press(page, 'batch-upload');
  await page.waitForSelector(tid('batch-table'));
  await waitForText(page, tid('batch-summary'), /共 2 条（1 条有期望）/);
  await page.waitForSelector(`${tid('batch-row-1')}[data-exact]`);
  expect(await textOf(page, tid('batch-got-1'))).toMatch(/^([A-F]|\d+)$/);
  expect(await textOf(page, tid('batch-replies-1'))).toMatch(/机器人话术/);
  // The bad line: its number and the parser's reason, in red.
  expect(await textOf(page, tid('batch-reason-2'))).toContain('第2行');
  expect(await page.$eval(tid('batch-reason-2'), (e) => e.className)).toContain('cp-bots-error');
  await shot(page, 'bots-batch');
  expect(pageErrors).toEqual([]);
});
