// Transfer to a human seat on the real platform: the offer goes to the longest-idle seat's room only
// (never another tenant's), a decline passes it to the next seat, an accept answers the media worker
// with the seat, an auto-answer seat takes it at once, a missed offer and a wait with no seat time
// out, a wait of 0 waits for ever, the customer hanging up withdraws the offer, answers are checked
// (input, whose seat, offer still open), and a rerun job answers the same. Then a whole call: the
// demo mortgage bot's transfer through the simulator, accepted in the pop-up and bridged.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { maskPhone } from '../../../../../domain/format';
import type { SeatOfferEndEvent, SeatOfferEvent } from '../../../../../domain/events';
import type { RoleDto, AccountDto } from '../../../../../domain/api';
import type { SeatDto, SeatGroupDto } from '../../../../../domain/seats';
import type { TransferOfferJob, TransferReply } from '../../../../../domain/transfer';
import {
  transferAliveKey,
  transferCancelKey,
  transferOfferKey,
  transferReplyKey,
  transferWakeChannel,
} from '../../../../../platform/transferChannel';
import { DEFAULT_PERSONAS } from '../../../../../media/src/sim/personas';
import { startSimulator, type Simulator } from '../../../../../media/src/sim/server';
import { mortgageYesPersona, RawEsl } from '../../../../../media/src/sim/testing';
import type { CallWorker } from '../../../../../media/src/calls/worker';
import { dialDemoBot, startTestWorker } from '../../../../../test/mediaKit';
import { groupServes } from '../../../../../media/src/calls/transferClient';
import type { ApiClient } from '../../../../../test/apiClient';
import {
  accountForm,
  accountId,
  liveSocket,
  loggedIn,
  secondMerchantTree,
} from '../../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import { until } from '../../../../../test/until';
import { seatIdleKey } from '../../../../../platform/seatStore';
import { seatStates } from './state';
import { freeStuckSeats } from './transfer';
import { insertCall } from '../../callrecords/testHelpers';

let p: TestPlatform;
let m1: ApiClient;
let op: ApiClient;
let op2: ApiClient;
let other: Awaited<ReturnType<typeof secondMerchantTree>>;
let group: SeatGroupDto;
let seatA: SeatDto; // operator01's
let seatB: SeatDto; // operator02's
let opS: Socket;
let op2S: Socket;
let u2S: Socket;
const offers: Array<SeatOfferEvent & { to: string }> = [];
const ends: Array<SeatOfferEndEvent & { to: string }> = [];

function listen(s: Socket, to: string) {
  s.on('seat:offer', (e: SeatOfferEvent) => offers.push({ ...e, to }));
  s.on('seat:offerEnd', (e: SeatOfferEndEvent) => ends.push({ ...e, to }));
}

const answer = (s: Socket, req: unknown) =>
  s.timeout(3000).emitWithAck('seat:answer', req as never) as Promise<{ code: number; message?: string }>;

const job = (over: Partial<TransferOfferJob> = {}): TransferOfferJob => ({
  kind: 'offer',
  callUuid: randomUUID(),
  accountId: 0,
  taskId: null,
  seatGroupId: group.id,
  waitSeconds: 30,
  card: {
    customerId: null,
    name: '张先生',
    phoneMasked: '138****0001',
    grade: 22,
    tags: [],
    lastFollowUp: null,
  },
  transcript: [],
  ...over,
});

async function offer(j: TransferOfferJob): Promise<void> {
  await p.server.deps.queues.transfers.add(j, { jobId: `transfer:${j.callUuid}:1` });
}

const replyOf = async (uuid: string): Promise<TransferReply | undefined> => {
  const r = await p.server.deps.redis.get(transferReplyKey(p.config.redisPrefix, uuid));
  return r ? (JSON.parse(r) as TransferReply) : undefined;
};

const statusOf = async (c: ApiClient, id: number) =>
  (await c.get<SeatDto>(`/api/seats/${id}/state`)).body.data!.state.status;

