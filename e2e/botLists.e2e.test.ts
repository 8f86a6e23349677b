// The bot lists on the shared DataTable in Chromium: merchant01 adds, edits and deletes a common
// knowledge question; learns a customer sentence (seeded as the server stores them) in a bot's
// learning tab; sees one recording row per prompt and the error of a bad upload; then the learning
// table's column titles in English.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import type { BotDefinition } from '../domain/bot/definition';
import { listPrompts } from '../domain/bot/prompts';
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

/** Row test ids of a table, e.g. `common-12` (the table's own id is not a row). */
const rowIds = (page: Page, table: string, prefix: string): Promise<string[]> =>
  page.$$eval(`${tid(table)} tbody tr[data-testid^="${prefix}"]`, (els) =>
    els.map((e) => e.getAttribute('data-testid')!),
  );

/** A sentence the bot did not understand in a call, stored as the learning module stores it. */
async function seedUnlearned(botId: number, sentence: string): Promise<number> {
  const db = env.platform.db.knex;
  const bot = await db('bots').where({ id: botId }).first<{ account_id: string }>('account_id');
  const [row] = await db('bot_learning')
    .insert({ bot_id: botId, account_id: bot!.account_id, sentence, source: 'call', node_name: '开场白' })
    .returning<{ id: string }[]>('id');
  return Number(row!.id);
}

it('edits common knowledge, learns a sentence and lists the recordings of a bot', async () => {
  const page = await newPage(env.b, true);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await login(page, env.platform.url, 'merchant01');

  // Common knowledge: new question through the form, in the table, renamed, deleted.
  await click(page, 'menu-bot/commonknow');
  await page.waitForSelector(tid('common-page'));
  await page.waitForSelector(tid('common-empty'));
  await press(page, 'common-new');
  await page.waitForSelector(tid('question-form'));
  await fill(page, 'q-title', '营业时间');
  await fill(page, 'q-keywords', '几点上班,营业时间');
  await fill(page, 'q-answers-0', '我们每天九点到下午六点营业。');
  await press(page, 'common-save');
  await page.waitForSelector(tid('question-form'), { hidden: true });
  await page.waitForSelector(tid('common-table'));
  const rows = await rowIds(page, 'common-table', 'common-');
  expect(rows).toHaveLength(1);
  const commonId = rows[0]!.slice('common-'.length);
  expect(await textOf(page, tid(`common-${commonId}`))).toContain('营业时间');
  expect(await textOf(page, tid(`common-${commonId}`))).toContain('几点上班, 营业时间');
  await shot(page, 'bot-lists-common');

  await press(page, `common-edit-${commonId}`);
  await page.waitForSelector(tid('question-form'));
  expect(await page.$eval(tid('q-title'), (e) => (e as HTMLInputElement).value)).toBe('营业时间');
  await fill(page, 'q-title', '上班时间');
  await press(page, 'common-save');
  await page.waitForSelector(tid('question-form'), { hidden: true });
  await waitForText(page, tid(`common-${commonId}`), '上班时间');
  expect(await rowIds(page, 'common-table', 'common-')).toEqual([`common-${commonId}`]);

  await press(page, `common-remove-${commonId}`);
  expect(await textOf(page, tid('common-delete'))).toContain('上班时间');
  await press(page, 'common-delete-ok');
  await page.waitForSelector(tid('common-empty'));
  await page.waitForSelector(tid('common-table'), { hidden: true });
  const left = await env.platform.db
    .knex('common_knowledge')
    .where({ id: Number(commonId) })
    .first();
  expect(left).toBeUndefined();

  // A bot with one sentence to learn.
  await click(page, 'menu-bot/botview');
  await page.waitForSelector(tid('bots-page'));
  await press(page, 'bots-new');
  await page.waitForSelector(tid('bot-dialog'));
  await fill(page, 'bot-name', '列表测试机器人');
  await fill(page, 'bot-industry', '金融');
  await press(page, 'bot-dialog-submit');
  await page.waitForSelector(tid('bot-editor'));
  const botId = Number(await page.$eval(tid('bot-editor'), (e) => e.getAttribute('data-bot')));
  expect(botId).toBeGreaterThan(0);
  const lid = await seedUnlearned(botId, '你们是哪家公司');

  await tab(page, 'learning');
  await page.waitForSelector(tid('learning-table'));
  expect(await rowIds(page, 'learning-table', 'learning-')).toEqual([`learning-${lid}`]);
  expect(await textOf(page, tid(`learning-${lid}`))).toContain('你们是哪家公司');
  expect(await textOf(page, tid(`learning-${lid}`))).toContain('通话');
  await shot(page, 'bot-lists-learning');
  const target = await page.$eval(
    tid(`learning-pick-${lid}`),
    (e) => [...(e as HTMLSelectElement).options].map((o) => o.value).find((v) => v !== '') ?? '',
  );
  expect(target).not.toBe('');
  await page.select(tid(`learning-pick-${lid}`), target);
  await page.waitForSelector(tid('learning-empty'));
  await page.waitForSelector(tid(`learning-${lid}`), { hidden: true });
  const learned = await env.platform.db.knex('bot_learning').where({ id: lid }).first<{ learned: boolean }>();
  expect(learned!.learned).toBe(true);

  // Recordings: one row per prompt of the draft; a text file named .wav is refused with a message.
  await tab(page, 'recording');
  await page.waitForSelector(tid('recording-table'));
  const bot = await env.platform.db
    .knex('bots')
    .where({ id: botId })
    .first<{ draft: BotDefinition }>('draft');
  const keys = listPrompts(bot!.draft).map((p) => `recording-row-${p.promptKey}`);
  expect(keys.length).toBeGreaterThan(0);
  expect(await rowIds(page, 'recording-table', 'recording-row-')).toEqual(keys);
  expect(await page.$(tid('recording-error'))).toBeNull();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cp-rec-')), 'hello.wav');
  fs.writeFileSync(file, '这不是录音');
  const input = (await page.waitForSelector(
    `${tid(keys[0]!)} input[type="file"]`,
  )) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(file);
  await waitForText(page, tid('recording-error'), '录音必须是单声道 8000 Hz 的 WAV');
  expect(await textOf(page, tid(keys[0]!))).toContain('待录音');
  await shot(page, 'bot-lists-recording');

  // English: the learning table's column titles follow the language.
  await tab(page, 'learning');
  await page.waitForSelector(tid('learning-empty'));
  await click(page, 'lang-en');
  await waitForText(page, tid('learning-empty'), 'Nothing to learn');
  await page.$$eval('[role="radiogroup"] button, [role="radio"]', (els) => {
    const learnedButton = els.find((e) => (e as HTMLElement).innerText.trim() === 'Learned');
    (learnedButton as HTMLElement).click();
  });
  await page.waitForSelector(tid(`learning-${lid}`));
  const heads = await page.$$eval(`${tid('learning-table')} thead th`, (els) =>
    els.map((e) => (e as HTMLElement).innerText.trim()),
  );
  expect(heads).toEqual(['Customer sentence', 'Source', 'Node', 'Time']);
  expect(await textOf(page, tid(`learning-${lid}`))).toContain('Call');
  await shot(page, 'bot-lists-en');
  expect(pageErrors).toEqual([]);
});
