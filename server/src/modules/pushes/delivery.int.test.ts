// The push sender against a real receiver on loopback (private targets allowed by the super
// administrator): signed deliveries, retries with backoff on 5xx/429/network errors, no retry on other
// 4xx, one delivery however often the job runs, the SSRF guard at send time, task pushes, the
// delivery log and retry-now, tenant isolation of the log.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiClient } from '../../../../test/apiClient';
import { accountId, insertCustomer, loggedIn, secondMerchantTree } from '../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';
import type { PushAddressWithSecret, PushDeliveryDto } from '../../../../domain/pushes';
import { processCall } from './deliver';
import { verifySignature } from './sign';
import { insertEndedCall, startReceiver, waitForDeliveries, type Receiver } from './testKit';

let p: TestPlatform;
let admin: ApiClient;
let m1: ApiClient;
let m1Id: number;
let receiver: Receiver;
let other: Awaited<ReturnType<typeof secondMerchantTree>>;

const address = async (over: Record<string, unknown> = {}) =>
  (
    await m1.post<PushAddressWithSecret>('/api/pushes/addresses', {
      name: `地址${Math.random().toString(36).slice(2, 8)}`,
      url: `${receiver.url}/hook`,
      params: { appKey: 'k1' },
      headers: { Authorization: 'Bearer t1' },
      grades: [],
      enabled: true,
      ...over,
    })
  ).body.data!;
const enqueue = (callId: number) => p.server.deps.queues.pushes.add({ callId }, { jobId: `push:${callId}` });
const settled = (rows: { status: string }[]) => rows.length > 0 && rows.every((r) => r.status !== 'pending');
const verified = (secret: string, r: Receiver['received'][number]) =>
  verifySignature(
    secret,
    String(r.headers['x-push-timestamp']),
    r.body,
    String(r.headers['x-push-signature']),
  );

beforeAll(async () => {
  p = await startTestPlatform({ config: { pushes: { retryDelaysMs: [50, 50, 50], timeoutMs: 3000 } } });
  admin = await loggedIn(p, 'superadmin');
  m1 = await loggedIn(p, 'merchant01');
  m1Id = await accountId(p, 'merchant01');
  other = await secondMerchantTree(p, ['set/apiandpush']);
  receiver = await startReceiver();
});
beforeEach(async () => {
  await admin.put('/api/pushes/platform', { allowPrivateTargets: true });
  await p.db.knex('push_addresses').delete();
  receiver.received.length = 0;
  receiver.script();
});
afterAll(async () => {
  await receiver.close();
  await p.close();
});

it('delivers a finished call signed, with record, transcript, grade and Param, to matching addresses only', async () => {
  const a = await address({ grades: [21, 22] });
  await address({ grades: [23] }); // another grade
  await address({ enabled: false }); // disabled
  const customerId = await insertCustomer(p, m1Id, { name: '张三' });
  const callId = await insertEndedCall(p.db.knex, m1Id, { grade: 21, customerId });
  await enqueue(callId);
  const [row] = await waitForDeliveries(p.db.knex, callId, settled);
  expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_status: 200, kind: 'address' });
  expect(receiver.received).toHaveLength(1);
  const got = receiver.received[0]!;
  expect(verified(a.secret, got)).toBe(true);
  expect(got.headers['x-push-id']).toBe(`push:${callId}:address:${a.address.id}`);
  expect(got.headers.authorization).toBe('Bearer t1');
  expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = JSON.parse(got.body);
  expect(body).toMatchObject({
    id: `push:${callId}:address:${a.address.id}`,
    event: 'call.finished',
    record: { callId, customerName: '张三', phone: '138****0001', resultLevel: 21, talkMs: 42000 },
    grade: { level: 21, letter: 'A' },
    params: { appKey: 'k1' },
  });
  expect(body.transcript.map((l: { type: string; content: string }) => [l.type, l.content])).toEqual([
    ['robot', '您好，请问是张先生吗？'],
    ['customer', '是的'],
  ]);
  expect(body.transcript[1].voice).toEqual(['/rec/1.wav']);
  // A signature over another secret or a changed body does not verify.
  expect(verified('pks_wrong', got)).toBe(false);
  expect(verified(a.secret, { ...got, body: got.body.replace('张三', '李四') })).toBe(false);
});

it('an address without grades also takes a not-connected call (no grade)', async () => {
  await address({ grades: [] });
  await address({ grades: [21] });
  const callId = await insertEndedCall(p.db.knex, m1Id, { grade: null });
  await enqueue(callId);
  const rows = await waitForDeliveries(p.db.knex, callId, settled);
  expect(rows).toHaveLength(1);
  expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ grade: null, transcript: [] });
});

it('retries 500 and 429 with backoff, then delivers; every try carries the same push id', async () => {
  const a = await address();
  receiver.script(500, 429);
  const callId = await insertEndedCall(p.db.knex, m1Id);
  await enqueue(callId);
  const [row] = await waitForDeliveries(p.db.knex, callId, settled);
  expect(row).toMatchObject({ status: 'delivered', attempts: 3, last_status: 200, last_error: null });
  expect(receiver.received).toHaveLength(3);
  expect(new Set(receiver.received.map((r) => r.headers['x-push-id']))).toEqual(
    new Set([`push:${callId}:address:${a.address.id}`]),
  );
  expect(receiver.received.every((r) => verified(a.secret, r))).toBe(true);
});

