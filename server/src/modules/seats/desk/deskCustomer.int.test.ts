// A customer made of a seat call's unknown caller (POST /api/seats/:id/desk/calls/:uuid/customer): in
// the call's account with the number the server holds (an inbound call's sealed number, an outbound
// call's task number), linked to the call, the number sent back masked; the customer form's rules;
// an existing customer of the number linked instead; a second submit refused (409); another tenant's
// call, another seat's call and another tree's user: 404.
import { encryptSecret, phoneHash } from '../../../../../platform/secrets';
import type { CustomerDto } from '../../../../../domain/crm';
import { maskPhone } from '../../../../../domain/format';
import type { DeskCallDto, DeskCurrentDto, DeskRecentPage } from '../../../../../domain/seatDesk';
import type { SeatDto, SeatGroupDto } from '../../../../../domain/seats';
import type { ApiClient, Reply } from '../../../../../test/apiClient';
import { accountId, insertCustomer, loggedIn, secondMerchantTree } from '../../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import { insertCall, insertTask, insertTaskNumber } from '../../callrecords/testHelpers';
import { statesOf } from '../state/state';

type Made = { created: boolean; customer: CustomerDto; call: DeskCallDto };

let p: TestPlatform;
let m1: ApiClient;
let op: ApiClient;
let other: Awaited<ReturnType<typeof secondMerchantTree>>;
let seat: SeatDto;
let seatB: SeatDto;
let seat2: SeatDto;
let m1Id: number;
let m2Id: number;
let phoneSeq = 0;

const url = (seatId: number | string, uuid: string) => `/api/seats/${seatId}/desk/calls/${uuid}/customer`;
const paths = (r: Reply) => [
  ...new Set(((r.body.data as { errors?: { path: string }[] })?.errors ?? []).map((e) => e.path)),
];
const nextPhone = () => `1381234${String(++phoneSeq).padStart(4, '0')}`;

async function makeSeat(owner: ApiClient, userId: number, ext: string): Promise<SeatDto> {
  const group = (await owner.post<SeatGroupDto>('/api/seats/groups', { name: `组${ext}` })).body.data!;
  const r = await owner.post<SeatDto>('/api/seats', {
    name: `坐席${ext}`,
    type: 'extension',
    extension: ext,
    authName: `seat${ext}`,
    authPassword: 'Desk-Pass-83',
    groupId: group.id,
    userId,
  });
  expect(r.status).toBe(200);
  return r.body.data!;
}

