// Follow-ups and reminders: the timeline, stage changes, validation, reminders falling due pushed
// live (tick called directly), handling, and tenant isolation.
import type { Socket } from 'socket.io-client';
import type { FollowUpDto } from '../../../../../domain/crm';
import { Events } from '../../../../../domain/events';
import type { ApiClient } from '../../../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import {
  accountId,
  insertCustomer,
  liveSocket,
  loggedIn,
  secondMerchantTree,
} from '../../../../../test/fixtures';
import { pushDueReminders } from './reminders';

let p: TestPlatform;
let m1: ApiClient;
let op: ApiClient;
let other: Awaited<ReturnType<typeof secondMerchantTree>>;
let ids: { m1: number; op: number };
const sockets: Socket[] = [];

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const followUp = (over: Record<string, unknown> = {}) => ({
  recordType: 1,
  stage: 300,
  contactMethod: 301,
  details: '电话沟通，有意向',
  ...over,
});
type Timeline = { items: FollowUpDto[]; nextBefore: number | null };

beforeAll(async () => {
  p = await startTestPlatform();
  // The background tick must not race the direct calls below.
  await p.server.deps.queues.crm.pause(true);
  m1 = await loggedIn(p, 'merchant01');
  op = await loggedIn(p, 'operator01');
  other = await secondMerchantTree(p);
  ids = { m1: await accountId(p, 'merchant01'), op: await accountId(p, 'operator01') };
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await p.close();
});

describe('follow-up records', () => {
  it('writes the record, moves the stage and records the change on the timeline', async () => {
    const c = await insertCustomer(p, ids.op);
    const r = await op.post<{ record: FollowUpDto; stageChange: FollowUpDto }>(
      `/api/crm/customers/${c}/follow-ups`,
      followUp(),
    );
    expect(r.body.code).toBe(200);
    expect(r.body.data!.record).toMatchObject({
      customerId: c,
      accountId: ids.op,
      stage: 300,
      contactMethod: 301,
    });
    expect(r.body.data!.stageChange).toMatchObject({ contactMethod: 500, stage: 300, details: '100->300' });
    const row = await p.db.knex('customers').where({ id: c }).first('stage', 'last_follow_up_at');
    expect(row.stage).toBe(300);
    expect(row.last_follow_up_at).not.toBeNull();

    // Same stage again: no system record.
    const again = await op.post(`/api/crm/customers/${c}/follow-ups`, followUp({ contactMethod: 320 }));
    expect(again.body.data).toMatchObject({ stageChange: null });
    const t = (await op.get<Timeline>(`/api/crm/customers/${c}/follow-ups`)).body.data!;
    expect(t.items.map((i) => i.contactMethod)).toEqual([320, 500, 301]); // newest first
    const page = (await op.get<Timeline>(`/api/crm/customers/${c}/follow-ups?limit=2`)).body.data!;
    expect(page.items).toHaveLength(2);
    const rest = (await op.get<Timeline>(`/api/crm/customers/${c}/follow-ups?before=${page.nextBefore}`)).body
      .data!;
    expect(rest.items.map((i) => i.contactMethod)).toEqual([301]);
  });

  it('lets a merchant follow up customers of its subordinates, not the other way round', async () => {
    const ofOperator = await insertCustomer(p, ids.op);
    const ofMerchant = await insertCustomer(p, ids.m1);
    expect((await m1.post(`/api/crm/customers/${ofOperator}/follow-ups`, followUp())).body.code).toBe(200);
    expect((await op.post(`/api/crm/customers/${ofMerchant}/follow-ups`, followUp())).body.code).toBe(404);
    expect((await op.get(`/api/crm/customers/${ofMerchant}/follow-ups`)).body.code).toBe(404);
  });

  it('refuses customers in the sea and unknown ids', async () => {
    const inSea = await insertCustomer(p, ids.m1, { in_sea: true, sea_since: new Date() });
    expect((await m1.post(`/api/crm/customers/${inSea}/follow-ups`, followUp())).body.code).toBe(404);
    expect((await m1.get(`/api/crm/customers/${inSea}/follow-ups`)).body.code).toBe(404);
    expect((await m1.get('/api/crm/customers/99999999/follow-ups')).body.code).toBe(404);
    expect((await m1.get('/api/crm/customers/abc/follow-ups')).status).toBe(400);
  });

  it.each([
    ['unknown contact method', { contactMethod: 999 }],
    ['a system contact method', { contactMethod: 500 }],
    ['unknown stage', { stage: 700 }],
    ['stage as a string', { stage: '300' }],
    ['unknown record type', { recordType: 2 }],
    ['details too long', { details: 'x'.repeat(2001) }],
    ['details not a string', { details: 42 }],
    ['a reminder without a date', { recordType: 0 }],
    ['a reminder in the past', { recordType: 0, remindAt: new Date(Date.now() - 60_000).toISOString() }],
    ['a reminder with a bad date', { recordType: 0, remindAt: 'tomorrow' }],
  ])('refuses %s (400, nothing written)', async (_, over) => {
    const c = await insertCustomer(p, ids.op);
    const r = await op.post(`/api/crm/customers/${c}/follow-ups`, followUp(over));
    expect(r.status).toBe(400);
    expect(r.body.data).toMatchObject({ errors: [expect.objectContaining({ path: expect.any(String) })] });
    expect(await p.db.knex('follow_ups').where({ customer_id: c }).count({ n: '*' }).first()).toEqual({
      n: '0',
    });
  });
});

