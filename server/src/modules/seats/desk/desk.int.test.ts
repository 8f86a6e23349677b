// The seat desk over the API: the current call back from the server (a reload during a call), its card,
// transcript and room; the disposition (form rules, once per call, a repeat answered as stored, another
// refused, wrap-up ended); the quick follow-up with the follow-up API's rules and permission; the
// recent calls of the seat only; another tenant's seats and calls, another seat's call: 404.
import type { Socket } from 'socket.io-client';
import { rooms } from '../../../../../domain/events';
import type { DeskCurrentDto, DeskRecentPage, DispositionDto } from '../../../../../domain/seatDesk';
import type { SeatDto, SeatGroupDto, SeatStateDto } from '../../../../../domain/seats';
import type { ApiClient, Reply } from '../../../../../test/apiClient';
import {
  accountId,
  insertCustomer,
  liveSocket,
  loggedIn,
  secondMerchantTree,
} from '../../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import { insertCall } from '../../callrecords/testHelpers';
import { statesOf } from '../state/state';

let p: TestPlatform;
let m1: ApiClient;
let op: ApiClient;
let other: Awaited<ReturnType<typeof secondMerchantTree>>;
let seat: SeatDto;
let seat2: SeatDto;
let m1Id: number;
let m2Id: number;
let customerId: number;

const paths = (r: Reply) =>
  ((r.body.data as { errors?: { path: string }[] })?.errors ?? []).map((e) => e.path);

async function makeSeat(owner: ApiClient, userId: number, ext: string): Promise<SeatDto> {
  const group = (await owner.post<SeatGroupDto>('/api/seats/groups', { name: `组${ext}` })).body.data!;
  const r = await owner.post<SeatDto>('/api/seats', {
    name: `坐席${ext}`,
    type: 'extension',
    extension: ext,
    authName: `seat${ext}`,
    authPassword: 'Desk-Pass-81',
    groupId: group.id,
    userId,
  });
  expect(r.status).toBe(200);
  return r.body.data!;
}

/** A call of `accountId` the seat took (answered offer, transferred to it), with two lines. */
async function takenCall(seatId: number, accountId: number, over: Record<string, unknown> = {}) {
  const c = await insertCall(p, {
    accountId,
    status: 'answered',
    transfer_outcome: 'accepted',
    transfer_seat_id: seatId,
    ...over,
  });
  await p.db.knex('seat_offers').insert({
    account_id: accountId,
    call_uuid: c.uuid,
    seat_id: seatId,
    answered_at: p.db.knex.fn.now(),
  });
  await p.db.knex('conversation_lines').insert([
    { call_id: c.id, seq: 1, khtype: 'robot', khcontent: '您好，请问需要贷款吗？' },
    { call_id: c.id, seq: 2, khtype: 'customer', khcontent: '首套房，想了解一下' },
  ]);
  return c;
}

beforeAll(async () => {
  p = await startTestPlatform();
  m1 = await loggedIn(p, 'merchant01');
  op = await loggedIn(p, 'operator01');
  // The other tree's user holds the seats menu but not my customers.
  other = await secondMerchantTree(p, ['dialcenter/seatsmanage']);
  m1Id = await accountId(p, 'merchant01');
  m2Id = other.merchant.id;
  seat = await makeSeat(m1, await accountId(p, 'operator01'), '8201');
  seat2 = await makeSeat(other.m2, other.user.id, '8202');
  customerId = await insertCustomer(p, m1Id, { name: '王先生' });
  expect((await op.put(`/api/seats/${seat.id}/state`, { online: true })).status).toBe(200);
  expect((await other.u2.put(`/api/seats/${seat2.id}/state`, { online: true })).status).toBe(200);
});
afterAll(() => p.close());

