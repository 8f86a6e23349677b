// The dialer end to end: the scheduler split by role as on a large floor (one 'tick' dialer and one
// 'settle' dialer, as two processes would run them; ticking every 50 ms; the e2e dialer test runs the
// server's own 'all' scheduler) dials a task of merchant01
// with the demo mortgage bot through the real media CallWorker and the FreeSWITCH simulator over TCP
// (personas decide each number's outcome). Every number is dialed once, never more than the task's
// robots at a time, every record is settled exactly once with one ledger row per billed call, the
// run overview arrives over the socket, and the task completes (run state 10).
import type { Socket } from 'socket.io-client';
import { Events, type TaskProgressEvent } from '../../../domain/events';
import type { OverviewRow } from '../../../domain/tasks';
import { DEFAULT_PERSONAS, type Persona } from '../../../media/src/sim/personas';
import { startSimulator, type Simulator } from '../../../media/src/sim/server';
import { mortgageYesPersona, refusesPersona } from '../../../media/src/sim/testing';
import type { CallWorker } from '../../../media/src/calls/worker';
import { startTestWorker } from '../../../test/mediaKit';
import { liveSocket, loggedIn } from '../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../test/harness';
import { startDialer, type Dialer } from './scheduler';
import { settleEnded } from './settle';
import { ids as demoIds, insertTask } from './testKit';
import { until } from '../../../test/until';

const SCALE = 0.01;
const phone = (i: number) => `136000000${String(i).padStart(2, '0')}`;
const mortgageYes = (i: number): Persona =>
  mortgageYesPersona({
    name: `yes-${i}`,
    match: `^${phone(i)}$`,
    ringMs: [300, 300],
    replyDelayMs: [200, 200],
  });
const fixed = (i: number, outcome: Persona['outcome']): Persona => ({
  name: `fixed-${i}`,
  match: `^${phone(i)}$`,
  outcome,
  ringMs: [300, 600],
});
const PERSONAS: Persona[] = [
  mortgageYes(1),
  mortgageYes(2),
  mortgageYes(3),
  refusesPersona('no-thanks', `^${phone(4)}$`),
  fixed(5, 'busy'),
  fixed(6, 'noAnswer'),
  fixed(7, 'vacant'),
  fixed(8, 'poweredOff'),
  fixed(9, 'refused'),
  fixed(10, 'unreachable'),
];

let p: TestPlatform;
let sim: Simulator;
let worker: CallWorker;
let dialers: Dialer[] = [];
let socket: Socket;
const events: TaskProgressEvent[] = [];

beforeAll(async () => {
  p = await startTestPlatform({ config: { dialer: { enabled: false, tickMs: 50 } } });
  dialers = (['tick', 'settle'] as const).map((role) => startDialer(p.server.deps, { tickMs: 50, role }));
  sim = await startSimulator({
    timeScale: SCALE,
    seed: 5,
    heartbeatMs: 0,
    personas: [...PERSONAS, ...DEFAULT_PERSONAS],
  });
  worker = await startTestWorker(p, sim.port, SCALE);
  socket = await liveSocket(p, await loggedIn(p, 'merchant01'));
  socket.on(Events.TaskProgress, (e: TaskProgressEvent) => events.push(e));
}, 60_000);
afterAll(async () => {
  socket?.close();
  await Promise.all(dialers.map((d) => d.stop()));
  await worker?.close();
  await sim?.close();
  await p?.close();
});