/** An inbound call of `accountId` from `phone` (sealed as the media worker stores it) the seat took. */
async function inboundTaken(
  seatId: number,
  accountId: number,
  phone: string,
  over: Record<string, unknown> = {},
) {
  const c = await insertCall(p, {
    accountId,
    phone,
    status: 'answered',
    direction: 'in',
    phone_cipher: encryptSecret(p.config.secretKey, phone),
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
  return c;
}

beforeAll(async () => {
  p = await startTestPlatform();
  m1 = await loggedIn(p, 'merchant01');
  op = await loggedIn(p, 'operator01');
  other = await secondMerchantTree(p, ['dialcenter/seatsmanage']);
  m1Id = await accountId(p, 'merchant01');
  m2Id = other.merchant.id;
  seat = await makeSeat(m1, await accountId(p, 'operator01'), '8301');
  seatB = await makeSeat(m1, m1Id, '8302');
  seat2 = await makeSeat(other.m2, other.user.id, '8303');
  expect((await op.put(`/api/seats/${seat.id}/state`, { online: true })).status).toBe(200);
});
afterAll(() => p.close());

it('makes the inbound caller a customer of the call account, links it and shows it on the desk', async () => {
  const phone = nextPhone();
  const c = await inboundTaken(seat.id, m1Id, phone);
  await statesOf(p.server.deps).markBusy(seat.id, c.uuid);
  const before = (await op.get<DeskCurrentDto>(`/api/seats/${seat.id}/desk`)).body.data!.call!;
  expect(before).toMatchObject({
    callUuid: c.uuid,
    origin: 'inbound',
    taskName: null,
    numberKnown: true,
    customerStage: null,
    card: { customerId: null, phoneMasked: maskPhone(phone) },
  });

  const r = await op.post<Made>(url(seat.id, c.uuid), { name: ' 赵先生 ', company: '某某地产', sex: 0 });
  expect(r.status).toBe(200);
  expect(r.body.code).toBe(200);
  const made = r.body.data!;
  expect(made.created).toBe(true);
  // The browser gets the mask only, never the number.
  expect(made.customer).toMatchObject({
    name: '赵先生',
    phone: maskPhone(phone),
    accountId: m1Id,
    stage: 100,
  });
  expect(JSON.stringify(r.body)).not.toContain(phone);
  expect(made.call).toMatchObject({
    callUuid: c.uuid,
    customerStage: 100,
    numberKnown: false,
    card: { customerId: made.customer.id, name: '赵先生' },
  });
  const row = await p.db.knex('customers').where({ id: made.customer.id }).first();
  expect(row).toMatchObject({
    account_id: String(m1Id),
    phone,
    phone_hash: phoneHash(p.config.secretKey, phone),
    company: '某某地产',
    sex: 0,
  });
  expect((await p.db.knex('calls').where({ call_uuid: c.uuid }).first('customer_id')).customer_id).toBe(
    String(made.customer.id),
  );
  const after = (await op.get<DeskCurrentDto>(`/api/seats/${seat.id}/desk`)).body.data!.call!;
  expect(after.card).toMatchObject({ customerId: made.customer.id, name: '赵先生' });
  const recent = (await op.get<DeskRecentPage>(`/api/seats/${seat.id}/desk/calls`)).body.data!;
  expect(recent.items.find((i) => i.callUuid === c.uuid)).toMatchObject({
    origin: 'inbound',
    customerName: '赵先生',
    phoneMasked: maskPhone(phone),
  });

  // A second submit (or a second seat's tab): 409 with the envelope, no second customer.
  const again = await op.post(url(seat.id, c.uuid), { name: '赵先生' });
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({ code: 409, message: '这通电话已关联客户，不能再新建' });
  expect(again.body.data).toMatchObject({ customerId: made.customer.id });
  const n = await p.db
    .knex('customers')
    .where({ phone_hash: phoneHash(p.config.secretKey, phone) })
    .count();
  expect(Number(n[0]!.count)).toBe(1);
  await statesOf(p.server.deps).markIdle(seat.id, c.uuid);
});

it('answers two submits at once with one customer and one 409', async () => {
  const c = await inboundTaken(seat.id, m1Id, nextPhone());
  const both = await Promise.all([
    op.post(url(seat.id, c.uuid), { name: '钱女士' }),
    op.post(url(seat.id, c.uuid), { name: '钱女士' }),
  ]);
  expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
});

it('takes an outbound call number from its task number, and links a customer the number already is', async () => {
  const taskId = await insertTask(p, m1Id, '首套房回访');
  const phone = nextPhone();
  const tn = await insertTaskNumber(p, taskId, m1Id, phone);
  const c = await inboundTaken(seat.id, m1Id, phone, {
    direction: 'out',
    phone_cipher: null,
    task_id: taskId,
    task_number_id: tn,
  });
  await statesOf(p.server.deps).markBusy(seat.id, c.uuid);
  const desk = (await op.get<DeskCurrentDto>(`/api/seats/${seat.id}/desk`)).body.data!.call!;
  expect(desk).toMatchObject({ origin: 'transfer', taskName: '首套房回访', numberKnown: true });
  const r = await op.post<Made>(url(seat.id, c.uuid), { name: '孙先生' });
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ created: true, customer: { name: '孙先生', phone: maskPhone(phone) } });
  await statesOf(p.server.deps).markIdle(seat.id, c.uuid);

  // The number is a customer of the tree already (made since the call came in): that one is linked.
  const known = nextPhone();
  const existing = await insertCustomer(p, m1Id, { phone: known, name: '周女士' });
  const c2 = await inboundTaken(seat.id, m1Id, known);
  const linked = await op.post<Made>(url(seat.id, c2.uuid), { name: '另一个名字' });
  expect(linked.status).toBe(200);
  expect(linked.body.data).toMatchObject({ created: false, customer: { id: existing, name: '周女士' } });
  expect((await p.db.knex('calls').where({ call_uuid: c2.uuid }).first('customer_id')).customer_id).toBe(
    String(existing),
  );
});