describe('the current call', () => {
  let socket: Socket | undefined;
  afterEach(() => socket?.disconnect());

  it('comes back from the server with card and transcript, and a new socket joins its room', async () => {
    const idle = await op.get<DeskCurrentDto>(`/api/seats/${seat.id}/desk`);
    expect(idle.status).toBe(200);
    expect(idle.body.data).toMatchObject({ seatId: seat.id, call: null, state: { status: 'idle' } });

    const c = await takenCall(seat.id, m1Id, { customer_id: customerId, grade: 22 });
    await statesOf(p.server.deps).markBusy(seat.id, c.uuid);
    // A reloaded page: a fresh socket, then the GET.
    socket = await liveSocket(p, op);
    const r = await op.get<DeskCurrentDto>(`/api/seats/${seat.id}/desk`);
    expect(r.status).toBe(200);
    const call = r.body.data!.call!;
    expect(call).toMatchObject({ callUuid: c.uuid, status: 'answered', disposition: null });
    expect(call.takenAt).not.toBeNull();
    expect(call.card).toMatchObject({ customerId, name: '王先生', grade: 22, tags: [], lastFollowUp: null });
    expect(call.customerStage).toBe(100);
    expect(call.transcript.map((l) => l.khcontent)).toEqual(['您好，请问需要贷款吗？', '首套房，想了解一下']);

    const got = new Promise((resolve) => socket!.once('call:line', resolve));
    p.server.deps.live.toRooms([rooms.call(c.uuid)], 'call:line', {
      callUuid: c.uuid,
      line: { ...call.transcript[1]!, seq: 3, khcontent: '利率多少' },
    });
    await expect(got).resolves.toMatchObject({ callUuid: c.uuid, line: { seq: 3 } });

    // The supervisor sees it too; another tree and the other tree's seat do not.
    expect((await m1.get(`/api/seats/${seat.id}/desk`)).status).toBe(200);
    expect((await other.m2.get(`/api/seats/${seat.id}/desk`)).status).toBe(404);
    expect((await other.u2.get(`/api/seats/${seat.id}/desk`)).status).toBe(404);
    expect((await op.get(`/api/seats/${seat2.id}/desk`)).status).toBe(404);
    expect((await op.get('/api/seats/abc/desk')).status).toBe(400);
  });

  it('is none while the call is only offered (not taken)', async () => {
    const c = await insertCall(p, { accountId: m1Id, status: 'answered' });
    await p.db.knex('seat_offers').insert({ account_id: m1Id, call_uuid: c.uuid, seat_id: seat2.id });
    await statesOf(p.server.deps).markBusy(seat2.id, c.uuid);
    const r = await other.u2.get<DeskCurrentDto>(`/api/seats/${seat2.id}/desk`);
    expect(r.body.data).toMatchObject({ call: null, state: { status: 'busy', callUuid: c.uuid } });
    await statesOf(p.server.deps).markIdle(seat2.id, c.uuid);
  });
});

describe('the disposition', () => {
  const url = (seatId: number, uuid: string) => `/api/seats/${seatId}/desk/calls/${uuid}/disposition`;

  it('refuses bad input with the form rules', async () => {
    const c = await takenCall(seat.id, m1Id);
    for (const [bad, field] of [
      [{}, 'disposition'],
      [{ disposition: '' }, 'disposition'],
      [{ disposition: 'maybe' }, 'disposition'],
      [{ disposition: 7 }, 'disposition'],
      [{ disposition: 'interested', note: 5 }, 'note'],
      [{ disposition: 'interested', note: 'x'.repeat(501) }, 'note'],
    ] as const) {
      const r = await op.post(url(seat.id, c.uuid), bad);
      expect(r.status).toBe(400);
      expect(paths(r)).toContain(field);
    }
    expect((await op.post(url(seat.id, c.uuid), { disposition: 'interested', extra: 1 })).status).toBe(400);
    expect((await op.post(url(seat.id, 'not-a-uuid'), { disposition: 'interested' })).status).toBe(400);
    expect(await p.db.knex('seat_dispositions').count('* as n').first()).toEqual({ n: '0' });
  });

  it('is set once: a repeat answers as stored, another is refused; it ends wrap-up', async () => {
    const c = await takenCall(seat.id, m1Id);
    const s = statesOf(p.server.deps);
    await s.markIdle(seat.id);
    await s.markBusy(seat.id, c.uuid);
    await s.markWrapUp(seat.id, c.uuid);
    const body = { disposition: 'callBack', note: ' 明天上午回电 ' };
    const r = await op.post<{ disposition: DispositionDto; state: SeatStateDto }>(url(seat.id, c.uuid), body);
    expect(r.status).toBe(200);
    expect(r.body.data!.disposition).toMatchObject({
      callUuid: c.uuid,
      seatId: seat.id,
      disposition: 'callBack',
      note: '明天上午回电',
      byAccount: 'operator01',
    });
    expect(r.body.data!.state).toMatchObject({ status: 'idle', activity: 'idle', callUuid: null });

    const again = await op.post<{ disposition: DispositionDto }>(url(seat.id, c.uuid), body);
    expect(again.status).toBe(200);
    expect(again.body.data!.disposition.createdAt).toBe(r.body.data!.disposition.createdAt);
    const changed = await op.post(url(seat.id, c.uuid), { disposition: 'interested' });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe('这通电话已登记了另一个处理结果，不能重复登记');
    // Two submits at once: one row.
    const c2 = await takenCall(seat.id, m1Id);
    const both = await Promise.all([
      op.post(url(seat.id, c2.uuid), { disposition: 'wrongNumber' }),
      m1.post(url(seat.id, c2.uuid), { disposition: 'wrongNumber' }),
    ]);
    expect(both.map((x) => x.status)).toEqual([200, 200]);
    const rows = await p.db.knex('seat_dispositions').whereIn('call_id', [c.id, c2.id]);
    expect(rows).toHaveLength(2);
  });

  it('only for the seat that took the call, by its user or a supervisor', async () => {
    const mine = await takenCall(seat.id, m1Id);
    const theirs = await takenCall(seat2.id, m2Id);
    const body = { disposition: 'notInterested' };
    // The other tenant's call id on my seat, my call on their seat, their user on my seat.
    expect((await op.post(url(seat.id, theirs.uuid), body)).status).toBe(404);
    expect((await other.u2.post(url(seat2.id, mine.uuid), body)).status).toBe(404);
    expect((await other.u2.post(url(seat.id, mine.uuid), body)).status).toBe(404);
    expect((await other.m2.post(url(seat.id, mine.uuid), body)).status).toBe(404);
    // A call only offered to the seat (not taken) is not its to dispose.
    const offered = await insertCall(p, { accountId: m1Id });
    await p.db.knex('seat_offers').insert({ account_id: m1Id, call_uuid: offered.uuid, seat_id: seat.id });
    expect((await op.post(url(seat.id, offered.uuid), body)).status).toBe(404);
    // The supervisor over the seat may.
    const sup = await m1.post<{ disposition: DispositionDto }>(url(seat.id, mine.uuid), body);
    expect(sup.status).toBe(200);
    expect(sup.body.data!.disposition.byAccount).toBe('merchant01');
  });
});