it('gives up after the last retry', async () => {
  await address();
  receiver.script(500, 500, 500, 500, 500);
  const callId = await insertEndedCall(p.db.knex, m1Id);
  await enqueue(callId);
  const [row] = await waitForDeliveries(p.db.knex, callId, settled);
  expect(row).toMatchObject({ status: 'failed', attempts: 4, last_status: 500, next_attempt_at: null });
  expect(row.last_error).toContain('HTTP 500');
  expect(receiver.received).toHaveLength(4);
});

it('does not retry a 400', async () => {
  await address();
  receiver.script(400);
  const callId = await insertEndedCall(p.db.knex, m1Id);
  await enqueue(callId);
  const [row] = await waitForDeliveries(p.db.knex, callId, settled);
  expect(row).toMatchObject({ status: 'failed', attempts: 1, last_status: 400, next_attempt_at: null });
  expect(await processCall(p.server.deps, callId)).toEqual({ attempted: 0 });
  expect(receiver.received).toHaveLength(1);
});

it('retries a refused connection (network error) and then fails', async () => {
  const closed = http.createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((r) => closed.close(() => r()));
  await address({ url: `http://127.0.0.1:${port}/gone` });
  const callId = await insertEndedCall(p.db.knex, m1Id);
  await enqueue(callId);
  const [row] = await waitForDeliveries(p.db.knex, callId, settled);
  expect(row).toMatchObject({ status: 'failed', attempts: 4, last_status: null, last_error: 'ECONNREFUSED' });
});

it('a job that runs twice (also at once) sends once', async () => {
  const a = await address();
  const callId = await insertEndedCall(p.db.knex, m1Id);
  const runs = await Promise.all([processCall(p.server.deps, callId), processCall(p.server.deps, callId)]);
  expect(runs.map((r) => r.attempted).sort()).toEqual([0, 1]);
  expect(await processCall(p.server.deps, callId)).toEqual({ attempted: 0 });
  await enqueue(callId);
  await p.server.deps.queues.pushes.add({ callId }, { jobId: `push:${callId}:again` });
  await waitForDeliveries(p.db.knex, callId, settled);
  // Let both queued jobs finish before counting.
  for (const id of [`push:${callId}`, `push:${callId}:again`]) {
    const job = await p.server.deps.queues.pushes.getJob(id);
    if (job) await job.finished();
  }
  const rows = await p.db.knex('push_deliveries').where({ call_id: callId });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    status: 'delivered',
    attempts: 1,
    push_id: `push:${callId}:address:${a.address.id}`,
  });
  expect(receiver.received).toHaveLength(1);
});

it('a job Bull gives up for stalling again and again leaves no delivery waiting for ever', async () => {
  const a = await address();
  const callId = await insertEndedCall(p.db.knex, m1Id);
  // The row the stalled run had planned and whose lease has run out, with no job left to wake it.
  await p.db.knex('push_deliveries').insert({
    account_id: m1Id,
    call_id: callId,
    kind: 'address',
    address_id: a.address.id,
    url: a.address.url,
    push_id: `push:${callId}:address:${a.address.id}`,
    attempts: 1,
  });
  // What Bull's stalled-job check emits when it gives a job up (queue.js moveUnlockedJobsToWait).
  p.server.deps.queues.pushes.emit(
    'failed',
    { id: `push:${callId}`, data: { callId } },
    new Error('job stalled more than allowable limit'),
  );
  const [row] = await waitForDeliveries(p.db.knex, callId, settled);
  expect(row).toMatchObject({ status: 'delivered', attempts: 2 });
  expect(receiver.received).toHaveLength(1);
});

it('refuses at send time what was saved while private targets were allowed (127.0.0.1, localhost), no retry', async () => {
  const ip = await address();
  const named = await address({ url: `http://localhost:${receiver.port}/hook` });
  await admin.put('/api/pushes/platform', { allowPrivateTargets: false });
  const callId = await insertEndedCall(p.db.knex, m1Id);
  await enqueue(callId);
  const rows = await waitForDeliveries(p.db.knex, callId, (r) => r.length === 2 && settled(r));
  for (const r of rows) {
    expect(r).toMatchObject({ status: 'failed', attempts: 1, last_status: null });
    expect(r.last_error).toMatch(/^refused: (127\.0\.0\.1|::1) is loopback/);
  }
  expect(rows.map((r) => Number(r.address_id)).sort()).toEqual([ip.address.id, named.address.id].sort());
  expect(receiver.received).toHaveLength(0);

  // Allowed again: retry-now from the log delivers.
  await admin.put('/api/pushes/platform', { allowPrivateTargets: true });
  const first = rows.find((r) => Number(r.address_id) === ip.address.id)!;
  const retried = await m1.post<PushDeliveryDto>(`/api/pushes/deliveries/${first.id}/retry`);
  expect(retried.body.data).toMatchObject({ status: 'pending', attempts: 0 });
  const after = await waitForDeliveries(p.db.knex, callId, (r) =>
    r.some((x) => Number(x.id) === Number(first.id) && x.status === 'delivered'),
  );
  expect(after.find((x) => Number(x.id) === Number(first.id))).toMatchObject({
    attempts: 1,
    last_status: 200,
  });
  expect(receiver.received).toHaveLength(1);
  expect(verified(ip.secret, receiver.received[0]!)).toBe(true);
  // Delivered: no second retry.
  expect((await m1.post(`/api/pushes/deliveries/${first.id}/retry`)).status).toBe(400);
});

