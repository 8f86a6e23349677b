// A seat accepts the pop-up but its softphone cannot answer the bridged call (a browser without a
// microphone rejects the INVITE with 480, as sip.js does when getUserMedia fails): the call is not
// lost. Its offer ends as failed, the seat is free again, and the call is offered to the next seat
// (never to the failed one again); with no other seat, the bot goes on at the transfer's fallback.
// The bridged INVITE names the call (X-Call-UUID), so a softphone knows it is the accepted one.
// Seat B's softphone is registered and answers, as FreeSWITCH needs: `bridge user/8002` to a seat
// nobody registered fails with USER_NOT_REGISTERED (checked on 1.10.12).
import type { Socket } from 'socket.io-client';
import type { AccountDto, RoleDto } from '../../../../../domain/api';
import type { SeatOfferEndEvent, SeatOfferEvent } from '../../../../../domain/events';
import type { SeatDto, SeatGroupDto } from '../../../../../domain/seats';
import type { CallWorker } from '../../../../../media/src/calls/worker';
import { startSimulator, type Simulator } from '../../../../../media/src/sim/server';
import { xmlCurlDirectory } from '../../../../../media/src/sim/sipws/directory';
import { header, type SipMessage, type SipRequest } from '../../../../../media/src/sim/sipws/message';
import { answerSdp, newSdpIdentity } from '../../../../../media/src/sim/sipws/sdp';
import { SipWsClient } from '../../../../../media/src/sim/sipws/testClient';
import type { ApiClient } from '../../../../../test/apiClient';
import { accountForm, accountId, liveSocket, loggedIn } from '../../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import { dialDemoBot, startTestWorker, transferringCallee } from '../../../../../test/mediaKit';
import { until } from '../../../../../test/until';
import { seatIdleKey } from '../../../../../platform/seatStore';

const PHONE = '13700000088';
let p: TestPlatform;
let sim: Simulator;
let worker: CallWorker;
let op: ApiClient;
let op2: ApiClient;
let opS: Socket;
let op2S: Socket;
let seatA: SeatDto; // operator01's, extension 8001 on a "browser" without a microphone
let seatB: SeatDto; // operator02's, extension 8002 on a browser that answers
let phone: SipWsClient;
let phoneB: SipWsClient;
const offers: Array<SeatOfferEvent & { to: string }> = [];
const ends: Array<SeatOfferEndEvent & { to: string }> = [];

const isInvite = (m: SipMessage): m is SipRequest => m.kind === 'request' && m.method === 'INVITE';