async function online(c: ApiClient, seat: SeatDto) {
  await c.put(`/api/seats/${seat.id}/state`, { online: true });
}

beforeAll(async () => {
  p = await startTestPlatform();
  m1 = await loggedIn(p, 'merchant01');
  op = await loggedIn(p, 'operator01');
  other = await secondMerchantTree(p, ['dialcenter/seatsmanage']);
  const role = (await m1.post<RoleDto>('/api/roles', { name: '转接坐席', menus: ['dialcenter/seatsmanage'] }))
    .body.data!;
  const u = (
    await m1.post<AccountDto>('/api/accounts', accountForm({ account: 'operator02', roleId: role.id }))
  ).body.data!;
  op2 = await loggedIn(p, 'operator02', 'secret12');
  // The demo bots transfer to group 1: the first group of this fresh database.
  group = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '转接组' })).body.data!;
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
  [opS, op2S, u2S] = await Promise.all([liveSocket(p, op), liveSocket(p, op2), liveSocket(p, other.u2)]);
  listen(opS, 'op');
  listen(op2S, 'op2');
  listen(u2S, 'u2');
  // The connect-time reconcile puts each seat user's socket in its seat room.
  await until(async () => (await p.server.io.in(`seat:${seatB.id}`).fetchSockets()).length === 1);
  await until(async () => (await p.server.io.in(`seat:${seatA.id}`).fetchSockets()).length === 1);
}, 60_000);

afterAll(async () => {
  for (const s of [opS, op2S, u2S]) s?.disconnect();
  await p?.close();
});

beforeEach(async () => {
  // Every test starts with both seats offline and idle of calls.
  for (const [c, s] of [
    [op, seatA],
    [op2, seatB],
  ] as const) {
    await p.server.deps.redis.del(`${p.config.redisPrefix}:seat:${s.id}`);
    await p.server.deps.redis.del(`${p.config.redisPrefix}:seatgroup:${group.id}:idle`);
    expect(await statusOf(c, s.id)).toBe('offline');
  }
});

