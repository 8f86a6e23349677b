// POST /fsapi/cdr over HTTP: a softphone's leg CDR (mod_json_cdr) charges the seat's account at its
// rate (ledger key softphone:<leg uuid>:<account>) and completes the browser's dial record; a CDR
// posted again, or twice at once, charges once; a record id of another seat (another tenant) is never
// touched; the switch's other legs and unknown extensions charge nothing; bad input is 400 and a
// wrong password 401.
import { randomUUID } from 'node:crypto';
import { chargeFen } from '../../../../domain/dialer/billing';
import type { SeatDto, SeatGroupDto } from '../../../../domain/seats';
import type { SoftphoneCallDto } from '../../../../domain/softphone';
import { softphoneLegCdr } from '../../../../media/src/sim/sipws/cdr';
import type { ApiClient } from '../../../../test/apiClient';
import { accountId, loggedIn, secondMerchantTree } from '../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';

let p: TestPlatform;
let op: ApiClient;
let other: Awaited<ReturnType<typeof secondMerchantTree>>;
let merchant: number;
const RATE = 12; // fen per minute, per 6 s block

beforeAll(async () => {
  p = await startTestPlatform();
  const m1 = await loggedIn(p, 'merchant01');
  op = await loggedIn(p, 'operator01');
  other = await secondMerchantTree(p, ['dialcenter/seatsmanage']);
  merchant = await accountId(p, 'merchant01');
  const group = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '话单组' })).body.data!;
  const seat = (
    await m1.post<SeatDto>('/api/seats', {
      name: '话单坐席',
      type: 'extension',
      extension: '8301',
      authName: 'seat8301',
      authPassword: 'Desk-Pass-83',
      groupId: group.id,
      userId: await accountId(p, 'operator01'),
      enabled: true,
      autoAnswer: false,
    })
  ).body.data!;
  await op.put(`/api/seats/${seat.id}/state`, { online: true });
  const k = p.db.knex;
  await k('billing_rates').where({ account_id: merchant }).delete();
  await k('billing_rates').insert({ account_id: merchant, rate_per_min_fen: RATE, accuracy_s: 6 });
  await k('accounts').where({ id: merchant }).update({ balance_fen: 100_000 });
});
afterAll(() => p.close());

const auth = () =>
  `Basic ${Buffer.from(`${p.config.fsXmlCurlUser}:${p.config.fsXmlCurlPassword}`).toString('base64')}`;

const post = (body: string, o: { type?: string; authorization?: string } = {}) =>
  fetch(`${p.url}/fsapi/cdr`, {
    method: 'POST',
    headers: { authorization: o.authorization ?? auth(), 'content-type': o.type ?? 'application/json' },
    body,
  }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as { code: number; message: string; data: unknown },
  }));

/** A leg of extension 8301 that talked `talkS` seconds. */
const leg = (
  o: { uuid?: string; record?: number | null; talkS?: number; extension?: string; cause?: string } = {},
) => {
  const start = Date.now() - 60_000;
  return softphoneLegCdr({
    uuid: o.uuid ?? randomUUID(),
    extension: o.extension ?? '8301',
    destination: '13800138000',
    record: o.record === undefined || o.record === null ? null : String(o.record),
    startedAt: start,
    answeredAt: o.talkS === 0 ? null : start + 5000,
    endedAt: start + 5000 + (o.talkS ?? 42) * 1000,
    hangupCause: o.cause ?? 'NORMAL_CLEARING',
  });
};

const balance = async () =>
  Number((await p.db.knex('accounts').where({ id: merchant }).first('balance_fen')).balance_fen);

const dialRecord = async () =>
  (await op.post<SoftphoneCallDto>('/api/softphone/calls', { direction: 'out', number: '13800138000' })).body
    .data!;

it("charges the browser's dial record by the switch's talk time, once however often it is posted", async () => {
  const rec = await dialRecord();
  const cdr = leg({ record: rec.id, talkS: 42 });
  const before = await balance();
  const r = await post(JSON.stringify(cdr));
  expect(r.status).toBe(200);
  const fen = chargeFen(42_000, RATE, 6);
  expect(r.body.data).toMatchObject({ kind: 'charged', recordId: rec.id, chargedFen: fen });
  expect(await balance()).toBe(before - fen);
  const entry = await p.db
    .knex('ledger_entries')
    .where('idempotency_key', `softphone:${cdr.variables.uuid}:${merchant}`)
    .first();
  expect(Number(entry.delta_fen)).toBe(-fen);

  // The switch retries until it hears 2xx: the same CDR again, and twice at once, change nothing.
  const again = await Promise.all([
    post(JSON.stringify(cdr)),
    post(JSON.stringify(cdr)),
    post(JSON.stringify(cdr)),
  ]);
  for (const a of again) expect(a.body.data).toEqual({ kind: 'duplicate' });
  expect(await balance()).toBe(before - fen);

  const list = (await op.get<SoftphoneCallDto[]>('/api/softphone/calls?limit=50')).body.data!;
  expect(list.find((c) => c.id === rec.id)).toMatchObject({
    talkSeconds: 42,
    chargedFen: fen,
    outcome: 'answered',
  });
});