beforeAll(async () => {
  p = await startTestPlatform();
  const m1 = await loggedIn(p, 'merchant01');
  const role = (await m1.post<RoleDto>('/api/roles', { name: '转接坐席', menus: ['dialcenter/seatsmanage'] }))
    .body.data!;
  const u = (
    await m1.post<AccountDto>('/api/accounts', accountForm({ account: 'operator02', roleId: role.id }))
  ).body.data!;
  // The demo bots transfer to group 1: the first group of this fresh database.
  const group = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '转接组' })).body.data!;
  expect(group.id).toBe(1);
  const form = (name: string, extension: string, userId: number) => ({
    name,
    type: 'extension',
    extension,
    authName: `auth${extension}`,
    authPassword: 'secret77',
    groupId: group.id,
    userId,
  });
  seatA = (await m1.post<SeatDto>('/api/seats', form('坐席A', '8001', await accountId(p, 'operator01')))).body
    .data!;
  seatB = (await m1.post<SeatDto>('/api/seats', form('坐席B', '8002', u.id))).body.data!;
  op = await loggedIn(p, 'operator01');
  op2 = await loggedIn(p, 'operator02', 'secret12');
  [opS, op2S] = await Promise.all([liveSocket(p, op), liveSocket(p, op2)]);
  for (const [s, to] of [
    [opS, 'op'],
    [op2S, 'op2'],
  ] as const) {
    s.on('seat:offer', (e: SeatOfferEvent) => offers.push({ ...e, to }));
    s.on('seat:offerEnd', (e: SeatOfferEndEvent) => ends.push({ ...e, to }));
  }
  await until(async () => (await p.server.io.in(`seat:${seatA.id}`).fetchSockets()).length === 1);
  await until(async () => (await p.server.io.in(`seat:${seatB.id}`).fetchSockets()).length === 1);
  sim = await startSimulator({
    timeScale: 0.05,
    seed: 4,
    heartbeatMs: 0,
    personas: transferringCallee(PHONE, { ringMs: [200, 200], replyDelayMs: [100, 100] }),
    sipWs: {
      port: 0,
      directory: xmlCurlDirectory({
        url: `${p.url}/fsapi/xml`,
        user: p.config.fsXmlCurlUser,
        password: p.config.fsXmlCurlPassword,
      }),
    },
  });
  // Seat A's "browser": registered, and every INVITE it gets fails the way sip.js fails without a mic.
  phone = await SipWsClient.open(sim.sipWsPort!);
  expect(await phone.register('8001', 'auth8001', 'secret77')).toMatchObject({ status: 200 });
  // Seat B's browser: registered, answers the bridged INVITE as sip.js does once the user accepted.
  phoneB = await SipWsClient.open(sim.sipWsPort!);
  expect(await phoneB.register('8002', 'auth8002', 'secret77')).toMatchObject({ status: 200 });
  // A short manual-transfer wait (real seconds: the server's clock), so the call with no seat left
  // finds out before the customer's patience (simulated time, 20 times faster) runs out.
  await p.db
    .knex('bot_versions')
    .update({ definition: p.db.knex.raw(`jsonb_set(definition, '{settings,transferWaitSeconds}', '5')`) });
  // The demo bot's 5-minute limit is 15 s of real time at 1/20: a loaded machine's offers, failed answer
  // and second offer took longer, and the call ended before the seat's phone rang.
  await p.db
    .knex('bot_versions')
    .update({ definition: p.db.knex.raw(`jsonb_set(definition, '{settings,maxCallMinutes}', '30')`) });
  worker = await startTestWorker(p, sim.port, 0.05);
}, 60_000);

afterAll(async () => {
  phone?.close();
  phoneB?.close();
  for (const s of [opS, op2S]) s?.disconnect();
  await worker?.close();
  await sim?.close();
  await p?.close();
});

const answer = (s: Socket, callUuid: string, seatId: number) =>
  s.timeout(3000).emitWithAck('seat:answer', { callUuid, seatId, accept: true }) as Promise<{ code: number }>;

const ended = (uuid: string) =>
  until(async () => {
    const c = await p.db.knex('calls').where({ call_uuid: uuid }).first();
    return c?.status === 'ended' ? c : undefined;
  }, 40_000);

const statusOf = async (c: ApiClient, id: number) =>
  (await c.get<SeatDto>(`/api/seats/${id}/state`)).body.data!.state.status;

/** A missing INVITE says which phone waited, and where the call and its offers were. */
const inviteMissing = (who: string, callUuid: string) => async (err: Error) => {
  const call = await p.db.knex('calls').where({ call_uuid: callUuid }).first('status', 'transfer_outcome');
  const rows = await p.db.knex('seat_offers').where({ call_uuid: callUuid }).orderBy('id');
  throw new Error(
    `${who}: ${err.message}; call ${JSON.stringify(call)}; offers ${JSON.stringify(rows)}; ` +
      `offer ends ${JSON.stringify(ends.filter((e) => e.callUuid === callUuid))}`,
  );
};

async function rejectInvites(callUuid: string): Promise<SipRequest> {
  const invite = (await phone
    .waitFor((m) => isInvite(m) && header(m, 'X-Call-UUID') === callUuid, 20_000)
    .catch(inviteMissing('seat A', callUuid))) as SipRequest;
  phone.reply(invite, 480, 'Temporarily Unavailable');
  return invite;
}

