// The dialer in Chromium as merchant01: a task with the demo mortgage bot is created and filled from a
// txt file in the browser, started, and dialed by the server's own scheduler through a media
// CallWorker and the FreeSWITCH simulator of this test process; the run overview counts up live (no
// reload) until every number is dialed and grades have arrived; then a graded record opens with its
// conversation (robot and customer lines) and a robot voice that the browser loads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import type { CallWorker } from '../media/src/calls/worker';
import { startTestWorker } from '../test/mediaKit';
import { DEFAULT_PERSONAS, type Persona } from '../media/src/sim/personas';
import { startSimulator, type Simulator } from '../media/src/sim/server';
import { mortgageYesPersona, refusesPersona } from '../media/src/sim/testing';
import { click, login, newPage, shot, textOf, tid, waitForText } from './support/browser';
import { useE2eEnv } from './support/platform';
import {
  ALL_DAY_PERIODS,
  closeTaskDrawer,
  createTask,
  openTaskDrawer,
  startTask,
  uploadNumbers,
} from './support/tasks';

// Calls run at 1/10 of their real length (ringing, prompts, the callee's replies, time-outs): the
// bot's 5-minute limit is then 30 s of real time, room enough for a conversation on a loaded machine.
const SCALE = 0.1;
const env = useE2eEnv(120_000, { config: { dialer: { enabled: true, tickMs: 50 } } });
const TASK = 'E2E外呼任务';
const BOT = '房贷回访机器人';

// Numbers of this test and what the simulator's callee does for each (matched personas win over the
// default random mix): three customers who answer the mortgage bot's questions (graded), one who
// refuses, and three that never connect.
const phone = (i: number) => `1390000000${i}`;
const interested = (i: number): Persona =>
  mortgageYesPersona({
    name: `e2e-interested-${i}`,
    match: `^${phone(i)}$`,
    ringMs: [300, 300],
    replyDelayMs: [200, 200],
  });
const PERSONAS: Persona[] = [
  interested(1),
  interested(2),
  interested(3),
  refusesPersona('e2e-refuses', `^${phone(4)}$`),
  { name: 'e2e-busy', match: `^${phone(5)}$`, outcome: 'busy', ringMs: [300, 600] },
  { name: 'e2e-no-answer', match: `^${phone(6)}$`, outcome: 'noAnswer' },
  { name: 'e2e-vacant', match: `^${phone(7)}$`, outcome: 'vacant', ringMs: [300, 600] },
];
const NUMBERS = PERSONAS.map((_, i) => phone(i + 1));

let sim: Simulator;
let worker: CallWorker | undefined;

beforeAll(async () => {
  sim = await startSimulator({
    timeScale: SCALE,
    seed: 7,
    heartbeatMs: 0,
    personas: [...PERSONAS, ...DEFAULT_PERSONAS],
  });
  // The merchant's own dialing hours wide open too (the task's periods are what apply).
  const k = env.platform.db.knex;
  const m1 = await k('accounts').where({ account: 'merchant01' }).first('id');
  await k('dial_settings')
    .insert({ account_id: m1.id, call_start: '00:00', call_end: '23:59' })
    .onConflict('account_id')
    .merge(['call_start', 'call_end']);
});
afterAll(async () => {
  await worker?.close();
  await sim?.close();
});

/** The media worker of this test, on the simulator. */
const startWorker = (): Promise<CallWorker> => startTestWorker(env.platform, sim.port, SCALE);

/** A number shown in a cell of the overview row ('—' before the first overview: null). */
const cell = (page: Page, rowSel: string, testId: string): Promise<number | null> =>
  page.$eval(`${rowSel} ${tid(testId)}`, (e) => {
    const n = Number.parseInt((e as HTMLElement).innerText, 10);
    return Number.isFinite(n) ? n : null;
  });

