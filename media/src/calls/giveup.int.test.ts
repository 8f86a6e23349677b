// A call that cannot be placed (no FreeSWITCH node up) is retried; the last attempt closes its
// record as unknown (90) instead of leaving it open, and holds no slot.
import { startCallKit, type CallKit } from './testKit';
import { startCallWorker, type CallWorker } from './worker';

let kit: CallKit;
let worker: CallWorker;
beforeAll(async () => {
  kit = await startCallKit();
  // A node nobody listens on: never connected.
  worker = await startCallWorker({
    config: kit.config,
    db: kit.db.knex,
    nodes: [{ id: 9, name: 'fs-down', host: '127.0.0.1', port: 1, password: 'x', weight: 1 }],
    backoff: { baseMs: 1000, capMs: 1000 },
  });
}, 30000);
afterAll(async () => {
  await worker.close();
  await kit.close();
});

it('closes the record as 90 after the last attempt', async () => {
  const job = kit.job('9999');
  await kit.producer.queue.add(job, { jobId: job.callUuid, attempts: 2, backoff: 10 });
  const row = await kit.waitEnded(job.callUuid, 10000);
  expect(row).toMatchObject({ result_level: 90, answered_at: null });
  expect((row.reason as { text: string }).text).toMatch(/no FreeSWITCH node is connected/);
  expect(await kit.openCalls()).toBe(0);
});
