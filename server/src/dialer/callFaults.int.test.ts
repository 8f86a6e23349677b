// Issue 20 on the real PostgreSQL + Redis, the dialer, the real media CallWorker and the FreeSWITCH
// simulator over TCP (its gateways and modules as FreeSWITCH 1.10.12 answers them: engineer C's
// media/src/sim/gateways.ts, modules.ts):
// - a line whose gateway is DOWN (its pings unanswered): the worker's probe sees it, no originate is
//   sent, the numbers go back to pending with no attempt, the line is marked faulty and its task is
//   paused (12) with a notice; when the gateway answers pings again the fault clears (the task stays
//   paused: the merchant starts it);
// - a line whose gateway the switch never loaded: the originate answers -ERR INVALID_GATEWAY, the
//   number goes back the same way (a line fault, not a call result);
// - a node without the bot's recognizer (no mod_unimrcp): the call is refused, not dialled, the
//   number given back and the task paused with the reason.
import type { Knex } from 'knex';
import type { CallWorker } from '../../../media/src/calls/worker';
import { reportStatus } from '../../../media/src/esl/status';
import { REAL_BUILD_MODULES } from '../../../media/src/sim/modules';
import { startSimulator, type Simulator } from '../../../media/src/sim/server';
import { startTestWorker } from '../../../test/mediaKit';
import { startTestPlatform, type TestPlatform } from '../../../test/harness';
import { until } from '../../../test/until';
import type { Dialer } from './scheduler';
import { ids as demoIds, insertTask, manualDialer } from './testKit';

const SCALE = 0.05;
let p: TestPlatform;
let k: Knex;
let id: Awaited<ReturnType<typeof demoIds>>;
let dialer: Dialer;
let sim: Simulator | null = null;
let worker: CallWorker | null = null;
let reachable = false;
let badLine: number;

const nums = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `1370000${String(from + i).padStart(4, '0')}`);

async function startSwitch(opts: Parameters<typeof startSimulator>[0]): Promise<void> {
  await worker?.close();
  await sim?.close();
  sim = await startSimulator({ timeScale: SCALE, seed: 7, heartbeatMs: 0, ...opts });
  worker = await startTestWorker(p, sim.port, SCALE);
  const node = worker.pool.nodes[0]!;
  node.log = () => undefined;
  await until(() => node.probe ?? undefined, 10_000);
}

/** Cycles the dialer until `done` holds. */
async function cycleUntil<T>(done: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  return until(async () => {
    await dialer.cycle();
    return (await done()) || undefined;
  }, ms);
}

const numbersOf = (taskId: number) =>
  k('task_numbers').where({ task_id: taskId }).orderBy('id').select('state', 'attempts', 'last_result');

beforeAll(async () => {
  p = await startTestPlatform({ config: { dialer: { enabled: false, tickMs: 100 } } });
  k = p.db.knex;
  id = await demoIds(p);
  const [l] = await k('sip_lines')
    .insert({
      account_id: id.merchant,
      name: 'unloaded-line',
      server_ip: '127.0.0.1',
      port: 5060,
      auth_account: 'unloaded01',
      password_enc: '',
      rate_count: 1000,
      rate_seconds: 1,
      port_count: 1000,
    })
    .returning('id');
  badLine = Number(l.id);
  await k('accounts').where({ id: id.merchant }).update({ ai_seats: 1000 });
  dialer = manualDialer(p);
}, 60_000);
afterAll(async () => {
  await dialer?.stop();
  await worker?.close();
  await sim?.close();
  await p?.close();
});
afterEach(async () => {
  await k('tasks').update({ deleted_at: k.fn.now() });
});