describe('work reminders', () => {
  it('lists pending reminders of the caller only, and marks them handled', async () => {
    const c = await insertCustomer(p, ids.op);
    const made = (
      await op.post<{ record: FollowUpDto }>(
        `/api/crm/customers/${c}/follow-ups`,
        followUp({ recordType: 0, stage: 100, remindAt: inAnHour() }),
      )
    ).body.data!.record;
    expect(made.remindAt).not.toBeNull();
    const pending = (
      await op.get<{ items: (FollowUpDto & { customerName: string })[] }>('/api/crm/reminders')
    ).body.data!.items;
    expect(pending.map((i) => i.id)).toContain(made.id);
    expect(pending.find((i) => i.id === made.id)!.customerName).toMatch(/^客户/);
    // The merchant sees its own reminders, not its subordinate's.
    const mine = (await m1.get<{ items: FollowUpDto[] }>('/api/crm/reminders')).body.data!.items;
    expect(mine.map((i) => i.id)).not.toContain(made.id);
    expect((await m1.post(`/api/crm/reminders/${made.id}/handle`)).body.code).toBe(404);

    const handled = await op.post<FollowUpDto>(`/api/crm/reminders/${made.id}/handle`);
    expect(handled.body.data!.handledAt).not.toBeNull();
    expect((await op.post(`/api/crm/reminders/${made.id}/handle`)).body.code).toBe(200); // idempotent
    const after = (await op.get<{ items: FollowUpDto[] }>('/api/crm/reminders?status=pending')).body.data!
      .items;
    expect(after.map((i) => i.id)).not.toContain(made.id);
    const done = (await op.get<{ items: FollowUpDto[] }>('/api/crm/reminders?status=handled')).body.data!
      .items;
    expect(done.map((i) => i.id)).toContain(made.id);
    expect((await op.get('/api/crm/reminders?status=bogus')).status).toBe(400);
  });

  it('pushes a reminder that fell due to its owner once, live and in the notices', async () => {
    const c = await insertCustomer(p, ids.op, { name: '到期客户' });
    const made = (
      await op.post<{ record: FollowUpDto }>(
        `/api/crm/customers/${c}/follow-ups`,
        followUp({ recordType: 0, stage: 100, remindAt: inAnHour(), details: '回访' }),
      )
    ).body.data!.record;
    const opSocket = await liveSocket(p, op);
    const m1Socket = await liveSocket(p, m1);
    sockets.push(opSocket, m1Socket);
    const leaked: unknown[] = [];
    m1Socket.on('reminder:due', (r) => leaked.push(r));
    const got = new Promise<FollowUpDto>((resolve) => opSocket.once('reminder:due', resolve));

    expect((await pushDueReminders(p.server.deps)).pushed).toBe(0); // not due yet
    await p.db
      .knex('follow_ups')
      .where({ id: made.id })
      .update({ remind_at: new Date(Date.now() - 1000) });
    // Two ticks at once (two processes): the reminder goes out exactly once.
    const [a, b] = await Promise.all([pushDueReminders(p.server.deps), pushDueReminders(p.server.deps)]);
    expect(a.pushed + b.pushed).toBe(1);
    expect(await got).toMatchObject({ id: made.id, customerId: c, details: '回访' });
    expect((await pushDueReminders(p.server.deps)).pushed).toBe(0);
    const timeline = (await op.get<Timeline>(`/api/crm/customers/${c}/follow-ups`)).body.data!.items;
    expect(timeline[0]).toMatchObject({ recordType: 1, contactMethod: 501, details: '回访' });
    const notices = await p.db
      .knex('notices')
      .where({ account_id: ids.op, type: 100, title_key: 'reminder.title' })
      .select('params', 'content');
    expect(notices).toContainEqual({ params: { who: expect.stringContaining('到期客户') }, content: '回访' });
    // A notice to merchant01 sent after the reminder: one connection keeps the order the server sends
    // in, so once it is there a leaked reminder would have come before it.
    const marker = new Promise<void>((resolve) =>
      m1Socket.on(Events.NoticeNew, (n: { id: number }) => n.id === -1 && resolve()),
    );
    p.server.deps.live.noticeToUser(ids.m1, { id: -1 } as never);
    await marker;
    expect(leaked).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it("another merchant tree cannot read or write merchant01's follow-ups or reminders (404)", async () => {
    const c = await insertCustomer(p, ids.op);
    const made = (
      await op.post<{ record: FollowUpDto }>(
        `/api/crm/customers/${c}/follow-ups`,
        followUp({ recordType: 0, stage: 100, remindAt: inAnHour() }),
      )
    ).body.data!.record;
    for (const client of [other.m2, other.u2]) {
      expect((await client.get(`/api/crm/customers/${c}/follow-ups`)).body.code).toBe(404);
      expect((await client.post(`/api/crm/customers/${c}/follow-ups`, followUp())).body.code).toBe(404);
      expect((await client.post(`/api/crm/reminders/${made.id}/handle`)).body.code).toBe(404);
      const list = (await client.get<{ items: FollowUpDto[] }>('/api/crm/reminders')).body.data!.items;
      expect(list.map((i) => i.id)).not.toContain(made.id);
    }
    const row = await p.db.knex('follow_ups').where({ id: made.id }).first('handled_at');
    expect(row.handled_at).toBeNull();
    expect(await p.db.knex('follow_ups').where({ customer_id: c }).count({ n: '*' }).first()).toEqual({
      n: '1',
    });
  });
});

describe('the crm queue', () => {
  it("runs the 'reminders' job by name and has it repeat every 30 s", async () => {
    const q = p.server.deps.queues.crm;
    const repeats = await q.getRepeatableJobs();
    expect(repeats.map((r) => [r.name, Number(r.every)])).toEqual(
      expect.arrayContaining([
        ['reminders', 30000],
        ['sea-release', 3600000],
      ]),
    );
    // A repeat run that fell due while the worker was paused waits ahead of ours and would claim the
    // reminder first: clear the waiting and delayed runs so the job added below is the only one.
    await q.empty();
    const c = await insertCustomer(p, ids.op);
    await p.db.knex('follow_ups').insert({
      account_id: ids.op,
      customer_id: c,
      record_type: 0,
      stage: 100,
      contact_method: 301,
      remind_at: new Date(Date.now() - 1000),
    });
    await q.resume(true);
    const job = await q.add('reminders', {});
    expect(await job.finished()).toEqual({ pushed: 1 });
  });
});