it('a CDR the browser never announced still charges, with a record of its own', async () => {
  const before = await balance();
  const r = await post(JSON.stringify(leg({ talkS: 7 })));
  expect(r.body.data).toMatchObject({ kind: 'charged', chargedFen: chargeFen(7000, RATE, 6) });
  const id = (r.body.data as { recordId: number }).recordId;
  expect(await balance()).toBe(before - chargeFen(7000, RATE, 6));
  const list = (await op.get<SoftphoneCallDto[]>('/api/softphone/calls?limit=50')).body.data!;
  expect(list.find((c) => c.id === id)).toMatchObject({
    direction: 'out',
    number: '13800138000',
    talkSeconds: 7,
  });
});

it('an unanswered dial costs nothing and reads not connected', async () => {
  const rec = await dialRecord();
  const before = await balance();
  const r = await post(JSON.stringify(leg({ record: rec.id, talkS: 0 })));
  expect(r.body.data).toMatchObject({ kind: 'charged', recordId: rec.id, chargedFen: 0 });
  expect(await balance()).toBe(before);
  const list = (await op.get<SoftphoneCallDto[]>('/api/softphone/calls?limit=50')).body.data!;
  expect(list.find((c) => c.id === rec.id)).toMatchObject({
    outcome: 'failed',
    chargedFen: 0,
    talkSeconds: 0,
  });
  // Given up by the seat before the answer: cancelled.
  const mine = await dialRecord();
  await post(JSON.stringify(leg({ record: mine.id, talkS: 0, cause: 'ORIGINATOR_CANCEL' })));
  const after = (await op.get<SoftphoneCallDto[]>('/api/softphone/calls?limit=50')).body.data!;
  expect(after.find((c) => c.id === mine.id)).toMatchObject({ outcome: 'cancelled', chargedFen: 0 });
});

it("never touches another seat's record (another tenant's id in the header): the CDR gets its own", async () => {
  // merchant02's seat and a dial record of it.
  const g = (await other.m2.post<SeatGroupDto>('/api/seats/groups', { name: '二号话单组' })).body.data!;
  const m2user = await accountId(p, 'm2user01');
  const theirSeat = (
    await other.m2.post<SeatDto>('/api/seats', {
      name: '二号坐席',
      type: 'extension',
      extension: '8302',
      authName: 'seat8302',
      authPassword: 'Desk-Pass-84',
      groupId: g.id,
      userId: m2user,
      enabled: true,
      autoAnswer: false,
    })
  ).body.data!;
  const theirs = await p.db
    .knex('softphone_calls')
    .insert({
      account_id: await accountId(p, 'merchant02'),
      seat_id: theirSeat.id,
      user_id: m2user,
      direction: 'out',
      number: '13900139000',
    })
    .returning('id');
  const foreignId = Number(theirs[0].id);
  const r = await post(JSON.stringify(leg({ record: foreignId })));
  expect((r.body.data as { recordId: number }).recordId).not.toBe(foreignId);
  const row = await p.db.knex('softphone_calls').where({ id: foreignId }).first();
  expect(row.fs_uuid).toBeNull();
  expect(row.settled_at).toBeNull();
});

it("charges nothing for the switch's other legs and for an extension no seat has", async () => {
  const before = await balance();
  const gatewayLeg = leg();
  gatewayLeg.variables.direction = 'outbound';
  expect((await post(JSON.stringify(gatewayLeg))).body.data).toEqual({ kind: 'other' });
  expect((await post(JSON.stringify(leg({ extension: '8999' })))).body.data).toEqual({
    kind: 'unknownExtension',
  });
  expect(await balance()).toBe(before);
});

it('reads the form-encoded and base64 posts (encode true / base64)', async () => {
  const form = new URLSearchParams({ cdr: JSON.stringify(leg({ talkS: 6 })) }).toString();
  expect((await post(form, { type: 'application/x-www-form-urlencoded' })).body.data).toMatchObject({
    kind: 'charged',
  });
  const b64 = new URLSearchParams({
    cdr: Buffer.from(JSON.stringify(leg({ talkS: 6 }))).toString('base64'),
  }).toString();
  expect((await post(b64, { type: 'application/x-www-form-urlencoded' })).body.data).toMatchObject({
    kind: 'charged',
  });
});

it('refuses a wrong password (401), bad documents (400) and oversize bodies (413)', async () => {
  const before = await balance();
  const wrong = `Basic ${Buffer.from(`${p.config.fsXmlCurlUser}:nope`).toString('base64')}`;
  expect((await post(JSON.stringify(leg()), { authorization: wrong })).status).toBe(401);
  for (const bad of [
    '{',
    '[]',
    '{"variables":1}',
    JSON.stringify({ ...leg(), variables: { ...leg().variables, uuid: 'x' } }),
  ]) {
    const r = await post(bad);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
  }
  expect((await post('x'.repeat(600 * 1024))).status).toBe(413);
  expect(await balance()).toBe(before);
});