it('offers to the longest-idle seat only; a decline passes it on; an accept answers with the seat', async () => {
  const accountIdM1 = await accountId(p, 'merchant01');
  await online(op, seatA);
  // Seat A idle since a moment seat B's idle time comes after (the idle set's score, epoch ms).
  const idleA = await until(() =>
    p.server.deps.redis.zscore(seatIdleKey(p.config.redisPrefix, group.id), String(seatA.id)),
  );
  await until(() => Date.now() > Number(idleA));
  await online(op2, seatB);
  const j = job({ accountId: accountIdM1 });
  await offer(j);
  const first = await until(() => offers.find((o) => o.callUuid === j.callUuid));
  expect(first).toMatchObject({ to: 'op', seatId: seatA.id, autoAnswered: false, card: { name: '张先生' } });
  expect(new Date(first.expiresAt).getTime()).toBeGreaterThan(Date.now());
  expect(await statusOf(op, seatA.id)).toBe('busy');

  // Someone else's answer does not count: bad input, another user's seat, a seat not offered.
  expect((await answer(opS, { callUuid: 'x', seatId: seatA.id, accept: true })).code).toBe(400);
  expect((await answer(opS, { callUuid: j.callUuid, seatId: seatA.id, accept: 'yes' })).code).toBe(400);
  expect((await answer(u2S, { callUuid: j.callUuid, seatId: seatA.id, accept: true })).code).toBe(403);
  expect((await answer(op2S, { callUuid: j.callUuid, seatId: seatB.id, accept: true })).code).toBe(404);

  expect(await answer(opS, { callUuid: j.callUuid, seatId: seatA.id, accept: false })).toEqual({ code: 200 });
  await until(() => ends.find((e) => e.callUuid === j.callUuid && e.state === 'declined'));
  const second = await until(() => offers.find((o) => o.callUuid === j.callUuid && o.to === 'op2'));
  expect(second.seatId).toBe(seatB.id);
  expect(await answer(op2S, { callUuid: j.callUuid, seatId: seatB.id, accept: true })).toEqual({ code: 200 });
  // A second answer to a decided offer is refused.
  expect((await answer(op2S, { callUuid: j.callUuid, seatId: seatB.id, accept: false })).code).toBe(404);
  const r = await until(() => replyOf(j.callUuid));
  expect(r).toMatchObject({
    outcome: 'accepted',
    offers: 2,
    seat: { id: seatB.id, type: 'extension', extension: '8002' },
  });
  expect(await statusOf(op, seatA.id)).toBe('idle');
  expect(await statusOf(op2, seatB.id)).toBe('busy');
  // No other tenant heard any of it.
  expect([...offers, ...ends].some((e) => e.to === 'u2')).toBe(false);

  const rows = await p.db.knex('seat_offers').where({ call_uuid: j.callUuid }).orderBy('id');
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({ seat_id: String(seatA.id), answered_at: null });
  expect(rows[0].declined_at).not.toBeNull();
  expect(rows[1].answered_at).not.toBeNull();

  // A rerun of the job (Bull delivers at least once) answers the same, offering nobody: its run ends
  // at once (the runner's alive key goes), where a run that offered again would stay alive, ringing
  // seat A (online and idle) for as long as the offer rings.
  const offersBefore = offers.filter((o) => o.callUuid === j.callUuid).length;
  const rerun = await p.server.deps.queues.transfers.add(j);
  await until(async () => (await rerun.getState()) === 'completed');
  const alive = transferAliveKey(p.config.redisPrefix, j.callUuid);
  await until(async () => (await p.server.deps.redis.exists(alive)) === 0, 5000);
  expect(offers.filter((o) => o.callUuid === j.callUuid)).toHaveLength(offersBefore);
  expect(await replyOf(j.callUuid)).toEqual(r);
  expect(await statusOf(op, seatA.id)).toBe('idle');
  expect(await p.db.knex('seat_offers').where({ call_uuid: j.callUuid }).count({ n: '*' })).toEqual([
    { n: '2' },
  ]);

  // The call ends: the seat goes to wrap-up and the offer gets its talk time.
  await p.server.deps.queues.transfers.add({
    kind: 'ended',
    callUuid: j.callUuid,
    seatId: seatB.id,
    talkMs: 4200,
  });
  await until(async () => (await statusOf(op2, seatB.id)) === 'wrapup');
  const done = await p.db.knex('seat_offers').where({ call_uuid: j.callUuid, seat_id: seatB.id }).first();
  expect(Number(done.talk_ms)).toBe(4200);
  expect(done.ended_at).not.toBeNull();
});

it('offers run side by side: two calls at once ring two seats', async () => {
  await online(op, seatA);
  await online(op2, seatB);
  const [x, y] = [
    job({ accountId: await accountId(p, 'merchant01') }),
    job({ accountId: await accountId(p, 'merchant01') }),
  ];
  await Promise.all([offer(x), offer(y)]);
  const ox = await until(() => offers.find((o) => o.callUuid === x.callUuid));
  const oy = await until(() => offers.find((o) => o.callUuid === y.callUuid));
  expect(new Set([ox.seatId, oy.seatId])).toEqual(new Set([seatA.id, seatB.id]));
  for (const o of [ox, oy])
    expect(
      await answer(o.to === 'op' ? opS : op2S, { callUuid: o.callUuid, seatId: o.seatId, accept: true }),
    ).toEqual({ code: 200 });
  expect(await until(() => replyOf(x.callUuid))).toMatchObject({ outcome: 'accepted' });
  expect(await until(() => replyOf(y.callUuid))).toMatchObject({ outcome: 'accepted' });
});