describe('the quick follow-up', () => {
  const url = (seatId: number, uuid: string) => `/api/seats/${seatId}/desk/calls/${uuid}/follow-ups`;
  const form = { recordType: 1, stage: 400, contactMethod: 301, details: '客户有意向，下周面谈' };

  it("writes a follow-up on the call's customer with the follow-up API's rules", async () => {
    const c = await takenCall(seat.id, m1Id, { customer_id: customerId });
    const r = await op.post<{ record: { id: number; accountId: number; details: string } }>(
      url(seat.id, c.uuid),
      form,
    );
    expect(r.status).toBe(200);
    expect(r.body.data!.record).toMatchObject({
      details: form.details,
      accountId: await accountId(p, 'operator01'),
    });
    const customer = await p.db
      .knex('customers')
      .where({ id: customerId })
      .first('stage', 'last_follow_up_at');
    expect(customer.stage).toBe(400);
    expect(customer.last_follow_up_at).not.toBeNull();
    for (const bad of [
      {},
      { ...form, stage: 7 },
      { ...form, contactMethod: 'x' },
      { ...form, recordType: 0 },
    ]) {
      const b = await op.post(url(seat.id, c.uuid), bad);
      expect(b.status).toBe(400);
      expect(paths(b).length).toBeGreaterThan(0);
    }
  });

  it('is refused without a customer, without the menu, and on calls that are not the seat’s', async () => {
    const bare = await takenCall(seat.id, m1Id);
    expect((await op.post(url(seat.id, bare.uuid), form)).status).toBe(409);
    const theirs = await takenCall(seat2.id, m2Id, {
      customer_id: await insertCustomer(p, m2Id),
    });
    // m2user01 works the seat but lacks crm/mycustomer.
    expect((await other.u2.post(url(seat2.id, theirs.uuid), form)).status).toBe(403);
    expect((await op.post(url(seat.id, theirs.uuid), form)).status).toBe(404);
  });
});

describe('recent calls', () => {
  it("lists only the seat's transferred calls, newest first, paged, with disposition", async () => {
    const r = await op.get<DeskRecentPage>(`/api/seats/${seat.id}/desk/calls?limit=100`);
    expect(r.status).toBe(200);
    const items = r.body.data!.items;
    expect(items.length).toBeGreaterThan(3);
    const ids = items.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const all = await p.db.knex('calls').where({ transfer_seat_id: seat.id }).pluck('call_uuid');
    expect(items.map((i) => i.callUuid).sort()).toEqual([...all].sort());
    expect(items.some((i) => i.disposition === 'callBack' && i.dispositionNote === '明天上午回电')).toBe(
      true,
    );
    expect(items.find((i) => i.customerName === '王先生')).toMatchObject({ transferOutcome: 'accepted' });

    const page1 = await op.get<DeskRecentPage>(`/api/seats/${seat.id}/desk/calls?limit=2`);
    expect(page1.body.data!.items).toHaveLength(2);
    const next = page1.body.data!.nextBefore!;
    const page2 = await op.get<DeskRecentPage>(`/api/seats/${seat.id}/desk/calls?limit=2&before=${next}`);
    expect(page2.body.data!.items[0]!.id).toBeLessThan(next);

    const theirs = await other.u2.get<DeskRecentPage>(`/api/seats/${seat2.id}/desk/calls`);
    expect(theirs.body.data!.items.every((i) => !all.includes(i.callUuid))).toBe(true);
    expect((await other.u2.get(`/api/seats/${seat.id}/desk/calls`)).status).toBe(404);
    expect((await op.get(`/api/seats/${seat.id}/desk/calls?limit=0`)).status).toBe(400);
    expect((await op.get(`/api/seats/${seat.id}/desk/calls?limit=abc`)).status).toBe(400);
  });
});