it('dials a task to completion: robots held, every record settled once, billed once, overview live', async () => {
  const k = p.db.knex;
  const id = await demoIds(p);
  await k('billing_rates')
    .insert({ account_id: id.merchant, rate_per_min_fen: 12, accuracy_s: 6 })
    .onConflict('account_id')
    .merge(); // the demo seed has a rate of its own
  const balanceBefore = Number(
    (await k('accounts').where({ id: id.merchant }).first('balance_fen')).balance_fen,
  );
  const numbers = PERSONAS.map((_, i) => phone(i + 1));
  const taskId = await insertTask(p, {
    accountId: id.merchant,
    botId: id.bot,
    lineId: id.line,
    robots: 2,
    numbers,
  });

  // Watch the invariant while the scheduler and the worker do the work.
  let maxOpen = 0;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [open] = await k('calls').where({ task_id: taskId }).whereNot('status', 'ended').count({ n: '*' });
    maxOpen = Math.max(maxOpen, Number(open?.n));
    const t = await k('tasks').where({ id: taskId }).first('status', 'run_state');
    if (t.status === 100) break;
    if (Date.now() > deadline) throw new Error(`task not completed: ${JSON.stringify(t)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  expect(maxOpen).toBeGreaterThan(0);
  expect(maxOpen).toBeLessThanOrEqual(2);

  const task = await k('tasks').where({ id: taskId }).first();
  expect(task).toMatchObject({ status: 100, run_state: 10 });
  expect(task.completed_at).not.toBeNull();
  const log = await k('task_status_log')
    .where({ task_id: taskId })
    .orderBy('id')
    .select('actor', 'to_status', 'to_run', 'reason_message');
  expect(log.at(0)).toMatchObject({
    actor: 'scheduler',
    to_status: 2,
    to_run: 2,
    reason_message: { code: 'taskFirstSlot' },
  });
  expect(log.at(-1)).toMatchObject({
    actor: 'scheduler',
    to_status: 100,
    to_run: 10,
    reason_message: { code: 'taskNoNumbersLeft' },
  });

  // Each number dialed exactly once, each record settled, results as the personas decide.
  const calls = await k('calls').where({ task_id: taskId }).orderBy('id').select('*');
  expect(calls).toHaveLength(numbers.length);
  expect(new Set(calls.map((c) => String(c.task_number_id))).size).toBe(numbers.length);
  for (const c of calls) expect(c).toMatchObject({ status: 'ended' });
  for (const c of calls) expect(c.settled_at).not.toBeNull();
  const byPhone = new Map(
    (
      await k('task_numbers').where({ task_id: taskId }).select('phone', 'state', 'attempts', 'last_result')
    ).map((r) => [r.phone, r]),
  );
  for (const n of numbers) expect(byPhone.get(n)).toMatchObject({ state: 2, attempts: 1 });
  expect(byPhone.get(phone(5))!.last_result).toBe(67);
  expect(byPhone.get(phone(6))!.last_result).toBe(68);
  expect(byPhone.get(phone(7))!.last_result).toBe(63);
  for (const i of [1, 2, 3]) {
    expect(byPhone.get(phone(i))!.last_result).toBeGreaterThanOrEqual(21);
    expect(byPhone.get(phone(i))!.last_result).toBeLessThanOrEqual(26);
  }

  // Billed once per billable call, at 12 fen/min in 6 s blocks; nothing for calls with no talk.
  const ledger = await k('ledger_entries').where({ account_id: id.merchant, kind: 'call' }).select('*');
  const billed = calls.filter((c) => Number(c.billable_ms) > 0);
  expect(billed.length).toBeGreaterThanOrEqual(3);
  expect(ledger).toHaveLength(billed.length);
  for (const c of billed) {
    const rows = ledger.filter((l) => l.idempotency_key === `call:${c.call_uuid}:${id.merchant}`);
    expect(rows).toHaveLength(1);
    const blocks = Math.ceil(Number(c.billable_ms) / 6000);
    expect(-Number(rows[0].delta_fen)).toBe(Math.ceil((blocks * 12) / 10));
    expect(Number(c.charged_fen)).toBe(-Number(rows[0].delta_fen));
  }
  const balanceAfter = Number(
    (await k('accounts').where({ id: id.merchant }).first('balance_fen')).balance_fen,
  );
  expect(balanceBefore - balanceAfter).toBe(calls.reduce((s, c) => s + Number(c.charged_fen), 0));

  // Settlement again changes nothing.
  expect(await settleEnded(p.server.deps)).toEqual([]);
  expect(
    await k('ledger_entries').where({ account_id: id.merchant, kind: 'call' }).count({ n: '*' }),
  ).toEqual([{ n: String(billed.length) }]);
  for (const c of calls) expect(await p.server.deps.queues.pushes.getJob(`push:${c.id}`)).not.toBeNull();

  // No record left open (an open record holds its slot).
  expect(await k('calls').where({ task_id: taskId }).whereNot('status', 'ended').first()).toBeUndefined();

  // The overview came live over the socket, counting up to the whole task.
  const mine = events.filter((e) => e.taskId === taskId);
  expect(mine.length).toBeGreaterThan(1);
  for (let i = 1; i < mine.length; i++) expect(mine[i]!.dialed).toBeGreaterThanOrEqual(mine[i - 1]!.dialed);
  const last = await until(() => {
    const l = events.filter((e) => e.taskId === taskId).at(-1)!;
    return l.dialed === numbers.length && l.status === 100 ? l : undefined;
  }, 5000).catch(() => events.filter((e) => e.taskId === taskId).at(-1)!);
  expect(last).toMatchObject({
    dialed: numbers.length,
    remaining: 0,
    inProgress: 0,
    status: 100,
    runState: 10,
  });
  expect(last.connected + last.notConnectedTotal).toBe(numbers.length);
  expect(last.notConnected[67]).toBe(1);
  expect(Object.values(last.grades).reduce((a, b) => a + b, 0)).toBe(last.connected);
});

it('the overview API carries the run overview; an account below does not see it', async () => {
  const id = await demoIds(p);
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(),
    ),
  );
  const at = (h: number) => `${String((hour + h) % 24).padStart(2, '0')}:00`;
  // Outside its window the task stays queued with its numbers pending.
  const taskId = await insertTask(p, {
    accountId: id.merchant,
    botId: id.bot,
    lineId: id.line,
    numbers: [phone(91), phone(92), phone(93)],
    callPeriods: [`${at(3)}-${at(4)}`],
  });
  const m = await loggedIn(p, 'merchant01');
  const r = await m.get<OverviewRow[]>('/api/tasks/overview?scope=own');
  expect(r.status).toBe(200);
  const row = r.body.data!.find((x) => x.id === taskId)!;
  expect(row.status).toBe(4);
  expect(row.progress).toMatchObject({
    taskId,
    dialed: 0,
    connected: 0,
    remaining: 3,
    inProgress: 0,
    eta: null,
  });
  const other = await loggedIn(p, 'superadmin');
  const all = await other.get<OverviewRow[]>('/api/tasks/overview?scope=all');
  expect(all.body.data!.some((x) => x.id === taskId)).toBe(true);
  const op = await loggedIn(p, 'operator01');
  const below = await op.get<OverviewRow[]>('/api/tasks/overview?scope=all');
  if (below.status === 200) expect(below.body.data!.some((x) => x.id === taskId)).toBe(false);
  else expect(below.status).toBe(403);
});
