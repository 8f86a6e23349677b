// The whole loop in Chromium, as a merchant and a seat live it: merchant01 imports customers from a
// csv in the customer center, creates a task whose numbers are those customers (picked by their import
// batch in the dialog's numbers step, counted by the preview), and starts it; the server's scheduler
// dials them through a media worker and the FreeSWITCH simulator. operator01, in a second browser,
// works the seat the demo bot transfers to: the interested customer's call pops up with the live
// transcript of the bot leg and one accept takes it. Afterwards the call records and my customers show
// the A/B grade, the customer has its call counted, and the full recording of the call plays (the
// audio element reports a duration).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import type { CallWorker } from '../media/src/calls/worker';
import { DEFAULT_PERSONAS, type Persona } from '../media/src/sim/personas';
import { startSimulator, type Simulator } from '../media/src/sim/server';
import { mortgageYesPersona, refusesPersona } from '../media/src/sim/testing';
import type { SeatDto, SeatGroupDto } from '../domain/seats';
import { maskPhone } from '../domain/format';
import { seatSocketJoined, startTestWorker } from '../test/mediaKit';
import { loggedIn } from '../test/fixtures';
import { check, click, fill, login, newPage, shot, textOf, tid, waitForText } from './support/browser';
import { useE2eEnv } from './support/platform';
import { ALL_DAY_PERIODS, createTask, startTask } from './support/tasks';

// Calls at 1/10 of their real length, as in the dialer's browser test.
const SCALE = 0.1;
const env = useE2eEnv(180_000, { config: { dialer: { enabled: true, tickMs: 50 } } });
const TASK = '全流程任务';
const BOT = '房贷回访机器人';
const LEAD = '13700000001';
const REFUSES = '13700000002';
const NO_ANSWER = '13700000003';
const PERSONAS: Persona[] = [
  mortgageYesPersona({ name: 'loop-lead', match: `^${LEAD}$`, ringMs: [300, 300], replyDelayMs: [200, 200] }),
  refusesPersona('loop-refuses', `^${REFUSES}$`),
  { name: 'loop-no-answer', match: `^${NO_ANSWER}$`, outcome: 'noAnswer' },
];

let sim: Simulator;
let worker: CallWorker | undefined;

