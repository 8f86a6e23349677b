// Faults of the scheduler (issue 21) on the real PostgreSQL + Redis, without a media worker (the dial
// jobs stay in the queue, where the test looks for them):
// - a server killed mid-tick: its tick lock lapses, another process ticks within 3 s (the SIGKILL of
//   a real holder process is in lock.int.test.ts);
// - a server killed between the claim's commit and the enqueue: every claimed number still gets its
//   dial job, from the outbox, within 3 s;
// - the FreeSWITCH node down: no claims, the claimed calls no worker dialed are withdrawn and their
//   numbers go back to pending (as do calls a worker closed without originating), the task does not
//   complete, health says degraded; back up, the numbers are dialed.
import type { Knex } from 'knex';
import { fsNodeStatusKey, type FsNodeStatus } from '../../../domain/media';
import { coded } from '../../../domain/reasons';
import { startTestPlatform, type TestPlatform } from '../../../test/harness';
import { healthReport } from '../modules/health/check';
import { TickLock } from './lock';
import { startDialer } from './scheduler';
import { ids as demoIds, insertTask, manualDialer } from './testKit';

let p: TestPlatform;
let k: Knex;
let id: Awaited<ReturnType<typeof demoIds>>;
let bigLine: number;
let node: { id: number; name: string };

const num = (i: number) => `138${String(i).padStart(8, '0')}`;
const nums = (from: number, n: number) => Array.from({ length: n }, (_, i) => num(from + i));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(25);
  }
}

/** What a media worker driving the node reports (media/src/esl/status.ts). */
async function reportNode(connected: boolean): Promise<void> {
  const s: FsNodeStatus = {
    connected,
    channels: 0,
    sps: 0,
    lastError: connected ? null : 'connection refused',
    updatedAt: new Date().toISOString(),
  };
  await p.server.deps.redis.hset(fsNodeStatusKey(p.config.redisPrefix), String(node.id), JSON.stringify(s));
}

const dialJob = (uuid: string) => p.server.deps.queues.dial.getJob(uuid);

beforeAll(async () => {
  p = await startTestPlatform({ config: { dialer: { enabled: false, tickMs: 100 } } });
  k = p.db.knex;
  id = await demoIds(p);
  const [l] = await k('sip_lines')
    .insert({
      account_id: id.merchant,
      name: 'fault-line',
      server_ip: '127.0.0.1',
      port: 5060,
      auth_account: 'faultline01',
      password_enc: '',
      rate_count: 1000,
      rate_seconds: 1,
      port_count: 1000,
    })
    .returning('id');
  bigLine = Number(l.id);
  await k('accounts').where({ id: id.merchant }).update({ ai_seats: 1000 });
  const n = await k('fs_nodes').where({ enabled: true }).orderBy('id').first('id', 'name');
  node = { id: Number(n.id), name: n.name };
}, 60_000);
afterAll(() => p.close());

afterEach(async () => {
  // Each test's task out of the way of the next.
  await k('tasks').update({ deleted_at: k.fn.now() });
  await k('calls').whereNot('status', 'ended').update({ status: 'ended', settled_at: k.fn.now() });
  await p.server.deps.redis.del(fsNodeStatusKey(p.config.redisPrefix), `${p.config.redisPrefix}:dialer:lock`);
});

it('ticks within 3 s of the death of a tick-lock holder', async () => {
  const key = `${p.config.redisPrefix}:dialer:lock`;
  // A server that died mid-tick: its lock as its last renewal left it, never finished.
  expect(await new TickLock(p.server.deps.redis, key).acquire()).toBe(true);
  const diedAt = Date.now();
  let firstTick = 0;
  const d = startDialer(p.server.deps, {
    tickMs: 100,
    onTick: () => {
      firstTick ||= Date.now();
    },
  });
  try {
    await until('a tick', async () => firstTick, 5000);
    expect(firstTick - diedAt).toBeLessThan(3000);
  } finally {
    await d.stop();
  }
});