it('creates a task, imports numbers, starts it, watches the overview and plays a graded call', async () => {
  const k = env.platform.db.knex;
  const m1 = await k('accounts').where({ account: 'merchant01' }).first('id');
  const bot = await k('bots').where({ account_id: m1.id, name: BOT }).whereNull('deleted_at').first('id');
  const line = await k('sip_lines').where({ account_id: m1.id, name: 'sim-line-1' }).first('id');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cp-dialer-')), 'numbers.txt');
  fs.writeFileSync(file, `${NUMBERS.join('\n')}\n`);

  const page = await newPage(env.b, true);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await login(page, env.platform.url, 'merchant01');
  await click(page, 'menu-dialcenter/singletask');
  await page.waitForSelector(tid('tasks-page-single'));

  // The task: demo bot, simulator line, two robots, dialing all day on every weekday.
  await createTask(page, {
    name: TASK,
    botId: bot.id,
    lineId: line.id,
    robots: 2,
    periods: ALL_DAY_PERIODS,
    extraWeekdays: [6, 7],
    shotName: 'dialer-new-task',
  });
  const task = await k('tasks').where({ account_id: m1.id, name: TASK }).first();
  expect(task).toMatchObject({
    bot_id: bot.id,
    robots: 2,
    call_periods: ['00:00-12:00', '12:00-00:00'],
    weekdays: [1, 2, 3, 4, 5, 6, 7],
  });

  // Numbers from a txt file.
  await openTaskDrawer(page, TASK);
  await uploadNumbers(page, file);
  expect(await textOf(page, tid('numbers-added'))).toBe(`新增 ${NUMBERS.length} 个号码`);
  await waitForText(page, tid('count-total'), String(NUMBERS.length));
  await shot(page, 'dialer-numbers-imported');
  await closeTaskDrawer(page);
  await waitForText(page, tid(`task-counts-${TASK}`), `${NUMBERS.length}/${NUMBERS.length}`);

  // Start it. No media worker runs yet: the scheduler claims numbers but no call can finish, so the
  // overview opens before anything is dialed and every count below happens on the open page.
  await startTask(page, TASK);
  await shot(page, 'dialer-task-started');
  await click(page, 'menu-call/calling');
  const row = tid(`overview-row-${task.id}`);
  await page.waitForSelector(row);
  expect(await textOf(page, `${row} td:first-child`)).toBe(TASK);
  expect((await cell(page, row, 'progress-dialed')) ?? 0).toBe(0);
  await shot(page, 'dialer-overview-before');
  // Every value the dialed cell shows from now on, and a mark that a reload would wipe.
  await page.evaluate(
    (sel) => {
      const w = window as unknown as { dialedSeen: string[]; noReload: boolean };
      w.noReload = true;
      w.dialedSeen = [];
      const td = document.querySelector(sel)!;
      new MutationObserver(() => w.dialedSeen.push((td as HTMLElement).innerText.trim())).observe(td, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    },
    `${row} ${tid('progress-dialed')}`,
  );

  worker = await startWorker();

  // The overview counts up from the socket's task:progress events until every number is dialed.
  await page.waitForFunction(
    (sel) => Number((document.querySelector(sel) as HTMLElement).innerText) > 0,
    { timeout: 60_000 },
    `${row} ${tid('progress-dialed')}`,
  );
  await shot(page, 'dialer-overview-counting');
  await page.waitForFunction(
    (sel, n) => Number((document.querySelector(sel) as HTMLElement).innerText) === n,
    { timeout: 60_000 },
    `${row} ${tid('progress-dialed')}`,
    NUMBERS.length,
  );
  // Grades arrive with the connected calls.
  const gradeSum = (): Promise<number> =>
    page.$$eval(`${row} [data-testid^="grade-"]`, (els) =>
      els.reduce((s, e) => s + (Number((e as HTMLElement).innerText.split(/\s+/)[1]) || 0), 0),
    );
  await page.waitForFunction(
    (sel) =>
      [...document.querySelectorAll(sel)].some(
        (e) => Number((e as HTMLElement).innerText.split(/\s+/)[1]) > 0,
      ),
    { timeout: 30_000 },
    `${row} [data-testid^="grade-"]`,
  );
  await waitForText(page, `${row} ${tid('progress-remaining')}`, /^0$/);
  await shot(page, 'dialer-overview-done');
  const seen = await page.evaluate(() => {
    const w = window as unknown as { dialedSeen: string[]; noReload?: boolean };
    return { values: w.dialedSeen.map(Number), noReload: w.noReload === true };
  });
  expect(seen.noReload).toBe(true);
  expect(seen.values.at(-1)).toBe(NUMBERS.length);
  for (let i = 1; i < seen.values.length; i++)
    expect(seen.values[i]).toBeGreaterThanOrEqual(seen.values[i - 1]!);
  // What the page shows is what the database holds.
  const calls = await k('calls as c')
    .join('task_numbers as n', 'n.id', 'c.task_number_id')
    .where('c.task_id', task.id)
    .orderBy('c.id')
    .select('c.id', 'c.grade', 'n.phone');
  expect(calls).toHaveLength(NUMBERS.length);
  const graded = calls.filter((c) => c.grade !== null);
  expect(graded.length).toBeGreaterThanOrEqual(1);
  expect(await gradeSum()).toBe(graded.length);
  expect(await cell(page, row, 'progress-connected')).toBe(graded.length);
  expect(await cell(page, row, 'progress-not-connected')).toBe(NUMBERS.length - graded.length);

  // A graded record: its conversation, robot and customer lines, and a robot voice that loads.
  const yes = graded.find((c) => PERSONAS[NUMBERS.indexOf(c.phone)]!.name.startsWith('e2e-interested'));
  expect(yes).toBeDefined();
  const id = Number(yes!.id);
  await click(page, 'menu-crm/dialrecord');
  await page.waitForSelector(tid(`record-row-${id}`));
  expect(await textOf(page, tid(`grade-${id}`))).toMatch(/^[A-F] /);
  await shot(page, 'dialer-records');
  await click(page, `open-${id}`);
  await page.waitForSelector(`${tid('transcript')} .cp-cr-customer`);
  expect(await textOf(page, tid('detail-grade'))).toMatch(/^[A-F] /);
  // Why the engine graded it (the intention rule, or the call's length limit on a very slow machine).
  expect(await textOf(page, tid('detail-reason'))).not.toBe('');
  const lines = await page.$$eval(`${tid('transcript')} li`, (els) =>
    els.map((e) => ({
      robot: e.classList.contains('cp-cr-robot'),
      seq: e.getAttribute('data-testid')!.slice('line-'.length),
      text: (e.querySelector('[data-testid^="line-text-"]') as HTMLElement).innerText.trim(),
    })),
  );
  const robot = lines.filter((l) => l.robot);
  const customer = lines.filter((l) => !l.robot);
  expect(robot.length).toBeGreaterThan(0);
  expect(customer.map((l) => l.text)).toContain('是的我是');
  // The demo bots open with the AI disclosure, then their first question.
  expect(robot[0]!.text).toContain('智能语音助手');
  expect(robot[1]!.text).toContain('张先生');
  const voice = tid(`line-audio-${robot[0]!.seq}-0`);
  const audio = await page.waitForSelector(voice);
  expect(await audio!.evaluate((a) => (a as HTMLAudioElement).src)).toMatch(/^blob:/);
  await page.waitForFunction(
    (sel) => (document.querySelector(sel) as HTMLAudioElement).readyState >= 1,
    {},
    voice,
  );
  expect(await audio!.evaluate((a) => (a as HTMLAudioElement).duration)).toBeGreaterThan(0);
  await shot(page, 'dialer-record-conversation');
  expect(errors).toEqual([]);
  await page.browserContext().close();
});