beforeAll(async () => {
  sim = await startSimulator({
    timeScale: SCALE,
    seed: 19,
    heartbeatMs: 0,
    personas: [...PERSONAS, ...DEFAULT_PERSONAS],
  });
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

/** Waits until every call of the task is ended and settled (the customer update is part of it). */
async function allSettled(taskId: number, n: number): Promise<void> {
  const k = env.platform.db.knex;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const r = await k('calls')
      .where({ task_id: taskId })
      .whereNotNull('settled_at')
      .count<{ n: string }[]>('* as n');
    if (Number(r[0]!.n) >= n) return;
    if (Date.now() > deadline) throw new Error(`only ${r[0]!.n} of ${n} calls settled`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

async function importCustomers(page: Page): Promise<void> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cp-loop-')), '客户.csv');
  fs.writeFileSync(file, `姓名,联系电话\n张先生,${LEAD}\n李女士,${REFUSES}\n王先生,${NO_ANSWER}\n`);
  await click(page, 'menu-crm/mycustomer');
  await click(page, 'customer-import');
  await page.waitForSelector(tid('import-dialog'));
  const input = await page.waitForSelector(tid('import-file'));
  await (input as ElementHandle<HTMLInputElement>).uploadFile(file);
  // The preview of the first rows comes in above the button, as a person sees it before starting.
  await page.waitForSelector(tid('import-preview'));
  await fill(page, 'input-import-password', 'demo1234');
  await click(page, 'import-start');
  // The dialog closes once the job is started; the list reloads when it is done.
  await page.waitForSelector(tid('import-dialog'), { hidden: true, timeout: 60_000 });
  await page.waitForSelector(`[data-phone="${LEAD}"]`, { timeout: 60_000 });
}

it('import → task with numbers in the dialog → calls → a lead taken by a seat → grades on records and customers → a recording that plays', async () => {
  const k = env.platform.db.knex;
  const m1Id = Number((await k('accounts').where({ account: 'merchant01' }).first('id')).id);
  const opId = Number((await k('accounts').where({ account: 'operator01' }).first('id')).id);
  const bot = await k('bots').where({ account_id: m1Id, name: BOT }).whereNull('deleted_at').first('id');
  const line = await k('sip_lines').where({ account_id: m1Id, name: 'sim-line-1' }).first('id');

  // The floor: seat group 1 (the demo bots transfer to it) with operator01's extension seat.
  const m1 = await loggedIn(env.platform, 'merchant01');
  const op = await loggedIn(env.platform, 'operator01');
  const group = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '全流程坐席组' })).body.data!;
  expect(group.id).toBe(1);
  const seat = (
    await m1.post<SeatDto>('/api/seats', {
      name: '坐席乙',
      type: 'extension',
      extension: '8102',
      authName: 'seat8102',
      authPassword: 'Desk-Pass-82',
      groupId: group.id,
      userId: opId,
    })
  ).body.data!;
  const seatPage = await newPage(env.b, true);
  await login(seatPage, env.platform.url, 'operator01');
  await seatSocketJoined(env.platform, seat.id);
  await op.put(`/api/seats/${seat.id}/state`, { online: true });

  // The merchant imports its customers.
  const page = await newPage(env.b, true);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await login(page, env.platform.url, 'merchant01');
  await importCustomers(page);
  const batch = await k('import_jobs').where({ account_id: m1Id }).orderBy('id', 'desc').first('id');

  // The task, its numbers picked in the dialog: the customers of that import batch.
  await click(page, 'menu-dialcenter/singletask');
  await page.waitForSelector(tid('tasks-page-single'));
  await createTask(page, {
    name: TASK,
    botId: bot.id,
    lineId: line.id,
    robots: 2,
    periods: ALL_DAY_PERIODS,
    extraWeekdays: [6, 7],
    keepOpen: true,
  });
  await check(page, 'numbers-source-customers');
  await page.waitForSelector(`${tid('pick-batch')} option[value="${batch.id}"]`);
  await page.select(tid('pick-batch'), String(batch.id));
  await click(page, 'numbers-preview-button');
  await waitForText(page, tid('numbers-preview-add'), /3/);
  await shot(page, 'loop-task-dialog');
  await click(page, 'task-save');
  await page.waitForSelector(tid('task-dialog'), { hidden: true });
  await waitForText(page, tid(`task-status-${TASK}`), '未开始');
  const task = await k('tasks').where({ account_id: m1Id, name: TASK }).first('id');
  expect(
    Number((await k('task_numbers').where({ task_id: task.id }).count<{ n: string }[]>('* as n'))[0]!.n),
  ).toBe(3);

  await startTask(page, TASK);
  worker = await startTestWorker(env.platform, sim.port, SCALE);

  // The seat: the lead's call pops up with the bot leg's transcript; one accept takes it.
  await seatPage.waitForSelector(tid('offer-dialog'), { timeout: 90_000 });
  expect(await textOf(seatPage, tid('offer-card'))).toContain(maskPhone(LEAD));
  await seatPage.waitForFunction(
    (sel) => (document.querySelector(sel)?.textContent ?? '').length > 0,
    {},
    tid('offer-transcript'),
  );
  await shot(seatPage, 'loop-offer');
  await click(seatPage, 'offer-accept');

  await allSettled(Number(task.id), 3);
  const lead = await k('calls').where({ task_id: task.id }).whereNotNull('transfer_outcome').first();
  expect(lead).toMatchObject({ transfer_outcome: 'accepted', transfer_seat_id: String(seat.id) });
  const offers = await k('seat_offers').where({ call_uuid: lead.call_uuid });
  expect(offers).toHaveLength(1);
  expect(offers[0].answered_at).not.toBeNull();

  // The call records show the lead's A/B grade.
  const leadId = Number(lead.id);
  await click(page, 'menu-crm/dialrecord');
  await page.waitForSelector(tid(`record-row-${leadId}`));
  expect(await textOf(page, tid(`grade-${leadId}`))).toMatch(/^[AB] /);

  // Its full recording plays.
  await click(page, `open-${leadId}`);
  const rec = await page.waitForSelector(tid('detail-recording'), { timeout: 30_000 });
  await page.waitForFunction(
    (sel) => ((document.querySelector(sel) as HTMLAudioElement | null)?.duration ?? 0) > 0,
    {},
    tid('detail-recording'),
  );
  expect(await rec!.evaluate((a) => (a as HTMLAudioElement).duration)).toBeGreaterThan(0);
  await shot(page, 'loop-record');
  await page.keyboard.press('Escape');

  // My customers: the lead has the grade, one call and the AI first-visit stage.
  const customer = await k('customers').where({ account_id: m1Id, phone: LEAD }).first();
  expect(customer).toMatchObject({ call_count: 1, stage: 200 });
  await click(page, 'menu-crm/mycustomer');
  await page.waitForSelector(tid(`customer-row-${customer.id}`));
  expect(await textOf(page, tid(`grade-${customer.id}`))).toMatch(/^[AB]/);
  expect(await textOf(page, tid(`call-count-${customer.id}`))).toBe('1');
  await shot(page, 'loop-customers');
  expect(errors).toEqual([]);
  await page.browserContext().close();
  await seatPage.browserContext().close();
});