it('an auto-answer seat takes the call at once', async () => {
  await p.db.knex('seats').where({ id: seatA.id }).update({ auto_answer: true });
  try {
    await online(op, seatA);
    const j = job({ accountId: await accountId(p, 'merchant01') });
    await offer(j);
    expect(await until(() => replyOf(j.callUuid))).toMatchObject({
      outcome: 'accepted',
      seat: { id: seatA.id },
    });
    // The pop-up goes over the socket, the reply through Redis: either may come first.
    expect(await until(() => offers.find((o) => o.callUuid === j.callUuid))).toMatchObject({
      autoAnswered: true,
      to: 'op',
    });
  } finally {
    await p.db.knex('seats').where({ id: seatA.id }).update({ auto_answer: false });
  }
});

it('a seat that takes the call as the customer hangs up is let go, not left busy', async () => {
  await online(op, seatA);
  const j = job({ accountId: await accountId(p, 'merchant01') });
  await offer(j);
  const o = await until(() => offers.find((x) => x.callUuid === j.callUuid));
  // The seat's accept and the media worker's cancel land together; the server reads the accept first.
  const prefix = p.config.redisPrefix;
  await p.server.deps.redis
    .multi()
    .hset(transferOfferKey(prefix, j.callUuid), 'st', 'accepted')
    .set(transferCancelKey(prefix, j.callUuid), '1', 'EX', 60)
    .publish(transferWakeChannel(prefix), j.callUuid)
    .exec();
  expect(await until(() => replyOf(j.callUuid))).toMatchObject({ outcome: 'accepted' });
  // Nobody will bridge or end that call: the seat is free for the next one.
  const seatOf = o.seatId === seatA.id ? [op, seatA.id] : [op2, seatB.id];
  await until(async () => (await statusOf(seatOf[0] as ApiClient, seatOf[1] as number)) === 'idle');
  // Its pop-up closes as failed after the accept.
  await until(() => ends.find((e) => e.callUuid === j.callUuid && e.state === 'failed'));
});

it('a seat left busy by a call that ended (its worker never said so) goes to wrap-up; a live call keeps its seat', async () => {
  const m = await accountId(p, 'merchant01');
  await online(op, seatA);
  await online(op2, seatB);
  const states = seatStates({
    db: p.db.knex,
    redis: p.server.deps.redis,
    prefix: p.config.redisPrefix,
    live: p.server.deps.live,
  });
  const ago = (s: number) => new Date(Date.now() - s * 1000);
  const gone = await insertCall(p, { accountId: m, ended_at: ago(60), answered_at: ago(120) });
  const live = await insertCall(p, { accountId: m, status: 'answered', ended_at: null });
  await states.markBusy(seatA.id, gone.uuid);
  await states.markBusy(seatB.id, live.uuid);
  // Ended only a moment ago: its 'ended' job may still be on the way.
  expect(await freeStuckSeats(p.server.deps, states, 120_000)).toEqual([]);
  expect(await freeStuckSeats(p.server.deps, states, 30_000)).toEqual([seatA.id]);
  expect(await statusOf(op, seatA.id)).toBe('wrapup');
  expect(await statusOf(op2, seatB.id)).toBe('busy');
  // Once free, nothing more to do.
  expect(await freeStuckSeats(p.server.deps, states, 30_000)).toEqual([]);
});