it('gives every claimed number its dial job when the claimer dies between commit and enqueue', async () => {
  const taskId = await insertTask(p, {
    accountId: id.merchant,
    botId: id.bot,
    lineId: bigLine,
    robots: 13,
    numbers: nums(0, 13),
  });
  // The first server: its claim commits, then it "dies" before a single job is added.
  const dying = startDialer(p.server.deps, {
    tickMs: 0,
    claimHooks: {
      afterCommit: () => Promise.reject(new Error('killed after commit')),
    },
  });
  await expect(dying.cycle()).rejects.toThrow('killed after commit');
  await dying.stop();
  const claimed: { call_uuid: string; job_queued_at: Date | null }[] = await k('calls')
    .where({ task_id: taskId })
    .select('call_uuid', 'job_queued_at');
  expect(claimed).toHaveLength(13);
  expect(claimed.every((c) => c.job_queued_at === null)).toBe(true);
  for (const c of claimed) expect(await dialJob(c.call_uuid)).toBeNull();

  // The restarted server relays the outbox on its ticks.
  const restartedAt = Date.now();
  const d = startDialer(p.server.deps, { tickMs: 100 });
  try {
    await until(
      'every claimed number queued',
      async () => {
        const jobs = await Promise.all(claimed.map((c) => dialJob(c.call_uuid)));
        return jobs.every((j) => j !== null);
      },
      5000,
    );
    expect(Date.now() - restartedAt).toBeLessThan(3000);
  } finally {
    await d.stop();
  }
  for (const c of claimed) {
    const job = await dialJob(c.call_uuid);
    expect(job!.data).toMatchObject({ callUuid: c.call_uuid, taskId, lineId: bigLine });
    expect(job!.data.phone).toMatch(/^138\d{8}$/);
  }
  // Out of the outbox, and nothing dialed twice: one call per number.
  const after = await k('calls').where({ task_id: taskId }).select('job_queued_at', 'task_number_id');
  expect(after.every((c) => c.job_queued_at !== null)).toBe(true);
  expect(new Set(after.map((c) => c.task_number_id)).size).toBe(13);
  const numbers = await k('task_numbers').where({ task_id: taskId }).select('state');
  expect(numbers.every((n) => n.state === 1)).toBe(true);
});