it("pushes to the task's push url when its grades match, signed with the account's task secret", async () => {
  const [task] = await p.db
    .knex('tasks')
    .insert({
      account_id: m1Id,
      name: '推送任务',
      robots: 1,
      start_date: '2026-11-23',
      push_url: `${receiver.url}/task-hook`,
      push_account: 'acc01',
      push_grades: [21],
    })
    .returning('id');
  const taskId = Number(task.id);
  const callId = await insertEndedCall(p.db.knex, m1Id, { taskId });
  const otherGrade = await insertEndedCall(p.db.knex, m1Id, { taskId, grade: 23 });
  await enqueue(otherGrade);
  await enqueue(callId);
  // No task secret yet: the delivery fails with a clear reason and nothing is sent unsigned.
  const [row] = await waitForDeliveries(p.db.knex, callId, settled);
  expect(row).toMatchObject({ kind: 'task', status: 'failed', attempts: 1 });
  expect(row.last_error).toContain('no task push secret');
  expect(receiver.received).toHaveLength(0);

  const { secret } = (await m1.post<{ secret: string }>('/api/pushes/task-secret/rotate')).body.data!;
  await m1.post(`/api/pushes/deliveries/${row.id}/retry`);
  await waitForDeliveries(p.db.knex, callId, (r) => r[0]?.status === 'delivered');
  expect(receiver.received).toHaveLength(1);
  const got = receiver.received[0]!;
  expect(got.path).toBe('/task-hook');
  expect(verified(secret, got)).toBe(true);
  expect(got.headers['x-push-id']).toBe(`push:${callId}:task:${taskId}`);
  expect(JSON.parse(got.body)).toMatchObject({
    pushAccount: 'acc01',
    record: { taskId, taskName: '推送任务' },
  });
  const job = await p.server.deps.queues.pushes.getJob(`push:${otherGrade}`);
  if (job) await job.finished();
  expect(await p.db.knex('push_deliveries').where({ call_id: otherGrade })).toEqual([]);
});

describe('the delivery log', () => {
  it('lists own deliveries newest first with a status filter; pages by id', async () => {
    await address();
    receiver.script(400);
    const failedCall = await insertEndedCall(p.db.knex, m1Id);
    await enqueue(failedCall);
    await waitForDeliveries(p.db.knex, failedCall, settled);
    const okCall = await insertEndedCall(p.db.knex, m1Id);
    await enqueue(okCall);
    await waitForDeliveries(p.db.knex, okCall, settled);

    type Page = { items: PushDeliveryDto[]; nextBefore: number | null };
    const all = (await m1.get<Page>('/api/pushes/deliveries?limit=2')).body.data!;
    expect(all.items.map((d) => d.callId)).toEqual([okCall, failedCall]);
    expect(all.items[0]).toMatchObject({ status: 'delivered', kind: 'address', lastStatus: 200 });
    expect(all.items[0]!.addressName).toMatch(/^地址/);
    expect(all.nextBefore).toBe(all.items[1]!.id);
    const failed = (await m1.get<Page>('/api/pushes/deliveries?status=failed')).body.data!;
    expect(failed.items.every((d) => d.status === 'failed')).toBe(true);
    expect(failed.items.map((d) => d.callId)).toContain(failedCall);
    const older = (await m1.get<Page>(`/api/pushes/deliveries?before=${all.nextBefore}`)).body.data!;
    expect(older.items.every((d) => d.id < all.nextBefore!)).toBe(true);
    for (const q of ['status=lost', 'limit=0', 'limit=abc', 'before=-1'])
      expect((await m1.get(`/api/pushes/deliveries?${q}`)).status).toBe(400);
  });

  it("another merchant tree neither sees merchant01's deliveries nor retries them (404)", async () => {
    await address();
    receiver.script(400);
    const callId = await insertEndedCall(p.db.knex, m1Id);
    await enqueue(callId);
    const [row] = await waitForDeliveries(p.db.knex, callId, settled);
    for (const c of [other.m2, other.u2]) {
      expect((await c.get<{ items: unknown[] }>('/api/pushes/deliveries')).body.data!.items).toEqual([]);
      expect((await c.post(`/api/pushes/deliveries/${row.id}/retry`)).status).toBe(404);
    }
    expect((await m1.post('/api/pushes/deliveries/999999999/retry')).status).toBe(404);
    expect((await p.db.knex('push_deliveries').where({ id: row.id }).first()).status).toBe('failed');
  });
});
