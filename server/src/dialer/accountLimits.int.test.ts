// An account's own dialing limits (SPEC §3 User), applied by the scheduler at claim time against real
// PostgreSQL + Redis: the dial interval (each robot rests that long after its call), and the daily
// connected-call and talk-minute limits, counted from the settled calls of the account's local day;
// the task's overview says why it waits. Calls are closed by the test as the worker would.
import type { Knex } from 'knex';
import { startTestPlatform, type TestPlatform } from '../../../test/harness';
import { taskProgress } from './progress';
import { settleEnded } from './settle';
import { endCalls, ids as demoIds, insertTask, manualDialer } from './testKit';

let p: TestPlatform;
let k: Knex;
let id: Awaited<ReturnType<typeof demoIds>>;
let bigLine: number;
let seq = 0;

const numbers = (n: number) => Array.from({ length: n }, () => `136${String(++seq).padStart(8, '0')}`);
const openCalls = async (taskId: number) =>
  Number((await k('calls').where({ task_id: taskId }).whereNot('status', 'ended').count({ n: '*' }))[0]!.n);
const allCalls = async (taskId: number) =>
  Number((await k('calls').where({ task_id: taskId }).count({ n: '*' }))[0]!.n);
const limits = (v: {
  dial_interval_seconds?: number;
  daily_connect_limit?: number;
  daily_minutes_limit?: number;
}) =>
  k('accounts')
    .where({ id: id.merchant })
    .update({ dial_interval_seconds: 0, daily_connect_limit: 0, daily_minutes_limit: 0, ...v });

beforeAll(async () => {
  p = await startTestPlatform();
  k = p.db.knex;
  id = await demoIds(p);
  const [l] = await k('sip_lines')
    .insert({
      account_id: id.merchant,
      name: 'big-line',
      server_ip: '127.0.0.1',
      port: 5060,
      auth_account: 'bigline02',
      password_enc: '',
      rate_count: 1000,
      rate_seconds: 1,
      port_count: 1000,
    })
    .returning('id');
  bigLine = Number(l.id);
  await k('accounts').where({ id: id.merchant }).update({ ai_seats: 1000 });
}, 60_000);
afterAll(() => p.close());
afterEach(() => limits({}));

const task = (robots: number, n: number) =>
  insertTask(p, { accountId: id.merchant, botId: id.bot, lineId: bigLine, robots, numbers: numbers(n) });

it("a robot rests for the account's dial interval after each call, then dials again", async () => {
  await limits({ dial_interval_seconds: 3600 });
  const taskId = await task(2, 6);
  const d = manualDialer(p);
  try {
    await d.cycle();
    expect(await openCalls(taskId)).toBe(2);
    await endCalls(k, { task_id: taskId }, () => ({ result: 67 }));
    await settleEnded(p.server.deps);
    // Both robots rest: nothing is dialled however many cycles run.
    await d.cycle();
    await d.cycle();
    expect(await allCalls(taskId)).toBe(2);
    // Their rest is over (here: the interval made shorter than the time since the calls ended).
    await k('calls')
      .where({ task_id: taskId })
      .update({ ended_at: k.raw("now() - interval '2 hours'") });
    await d.cycle();
    expect(await openCalls(taskId)).toBe(2);
    expect(await allCalls(taskId)).toBe(4);
  } finally {
    await d.stop();
  }
});

it('without a dial interval, a robot dials again as soon as its call ended', async () => {
  // Without an interval, ended calls hold nothing.
  const taskId = await task(2, 4);
  const d = manualDialer(p);
  try {
    await d.cycle();
    await endCalls(k, { task_id: taskId }, () => ({ result: 67 }));
    await settleEnded(p.server.deps);
    await d.cycle();
    expect(await openCalls(taskId)).toBe(2);
  } finally {
    await d.stop();
  }
});

it.each([
  ['dailyConnects', { daily_connect_limit: 2 }],
  ['dailyMinutes', { daily_minutes_limit: 3 }],
] as const)(
  'the daily limit %s: reached by the settled calls of the day, the task waits and says why',
  async (reason, limit) => {
    const taskId = await task(2, 8);
    const d = manualDialer(p);
    try {
      await d.cycle();
      expect(await openCalls(taskId)).toBe(2);
      await limits(limit);
      // Two connected calls of 90 s each: 2 connected, 3 talk minutes.
      await endCalls(k, { task_id: taskId }, () => ({ result: 21, billableMs: 90_000 }));
      await settleEnded(p.server.deps);
      await d.cycle();
      await d.cycle();
      expect(await allCalls(taskId)).toBe(2);
      expect((await taskProgress(k, [taskId])).get(taskId)?.held).toBe(reason);
      // A higher limit (the next day has the same effect): the task dials on, and says nothing.
      await limits({ daily_connect_limit: 100, daily_minutes_limit: 100 });
      await d.cycle();
      expect(await openCalls(taskId)).toBe(2);
      expect((await taskProgress(k, [taskId])).get(taskId)?.held).toBeNull();
    } finally {
      await d.stop();
      await endCalls(k, { task_id: taskId }, () => ({ result: 67 }));
      await settleEnded(p.server.deps);
    }
  },
);