describe('the FreeSWITCH node down', () => {
  it('claims nothing, says degraded, and dials the numbers once the node is back', async () => {
    await reportNode(false);
    const taskId = await insertTask(p, {
      accountId: id.merchant,
      botId: id.bot,
      lineId: bigLine,
      robots: 5,
      numbers: nums(100, 5),
      status: 2,
    });
    const d = manualDialer(p);
    try {
      for (let i = 0; i < 3; i++) {
        const r = await d.cycle();
        expect(r).toMatchObject({ canDial: false, dialed: 0 });
      }
      expect(await k('calls').where({ task_id: taskId }).count({ n: '*' })).toEqual([{ n: '0' }]);
      const pending = await k('task_numbers').where({ task_id: taskId, state: 0 }).count({ n: '*' });
      expect(pending).toEqual([{ n: '5' }]);
      // Not completed for having claimed nothing.
      expect(await k('tasks').where({ id: taskId }).first('status', 'run_state')).toEqual({
        status: 2,
        run_state: 2,
      });
      const h = await healthReport(p.server.deps);
      expect(h.status).toBe('degraded');
      expect(h.switches).toEqual([{ id: node.id, name: node.name, connected: false }]);

      await reportNode(true);
      expect(await d.cycle()).toMatchObject({ canDial: true, dialed: 5 });
      expect((await healthReport(p.server.deps)).status).toBe('ok');
    } finally {
      await d.stop();
    }
  });

  it('returns the numbers of calls no switch dialed to pending, never as 90', async () => {
    await reportNode(true);
    const taskId = await insertTask(p, {
      accountId: id.merchant,
      botId: id.bot,
      lineId: bigLine,
      robots: 6,
      numbers: nums(200, 6),
      status: 2,
    });
    const d = manualDialer(p);
    try {
      expect(await d.cycle()).toMatchObject({ dialed: 6 });
      const calls = await k('calls').where({ task_id: taskId }).orderBy('id').select('id', 'call_uuid');
      // Two were placed before the node went down (a worker claimed the originate)...
      await k('calls')
        .whereIn('id', [calls[0]!.id, calls[1]!.id])
        .update({ originated_at: k.fn.now(), fs_node: node.name });
      // ...one a worker gave up on (no node connected) and closed without an originate, as 90...
      await k('calls')
        .where({ id: calls[2]!.id })
        .update({
          status: 'ended',
          result_level: 90,
          ended_at: k.fn.now(),
          // As the media worker writes it (worker.ts giveUp): a code with its parameters and the zh-CN text.
          reason: JSON.stringify({
            kind: 'hangup',
            ...coded('callError', { error: 'no FreeSWITCH node is connected' }),
          }),
        });
      // ...and three still wait for a worker when the node goes down.
      await reportNode(false);
      expect(await d.cycle()).toMatchObject({ canDial: false, dialed: 0 });

      const numbers: { phone: string; state: number; attempts: number; last_result: number | null }[] =
        await k('task_numbers')
          .where({ task_id: taskId })
          .orderBy('id')
          .select('phone', 'state', 'attempts', 'last_result');
      // The two placed calls are still in progress; the four never dialed are pending again.
      expect(numbers.map((n) => n.state)).toEqual([1, 1, 0, 0, 0, 0]);
      expect(numbers.every((n) => n.attempts === 0 && n.last_result === null)).toBe(true);
      // Nothing counted as a result, nothing billed, and every record closed.
      expect(await k('task_result_counts').where({ task_id: taskId })).toEqual([]);
      const rows = await k('calls')
        .where({ task_id: taskId })
        .orderBy('id')
        .select('status', 'settled_at', 'charged_fen', 'result_level', 'reason');
      for (const r of rows.slice(2))
        expect(r).toMatchObject({
          status: 'ended',
          settled_at: expect.any(Date),
          charged_fen: '0',
          // Not a result: the record says the call was never placed.
          result_level: null,
          reason: { kind: 'notPlaced', text: expect.stringContaining('号码已退回任务') },
        });
      // The reasons are codes too (domain/reasons.ts): the reason the call had becomes the why.
      expect(rows[2].reason).toEqual({
        kind: 'notPlaced',
        code: 'notPlaced',
        params: { why: { code: 'callError', params: { error: 'no FreeSWITCH node is connected' } } },
        text: '未拨出，号码已退回任务：呼叫无法发出：no FreeSWITCH node is connected',
      });
      for (const r of rows.slice(3))
        expect(r.reason).toEqual({
          kind: 'notPlaced',
          code: 'notPlaced',
          params: { why: { code: 'noSwitch' } },
          text: '未拨出，号码已退回任务：FreeSWITCH 节点未连接',
        });
      // The withdrawn calls' jobs are gone from the queue.
      for (const c of calls.slice(3)) expect(await dialJob(c.call_uuid)).toBeNull();
      expect(await k('tasks').where({ id: taskId }).first('status')).toEqual({ status: 2 });

      // The node is back, the returned numbers wait out their short delay, then are dialed.
      await reportNode(true);
      await k('task_numbers').where({ task_id: taskId, state: 0 }).update({ next_attempt_at: k.fn.now() });
      expect(await d.cycle()).toMatchObject({ canDial: true, dialed: 4 });
    } finally {
      await d.stop();
    }
  });

  it('keeps dialing when no worker has reported the nodes (state unknown)', async () => {
    const taskId = await insertTask(p, {
      accountId: id.merchant,
      botId: id.bot,
      lineId: bigLine,
      robots: 2,
      numbers: nums(300, 2),
      status: 2,
    });
    // A report older than the freshness window says nothing either.
    await p.server.deps.redis.hset(
      fsNodeStatusKey(p.config.redisPrefix),
      String(node.id),
      JSON.stringify({
        connected: false,
        channels: 0,
        sps: 0,
        lastError: null,
        updatedAt: '2020-01-01T00:00:00Z',
      }),
    );
    const d = manualDialer(p);
    try {
      expect(await d.cycle()).toMatchObject({ canDial: true, dialed: 2 });
    } finally {
      await d.stop();
    }
    expect(await k('calls').where({ task_id: taskId }).count({ n: '*' })).toEqual([{ n: '2' }]);
  });
});
