// A dial job whose workers died on it again and again (Bull's stalled-job check gives it up) against
// real Redis, Bull and the simulator: it gets one more run and its call ends; given up a second time,
// its record closes as unknown (90). No record stays open, no slot stays held.
import { startSimulator, type Simulator } from '../sim/server';
import { createDialQueue } from './queue';
import { ensureRecord } from '../../../platform/callRecord';
import { extraRunKey } from './stalledOut';
import { startCallKit, type CallKit } from './testKit';
import { startCallWorker, type CallWorker } from './worker';

let kit: CallKit;
let sim: Simulator;
let worker: CallWorker | undefined;

beforeAll(async () => {
  kit = await startCallKit();
  sim = await startSimulator({ timeScale: 0.01, seed: 3, heartbeatMs: 0 });
}, 60000);
afterEach(async () => {
  await worker?.close();
  worker = undefined;
});
afterAll(async () => {
  await sim.close();
  await kit.close();
});

/**
 * Puts the job where Bull's check will give it up: taken by a worker that then "died" (its 200 ms lock
 * is never renewed) after two earlier stalls. Then starts a worker whose check runs every 200 ms.
 */
async function stallOut(job: ReturnType<CallKit['job']>): Promise<void> {
  const dead = createDialQueue(kit.config, { lockMs: 200 });
  try {
    await dead.queue.add(job, { jobId: job.callUuid });
    const taken = await dead.queue.getNextJob();
    expect(taken?.id).toBe(job.callUuid);
    await kit.redis.hset(dead.queue.toKey(job.callUuid), 'stalledCounter', 2);
  } finally {
    await dead.close();
  }
  worker = await startCallWorker({
    config: kit.config,
    db: kit.db.knex,
    nodes: [{ id: 1, name: 'fs-test', host: '127.0.0.1', port: sim.port, password: 'ClueCon', weight: 10 }],
    backoff: { baseMs: 50, capMs: 300 },
    timeScale: 0.01,
    // Its own lock is long (a loaded machine renews late); its stalled-job check runs every 200 ms.
    queue: { lockMs: 10_000, stalledMs: 200 },
  });
}

it('a dial job Bull gives up for stalling runs once more: the call is placed and ends', async () => {
  const job = kit.job('9999');
  await stallOut(job);
  const row = await kit.waitEnded(job.callUuid);
  expect(row.answered_at).not.toBeNull();
  expect(row.result_level).not.toBe(90);
  expect(await kit.db.knex('calls').where({ call_uuid: job.callUuid }).count({ n: '*' })).toEqual([
    { n: '1' },
  ]);
  expect(await kit.redis.exists(extraRunKey(kit.config.redisPrefix, job.callUuid))).toBe(1);
  expect(await kit.openCalls()).toBe(0);
});

it('given up a second time, its open record closes as unknown (90) and holds no slot', async () => {
  const job = kit.job('9999');
  await ensureRecord(kit.db.knex, kit.config.secretKey, job);
  await kit.redis.set(extraRunKey(kit.config.redisPrefix, job.callUuid), '1');
  await stallOut(job);
  const row = await kit.waitEnded(job.callUuid);
  expect(row).toMatchObject({ result_level: 90, answered_at: null, originated_at: null });
  expect((row.reason as { text: string }).text).toMatch(/stalled more than allowable limit/);
  expect(await kit.openCalls()).toBe(0);
});