it('refuses bad input with the customer form rules', async () => {
  const c = await inboundTaken(seat.id, m1Id, nextPhone());
  for (const [bad, field] of [
    [{}, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 5 }, 'name'],
    [{ name: 'x'.repeat(65) }, 'name'],
    [{ name: '吴先生', sex: 3 }, 'sex'],
    [{ name: '吴先生', stage: 999 }, 'stage'],
    [{ name: '吴先生', company: 42 }, 'company'],
    [{ name: '吴先生', remarks: 'not a list' }, 'remarks'],
  ] as const) {
    const r = await op.post(url(seat.id, c.uuid), bad);
    expect([r.status, paths(r)]).toEqual([400, [field]]);
  }
  expect((await op.post(url(seat.id, 'not-a-uuid'), { name: '吴先生' })).status).toBe(400);
  expect((await op.post(url('abc', c.uuid), { name: '吴先生' })).status).toBe(400);
  // The number sent is not taken: it comes from the call only.
  const r = await op.post<Made>(url(seat.id, c.uuid), { name: '吴先生', phone: '13700000000' });
  expect(r.status).toBe(200);
  expect(r.body.data!.customer.phone).not.toBe('13700000000');
});

it('refuses a number that is not a mobile (SPEC §5) and a call whose number the server does not hold', async () => {
  const landline = await inboundTaken(seat.id, m1Id, '02188886666');
  const r = await op.post(url(seat.id, landline.uuid), { name: '郑先生' });
  expect([r.status, paths(r)]).toEqual([400, ['phone']]);
  const unknown = await inboundTaken(seat.id, m1Id, nextPhone(), { phone_cipher: null });
  const u = await op.post(url(seat.id, unknown.uuid), { name: '郑先生' });
  expect(u.status).toBe(409);
  expect(u.body.message).toBe('系统没有这通电话的完整号码，无法据此新建客户');
  expect(
    (await p.db.knex('calls').where({ call_uuid: unknown.uuid }).first('customer_id')).customer_id,
  ).toBeNull();
});

it('is the seat that took the call or a supervisor over it; anyone else finds nothing', async () => {
  // Another tenant's call, through my own seat: 404; my call through the other tree's seat: 404.
  const theirs = await inboundTaken(seat2.id, m2Id, nextPhone());
  expect((await op.post(url(seat.id, theirs.uuid), { name: '冯先生' })).status).toBe(404);
  const mine = await inboundTaken(seat.id, m1Id, nextPhone());
  expect((await other.u2.post(url(seat2.id, mine.uuid), { name: '冯先生' })).status).toBe(404);
  expect((await other.u2.post(url(seat.id, mine.uuid), { name: '冯先生' })).status).toBe(404);
  expect((await other.m2.post(url(seat.id, mine.uuid), { name: '冯先生' })).status).toBe(404);

  // A call another seat of the same account took: not this seat's (404); a call only offered: 404.
  const b = await inboundTaken(seatB.id, m1Id, nextPhone());
  expect((await op.post(url(seat.id, b.uuid), { name: '冯先生' })).status).toBe(404);
  const offered = await insertCall(p, { accountId: m1Id, status: 'answered', direction: 'in' });
  await p.db.knex('seat_offers').insert({ account_id: m1Id, call_uuid: offered.uuid, seat_id: seat.id });
  expect((await op.post(url(seat.id, offered.uuid), { name: '冯先生' })).status).toBe(404);
  expect(await p.db.knex('customers').where({ name: '冯先生' }).first()).toBeUndefined();

  // The account's manager (the seats menu over the seat) may.
  const r = await m1.post<Made>(url(seat.id, mine.uuid), { name: '冯先生' });
  expect(r.status).toBe(200);
  expect(r.body.data!.customer.accountId).toBe(m1Id);
});
