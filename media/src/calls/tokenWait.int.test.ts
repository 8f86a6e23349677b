// A line whose send rate cannot serve its dial jobs at once (issue 21 item 9): no job fails for want
// of an originate token. Every job waits its turn and its number ends in a record; a task's call
// that cannot be placed at all goes back to its task as pending, with the reason on its record.
import { ensureRecord } from './record';
import { startSimulator, type Simulator } from '../sim/server';
import { startCallKit, type CallKit } from './testKit';
import { startCallWorker, type CallWorker } from './worker';

let kit: CallKit;
let sim: Simulator;
let worker: CallWorker | undefined;
beforeAll(async () => {
  kit = await startCallKit();
  sim = await startSimulator({ timeScale: 0.01, seed: 7, heartbeatMs: 0 });
}, 60000);
afterEach(async () => {
  await worker?.close();
  worker = undefined;
});
afterAll(async () => {
  await sim.close();
  await kit.close();
});

it('a token-starved line dials every job in turn: each ends in a record, none fails', async () => {
  // One originate a second: the 13th job waits ~12 s, past the 10 s after which jobs used to fail.
  await kit.db.knex('sip_lines').where({ id: kit.lineId }).update({ rate_count: 1, rate_seconds: 1 });
  worker = await startCallWorker({
    config: kit.config,
    db: kit.db.knex,
    nodes: [{ id: 1, name: 'fs-test', host: '127.0.0.1', port: sim.port, password: 'ClueCon', weight: 10 }],
    backoff: { baseMs: 50, capMs: 300 },
    timeScale: 0.01,
  });
  const failed: string[] = [];
  worker.dial.queue.on('failed', (job, err) => failed.push(`${job.data.callUuid}: ${err.message}`));
  const jobs = [];
  for (let i = 0; i < 13; i++) jobs.push(await kit.dial('9001'));
  const rows = [];
  for (const j of jobs) rows.push(await kit.waitEnded(j.callUuid, 30000));
  expect(failed).toEqual([]);
  for (const r of rows) {
    expect(r.originated_at).not.toBeNull();
    expect(r.result_level).toBe(67); // busy: really dialled, not "could not be placed"
  }
  // The window held: never two originates of the line within one second.
  const at = rows.map((r) => new Date(r.originated_at as string).getTime()).sort((a, b) => a - b);
  for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(990);
  expect(await kit.leakedSlots()).toBe(0);
}, 60000);

it('a task call that cannot be placed returns its number to the task as pending, with why', async () => {
  const knex = kit.db.knex;
  const [task] = await knex('tasks')
    .insert({ account_id: kit.merchantId, name: 'starved', robots: 1, start_date: '2026-11-26' })
    .returning('id');
  const [number] = await knex('task_numbers')
    .insert({
      task_id: task.id,
      account_id: kit.merchantId,
      phone_hash: 'h-starved',
      phone_masked: '138****0001',
      state: 1,
    })
    .returning('id');
  const job = kit.job('13800000001', { taskId: Number(task.id) });
  await ensureRecord(knex, kit.config.secretKey, job);
  await knex('calls').where({ call_uuid: job.callUuid }).update({ task_number_id: number.id });
  // A node nobody listens on: the call can never be placed.
  worker = await startCallWorker({
    config: kit.config,
    db: knex,
    nodes: [{ id: 9, name: 'fs-down', host: '127.0.0.1', port: 1, password: 'x', weight: 1 }],
    backoff: { baseMs: 1000, capMs: 1000 },
  });
  await kit.producer.queue.add(job, { jobId: job.callUuid, attempts: 2, backoff: 10 });
  const row = await kit.waitEnded(job.callUuid, 15000);
  expect(row).toMatchObject({ result_level: null, originated_at: null });
  expect(row.settled_at).not.toBeNull(); // nothing dialled: nothing to bill or count
  expect((row.reason as { kind: string; text: string }).kind).toBe('notPlaced');
  expect((row.reason as { text: string }).text).toMatch(/no FreeSWITCH node is connected/);
  expect(await knex('task_numbers').where({ id: number.id }).first('state')).toEqual({ state: 0 });
  expect(await kit.leakedSlots()).toBe(0);
}, 30000);