it('a missed offer ends with the wait; with no seat at all the wait ends as noSeat', async () => {
  await online(op, seatA);
  const missed = job({ accountId: await accountId(p, 'merchant01'), waitSeconds: 5 });
  await offer(missed);
  const o = await until(() => offers.find((x) => x.callUuid === missed.callUuid));
  // The ring is cut to the wait.
  expect(new Date(o.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5000);
  expect(await until(() => replyOf(missed.callUuid), 10_000)).toMatchObject({
    outcome: 'timeout',
    offers: 1,
  });
  expect(await until(() => ends.find((e) => e.callUuid === missed.callUuid))).toMatchObject({
    state: 'expired',
  });
  const row = await p.db.knex('seat_offers').where({ call_uuid: missed.callUuid }).first();
  expect(row.timed_out_at).not.toBeNull();
  expect(await statusOf(op, seatA.id)).toBe('idle');

  await op.put(`/api/seats/${seatA.id}/state`, { online: false });
  const none = job({ accountId: await accountId(p, 'merchant01'), waitSeconds: 5 });
  const t0 = Date.now();
  await offer(none);
  expect(await until(() => replyOf(none.callUuid), 10_000)).toMatchObject({ outcome: 'noSeat', offers: 0 });
  expect(Date.now() - t0).toBeGreaterThanOrEqual(4500);
}, 30_000);

it('a wait of 0 waits for ever: the offer comes when a seat comes online', async () => {
  const j = job({ accountId: await accountId(p, 'merchant01'), waitSeconds: 0 });
  await offer(j);
  // With no seat online the offer keeps running (its runner renews its alive key every second) and
  // decides nothing: seen through three writes of the key (about two seconds), never a reply.
  const alive = transferAliveKey(p.config.redisPrefix, j.callUuid);
  let writes = 0;
  let lastTtl = -2;
  await until(async () => {
    expect(await replyOf(j.callUuid)).toBeUndefined();
    const ttl = await p.server.deps.redis.pttl(alive);
    if (ttl > lastTtl) writes++;
    lastTtl = ttl;
    return writes >= 3;
  }, 10_000);
  await online(op2, seatB);
  await until(() => offers.find((o) => o.callUuid === j.callUuid && o.seatId === seatB.id));
  expect(await answer(op2S, { callUuid: j.callUuid, seatId: seatB.id, accept: true })).toEqual({ code: 200 });
  expect(await until(() => replyOf(j.callUuid))).toMatchObject({
    outcome: 'accepted',
    seat: { id: seatB.id },
  });
});

it('the customer hanging up withdraws the offer and frees the seat', async () => {
  await online(op, seatA);
  const j = job({ accountId: await accountId(p, 'merchant01') });
  await offer(j);
  await until(() => offers.find((o) => o.callUuid === j.callUuid));
  await p.server.deps.redis.set(transferCancelKey(p.config.redisPrefix, j.callUuid), '1', 'EX', 60);
  await until(() => ends.find((e) => e.callUuid === j.callUuid && e.state === 'cancelled'));
  expect(await until(() => replyOf(j.callUuid))).toMatchObject({ outcome: 'cancelled' });
  expect(await statusOf(op, seatA.id)).toBe('idle');
  expect((await answer(opS, { callUuid: j.callUuid, seatId: seatA.id, accept: true })).code).toBe(404);
});

it("wakes instead of polling: the seat's answer and the reply are published for the call, and a hangup wakes the offer", async () => {
  const sub = p.server.deps.redis.duplicate();
  const heard: string[] = [];
  sub.on('message', (_c: string, m: string) => heard.push(m));
  await sub.subscribe(transferWakeChannel(p.config.redisPrefix));
  try {
    await online(op, seatA);
    const j = job({ accountId: await accountId(p, 'merchant01') });
    await offer(j);
    await until(() => offers.find((o) => o.callUuid === j.callUuid));
    expect(await answer(opS, { callUuid: j.callUuid, seatId: seatA.id, accept: true })).toEqual({
      code: 200,
    });
    expect(await until(() => replyOf(j.callUuid))).toMatchObject({ outcome: 'accepted' });
    // One wake for the answer (the runner's), one for the reply (the media worker's).
    await until(() => heard.filter((m) => m === j.callUuid).length >= 2 || undefined);

    // The media worker's hangup: the cancel key and its wake end the ringing offer.
    await online(op2, seatB);
    const k = job({ accountId: await accountId(p, 'merchant01') });
    await offer(k);
    await until(() => offers.find((o) => o.callUuid === k.callUuid));
    await p.server.deps.redis.set(transferCancelKey(p.config.redisPrefix, k.callUuid), '1', 'EX', 60);
    await p.server.deps.redis.publish(transferWakeChannel(p.config.redisPrefix), k.callUuid);
    expect(await until(() => replyOf(k.callUuid))).toMatchObject({ outcome: 'cancelled' });
    expect(await statusOf(op2, seatB.id)).toBe('idle');
  } finally {
    sub.disconnect();
  }
});

it('a process that died mid-offer left a seat ringing: the next run frees it and offers again', async () => {
  await online(op, seatA);
  await online(op2, seatB);
  const j = job({ accountId: await accountId(p, 'merchant01') });
  const states = seatStates({
    db: p.server.deps.db,
    redis: p.server.deps.redis,
    prefix: p.config.redisPrefix,
    live: p.server.deps.live,
  });
  // What the dead process left: seat A claimed for the call and its pop-up ringing.
  expect(await states.pick(group.id, j.callUuid)).toBe(seatA.id);
  await p.server.deps.redis.hset(
    transferOfferKey(p.config.redisPrefix, j.callUuid),
    'seat',
    String(seatA.id),
    'st',
    'offered',
  );
  await offer(j);
  await until(() =>
    ends.find((e) => e.callUuid === j.callUuid && e.seatId === seatA.id && e.state === 'expired'),
  );
  const again = await until(() => offers.find((o) => o.callUuid === j.callUuid));
  expect(again.seatId).toBe(seatB.id); // B has been idle longest now
  expect(await statusOf(op, seatA.id)).toBe('idle');
  expect(await answer(op2S, { callUuid: j.callUuid, seatId: seatB.id, accept: true })).toEqual({ code: 200 });
  expect(await until(() => replyOf(j.callUuid))).toMatchObject({
    outcome: 'accepted',
    seat: { id: seatB.id },
  });
});

it("a group serves its own account and the accounts below it, never another tree's", async () => {
  const k = p.db.knex;
  expect(await groupServes(k, await accountId(p, 'merchant01'), group.id)).toBe(true);
  expect(await groupServes(k, await accountId(p, 'operator01'), group.id)).toBe(true);
  expect(await groupServes(k, other.merchant.id, group.id)).toBe(false);
  expect(await groupServes(k, other.user.id, group.id)).toBe(false);
  expect(await groupServes(k, await accountId(p, 'merchant01'), 999_999)).toBe(false);
});

describe('a whole call through the simulator', () => {
  let sim: Simulator;
  let worker: CallWorker;
  const PHONE = '13700000077';

  beforeAll(async () => {
    sim = await startSimulator({
      timeScale: 0.05,
      seed: 3,
      heartbeatMs: 0,
      personas: [
        mortgageYesPersona({
          name: 'yes',
          match: `^${PHONE}$`,
          ringMs: [200, 200],
          replyDelayMs: [100, 100],
        }),
        ...DEFAULT_PERSONAS,
      ],
    });
    // A short manual-transfer wait, so the call with no seat finds out soon (before the worker loads it).
    await p.db
      .knex('bot_versions')
      .update({ definition: p.db.knex.raw(`jsonb_set(definition, '{settings,transferWaitSeconds}', '5')`) });
    worker = await startTestWorker(p, sim.port, 0.05);
  }, 30_000);
  afterAll(async () => {
    await worker?.close();
    await sim?.close();
  });

  it('the bot transfers, the seat sees card and transcript, accepts, and the call is bridged', async () => {
    const k = p.db.knex;
    await online(op, seatA);
    const watch = await RawEsl.open(sim.port, 'plain PLAYBACK_START PLAYBACK_STOP CHANNEL_EXECUTE');
    const uuid = await dialDemoBot(p, PHONE);
    const o = await until(() => offers.find((x) => x.callUuid === uuid), 30_000);
    // While the seat rings the customer hears music on hold, which stops before the bridge.
    await watch.event(
      (e) =>
        e['Event-Name'] === 'PLAYBACK_START' &&
        e['Unique-ID'] === uuid &&
        e['Playback-File-Path'] === 'local_stream://moh',
    );
    expect(o).toMatchObject({ to: 'op', seatId: seatA.id, card: { phoneMasked: maskPhone(PHONE) } });
    expect(o.card.grade).not.toBeNull();
    expect(o.transcript.map((l) => l.khtype)).toEqual(expect.arrayContaining(['robot', 'customer']));
    expect(await answer(opS, { callUuid: uuid, seatId: seatA.id, accept: true })).toEqual({ code: 200 });
    const call = await until(async () => {
      const c = await k('calls').where({ call_uuid: uuid }).first();
      return c?.status === 'ended' ? c : undefined;
    }, 30_000);
    expect(call).toMatchObject({ transfer_outcome: 'accepted', transfer_seat_id: String(seatA.id) });
    const mine = watch.events().filter((e) => e['Unique-ID'] === uuid);
    watch.close();
    const holdEnd = mine.findIndex(
      (e) => e['Event-Name'] === 'PLAYBACK_STOP' && e['Playback-File-Path'] === 'local_stream://moh',
    );
    const bridge = mine.findIndex((e) => e['Event-Name'] === 'CHANNEL_EXECUTE' && e.Application === 'bridge');
    expect(mine[holdEnd]?.['Playback-Status']).toBe('break');
    expect(bridge).toBeGreaterThan(holdEnd);
    expect(call.result_level).toBeGreaterThanOrEqual(21);
    await until(async () => (await statusOf(op, seatA.id)) === 'wrapup');
    const row = await k('seat_offers').where({ call_uuid: uuid }).first();
    expect(row.answered_at).not.toBeNull();
    expect(Number(row.talk_ms)).toBeGreaterThan(0);
  }, 60_000);

  it("a customer talking with a seat is not cut at the bot's maximum call length", async () => {
    const k = p.db.knex;
    // Ready again after the last test's call (its wrap-up).
    await op.put(`/api/seats/${seatA.id}/state`, { ready: true });
    await online(op, seatA);
    const esl = await RawEsl.open(sim.port, '');
    const uuid = await dialDemoBot(p, PHONE);
    await until(() => offers.find((x) => x.callUuid === uuid), 30_000);
    // The seat talks with the customer for 6 simulated minutes (18 s here); the bot's maximum is 5.
    expect((await esl.command(`api uuid_setvar ${uuid} sim_bridge_ms 360000`)).body).toContain('+OK');
    esl.close();
    expect(await answer(opS, { callUuid: uuid, seatId: seatA.id, accept: true })).toEqual({ code: 200 });
    const call = await until(async () => {
      const c = await k('calls').where({ call_uuid: uuid }).first();
      return c?.status === 'ended' ? c : undefined;
    }, 40_000);
    expect(call).toMatchObject({ transfer_outcome: 'accepted', hangup_cause: 'NORMAL_CLEARING' });
    expect((call.reason as { kind: string }).kind).not.toBe('maxDuration');
    // Answered for the bot's part and the seat's 6 minutes (simulated time), past the bot's 5.
    expect(Number(call.talk_ms)).toBeGreaterThan(6 * 60_000);
  }, 60_000);

  it("with no seat the bot goes on at the transfer's fallback flow, and the record says so", async () => {
    const k = p.db.knex;
    const uuid = await dialDemoBot(p, PHONE);
    const call = await until(async () => {
      const c = await k('calls').where({ call_uuid: uuid }).first();
      return c?.status === 'ended' ? c : undefined;
    }, 40_000);
    expect(call).toMatchObject({ transfer_outcome: 'noSeat', transfer_seat_id: null });
    const lines = await k('conversation_lines').where({ call_id: call.id }).orderBy('seq');
    const busy = lines.find((l) => String(l.khcontent).includes('客户经理正在忙'));
    expect(busy).toMatchObject({ khtype: 'robot' });
    expect(JSON.stringify(busy.reason)).toContain('转接失败');
    expect(offers.some((o) => o.callUuid === uuid)).toBe(false);
  }, 60_000);
});