async function answerInvite(callUuid: string): Promise<SipRequest> {
  const invite = (await phoneB
    .waitFor((m) => isInvite(m) && header(m, 'X-Call-UUID') === callUuid, 20_000)
    .catch(inviteMissing('seat B', callUuid))) as SipRequest;
  phoneB.reply(
    invite,
    200,
    'OK',
    [['Content-Type', 'application/sdp']],
    answerSdp(invite.body, newSdpIdentity()),
  );
  return invite;
}

it('a seat whose phone fails the answer is let go and the call goes to the next seat', async () => {
  await op.put(`/api/seats/${seatA.id}/state`, { online: true });
  // Seat A idle since a moment seat B's idle time comes after (the idle set's score, epoch ms): A is
  // the longest idle. (The demo bots' group is group 1.)
  const idleA = await until(() =>
    p.server.deps.redis.zscore(seatIdleKey(p.config.redisPrefix, 1), String(seatA.id)),
  );
  await until(() => Date.now() > Number(idleA));
  await op2.put(`/api/seats/${seatB.id}/state`, { online: true });
  const uuid = await dialDemoBot(p, PHONE);
  const first = await until(() => offers.find((o) => o.callUuid === uuid), 30_000);
  expect(first).toMatchObject({ to: 'op', seatId: seatA.id });
  const refused = rejectInvites(uuid);
  expect(await answer(opS, uuid, seatA.id)).toEqual({ code: 200 });
  await refused;
  // Seat A's pop-up ends as failed; the same call rings seat B, never seat A again.
  await until(() => ends.find((e) => e.callUuid === uuid && e.seatId === seatA.id && e.state === 'failed'));
  const second = await until(() => offers.find((o) => o.callUuid === uuid && o.to === 'op2'), 20_000);
  expect(second.seatId).toBe(seatB.id);
  const answered = answerInvite(uuid);
  expect(await answer(op2S, uuid, seatB.id)).toEqual({ code: 200 });
  await answered;
  const call = await ended(uuid);
  expect(call).toMatchObject({ transfer_outcome: 'accepted', transfer_seat_id: String(seatB.id) });
  expect(offers.filter((o) => o.callUuid === uuid).map((o) => o.to)).toEqual(['op', 'op2']);
  const rows = await p.db.knex('seat_offers').where({ call_uuid: uuid }).orderBy('id');
  expect(rows.map((r) => Number(r.seat_id))).toEqual([seatA.id, seatB.id]);
  expect(Number(rows[0].talk_ms)).toBe(0);
  expect(rows[0].ended_at).not.toBeNull();
  // Seat A is free again (it only failed this call); seat B wraps up the call it took.
  expect(await statusOf(op, seatA.id)).toBe('idle');
  await until(async () => (await statusOf(op2, seatB.id)) === 'wrapup');
  await op2.put(`/api/seats/${seatB.id}/state`, { ready: true });
}, 90_000);

it('with no other seat the bot goes on at the fallback flow', async () => {
  await op2.put(`/api/seats/${seatB.id}/state`, { online: false });
  await op.put(`/api/seats/${seatA.id}/state`, { online: true });
  const uuid = await dialDemoBot(p, PHONE);
  await until(() => offers.find((o) => o.callUuid === uuid), 30_000);
  const refused = rejectInvites(uuid);
  expect(await answer(opS, uuid, seatA.id)).toEqual({ code: 200 });
  await refused;
  const call = await ended(uuid);
  expect(call).toMatchObject({ transfer_outcome: 'noSeat', transfer_seat_id: null });
  const lines = await p.db.knex('conversation_lines').where({ call_id: call.id }).orderBy('seq');
  expect(lines.some((l) => String(l.khcontent).includes('客户经理正在忙'))).toBe(true);
  expect(offers.filter((o) => o.callUuid === uuid)).toHaveLength(1);
  expect(await statusOf(op, seatA.id)).toBe('idle');
}, 90_000);