describe('a line at fault gives its numbers back and pauses its tasks', () => {
  beforeAll(async () => {
    // The switch loads only the demo line's gateway (not badLine's), pinging it every second.
    await startSwitch({
      gateways: {
        source: async () => [
          {
            name: `line-${id.line}`,
            proxy: '127.0.0.1:5060',
            username: 'sim',
            register: false,
            pingSec: 1,
            expires: 3600,
            extension: 'sim',
          },
        ],
        reachable: async () => reachable,
      },
    });
  }, 60_000);

  it('GATEWAY_DOWN: nothing dialled, numbers back with no attempt, line faulty, task paused; heals when up', async () => {
    const node = worker!.pool.nodes[0]!;
    await until(async () => {
      await node.refreshGateways();
      return node.probe?.gateways?.find((g) => g.name === `line-${id.line}` && g.status === 'DOWN');
    }, 10_000);
    await reportStatus(p.server.deps.redis, p.config.redisPrefix, worker!.pool);
    const taskId = await insertTask(p, {
      accountId: id.merchant,
      botId: id.bot,
      lineId: id.line,
      numbers: nums(1, 3),
      robots: 3,
    });

    const task = await cycleUntil(async () => {
      const t = await k('tasks').where({ id: taskId }).first('status');
      return t.status === 12 && t;
    });
    expect(task.status).toBe(12);
    // Every claimed call was returned: not placed, no result, nothing billed, no attempt.
    await cycleUntil(
      async () => (await k('calls').where({ task_id: taskId }).whereNull('settled_at')).length === 0,
    );
    const calls = await k('calls')
      .where({ task_id: taskId })
      .select('result_level', 'originated_at', 'charged_fen', 'reason');
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) {
      expect(c).toMatchObject({ result_level: null, originated_at: null });
      expect(Number(c.charged_fen)).toBe(0);
      expect(c.reason).toMatchObject({ kind: 'notPlaced', fault: { kind: 'line', cause: 'GATEWAY_DOWN' } });
    }
    for (const n of await numbersOf(taskId))
      expect(n).toMatchObject({ state: 0, attempts: 0, last_result: null });
    expect(await k('sip_lines').where({ id: id.line }).first('fault_cause')).toEqual({
      fault_cause: 'GATEWAY_DOWN',
    });
    const log = await k('task_status_log')
      .where({ task_id: taskId, to_status: 12 })
      .first('actor', 'reason', 'reason_message');
    expect(log).toMatchObject({ actor: 'system' });
    expect(log.reason).toBe(`平台故障，任务暂停：线路 ${id.line}的网关不可达 (GATEWAY_DOWN)`);
    // A code with the fault as its parameter: rendered in the reader's language (the task's log).
    expect(log.reason_message).toEqual({
      code: 'taskFaultPause',
      params: {
        why: {
          code: 'fault_gatewayDown',
          params: { line: { code: 'line_id', params: { id: String(id.line) } } },
        },
      },
    });
    expect(
      await k('notices').where({ account_id: id.merchant, body_key: 'taskLineFault.body' }).first('id'),
    ).toBeTruthy();

    // The carrier answers pings again: the next probe refresh clears the fault; the task stays paused.
    reachable = true;
    await until(async () => {
      await node.refreshGateways();
      return node.probe?.gateways?.find((g) => g.name === `line-${id.line}` && g.status === 'UP');
    }, 10_000);
    await reportStatus(p.server.deps.redis, p.config.redisPrefix, worker!.pool);
    await cycleUntil(
      async () => (await k('sip_lines').where({ id: id.line }).first('fault_cause')).fault_cause === null,
    );
    expect((await k('tasks').where({ id: taskId }).first('status')).status).toBe(12);
  }, 60_000);

  it('INVALID_GATEWAY from the originate: the number goes back, the line is marked faulty', async () => {
    reachable = true;
    const taskId = await insertTask(p, {
      accountId: id.merchant,
      botId: id.bot,
      lineId: badLine,
      numbers: nums(10, 1),
    });
    await cycleUntil(async () => {
      const c = await k('calls')
        .where({ task_id: taskId })
        .whereNotNull('settled_at')
        .first('reason', 'originated_at', 'result_level');
      return c;
    });
    const c = await k('calls')
      .where({ task_id: taskId })
      .first('reason', 'originated_at', 'result_level', 'hangup_cause');
    // The originate was sent (originated_at) and refused by the switch for the line.
    expect(c.originated_at).not.toBeNull();
    expect(c).toMatchObject({ result_level: null, hangup_cause: 'INVALID_GATEWAY' });
    expect(c.reason).toMatchObject({ kind: 'notPlaced', fault: { kind: 'line', cause: 'INVALID_GATEWAY' } });
    expect(await numbersOf(taskId)).toEqual([{ state: 0, attempts: 0, last_result: null }]);
    expect(await k('sip_lines').where({ id: badLine }).first('fault_cause')).toEqual({
      fault_cause: 'INVALID_GATEWAY',
    });
    expect((await k('tasks').where({ id: taskId }).first('status')).status).toBe(12);
  }, 60_000);
});

describe('a node without the bot recognizer', () => {
  beforeAll(async () => {
    // The real build's modules: no mod_unimrcp, no mod_google_transcribe.
    await startSwitch({ modules: REAL_BUILD_MODULES });
  }, 60_000);

  it('refuses the call clearly: not dialled, number back, task paused with the reason', async () => {
    expect(worker!.pool.nodes[0]!.probe?.modules.mod_unimrcp).toBe(false);
    const before = sim!.stats().sessionsSinceStartup;
    const taskId = await insertTask(p, {
      accountId: id.merchant,
      botId: id.bot,
      lineId: id.line,
      numbers: nums(20, 2),
    });
    await cycleUntil(async () => (await k('tasks').where({ id: taskId }).first('status')).status === 12);
    await cycleUntil(
      async () => (await k('calls').where({ task_id: taskId }).whereNull('settled_at')).length === 0,
    );
    expect(sim!.stats().sessionsSinceStartup).toBe(before);
    for (const c of await k('calls').where({ task_id: taskId }).select('reason', 'originated_at'))
      expect(c).toMatchObject({
        originated_at: null,
        reason: { kind: 'notPlaced', fault: { kind: 'recognizer', module: 'mod_unimrcp' } },
      });
    for (const n of await numbersOf(taskId)) expect(n).toMatchObject({ state: 0, attempts: 0 });
    const log = await k('task_status_log')
      .where({ task_id: taskId, to_status: 12 })
      .first('reason', 'reason_message');
    expect(log.reason).toMatch(/mod_unimrcp/);
    expect(log.reason_message).toEqual({
      code: 'taskFaultPause',
      params: { why: { code: 'fault_recognizer', params: { module: 'mod_unimrcp' } } },
    });
    expect(
      await k('notices').where({ account_id: id.merchant, body_key: 'taskNoRecognizer.body' }).first('id'),
    ).toBeTruthy();
  }, 60_000);
});
