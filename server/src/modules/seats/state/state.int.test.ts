// Live seat state: changes pushed to the right rooms only (a seat never hears another tenant), who may
// join seat:<id>, the desk's switches, presence (offline after every socket of the user is gone for the
// grace period; another open tab keeps it), reconciling after a reconnect or a Redis loss, and the
// atomic claim of the longest-idle seat (50 parallel picks on 10 idle seats: 10 winners), checked
// against the pure rule of domain/seats.ts.
import Redis from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import type { SeatStateEvent } from '../../../../../domain/events';
import { relayLiveBatches } from '../../../../../domain/liveBatch';
import { seatFreeChannel, seatIdleKey, seatKey } from '../../../../../platform/seatStore';
import { pickSeat, type SeatDto, type SeatGroupDto, type SeatStatus } from '../../../../../domain/seats';
import type { ApiClient } from '../../../../../test/apiClient';
import { accountId, loggedIn, secondMerchantTree } from '../../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import { until } from '../../../../../test/until';
import { seatPresence } from './presence';
import { listenTransferWakes } from './transferWakes';
import { seatStates, type SeatRef } from './state';

let p: TestPlatform;
let m1: ApiClient;
let op: ApiClient;
let admin: ApiClient;
let other: Awaited<ReturnType<typeof secondMerchantTree>>;
let ids: { m1: number; op: number };
let group: SeatGroupDto;
let seatA: SeatDto; // merchant01's, worked by operator01
let seatB: SeatDto; // merchant02's, worked by m2user01
const sockets: Socket[] = [];
/** operator01's sockets: each sits in seatA's room, so each disconnect leads to one presence sweep. */
const opSockets: Socket[] = [];

interface Watched {
  s: Socket;
  seen: SeatStateEvent[];
  next(pred: (e: SeatStateEvent) => boolean): Promise<SeatStateEvent>;
}

/** A socket that records every seat:state from before it connects. */
async function watch(c: ApiClient): Promise<Watched> {
  const s = connect(p.url, {
    transports: ['websocket'],
    auth: { token: c.token },
    extraHeaders: { cookie: `Auth=${c.cookie}` },
    reconnection: false,
    autoConnect: false,
  });
  sockets.push(s);
  if (c === op) opSockets.push(s);
  relayLiveBatches(s); // the owner's room gets seat:state in live:batch frames
  const seen: SeatStateEvent[] = [];
  const waiters: { pred: (e: SeatStateEvent) => boolean; resolve(e: SeatStateEvent): void }[] = [];
  s.on('seat:state', (e: SeatStateEvent) => {
    seen.push(e);
    for (const w of [...waiters])
      if (w.pred(e)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e);
      }
  });
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
    s.connect();
  });
  return {
    s,
    seen,
    next: (pred) =>
      new Promise((resolve) => {
        const hit = seen.find(pred);
        if (hit) return resolve(hit);
        waiters.push({ pred, resolve });
      }),
  };
}

const join = (w: Watched, room: string) => w.s.timeout(3000).emitWithAck('room:join', { room } as never);
const sync = (w: Watched) =>
  w.s.timeout(3000).emitWithAck('seat:sync') as Promise<{ code: number; seats: SeatStateEvent[] }>;
const is = (seatId: number, status: SeatStatus) => (e: SeatStateEvent) =>
  e.seatId === seatId && e.state.status === status;
const stateOf = async (c: ApiClient, id: number) =>
  (await c.get<SeatDto>(`/api/seats/${id}/state`)).body.data!.state;
const store = (now?: () => number) =>
  seatStates({
    db: p.server.deps.db,
    redis: p.server.deps.redis,
    prefix: p.config.redisPrefix,
    live: p.server.deps.live,
    now,
  });

const form = (over: Record<string, unknown>) => ({
  type: 'extension',
  authName: 'seatauth01',
  authPassword: 'secret77',
  ...over,
});

beforeAll(async () => {
  p = await startTestPlatform();
  m1 = await loggedIn(p, 'merchant01');
  op = await loggedIn(p, 'operator01');
  admin = await loggedIn(p, 'superadmin');
  other = await secondMerchantTree(p, ['dialcenter/seatsmanage']);
  ids = { m1: await accountId(p, 'merchant01'), op: await accountId(p, 'operator01') };
  group = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '一线组' })).body.data!;
  seatA = (
    await m1.post<SeatDto>(
      '/api/seats',
      form({ name: '坐席A', extension: '7001', groupId: group.id, userId: ids.op }),
    )
  ).body.data!;
  const g2 = (await other.m2.post<SeatGroupDto>('/api/seats/groups', { name: '二线组' })).body.data!;
  seatB = (
    await other.m2.post<SeatDto>(
      '/api/seats',
      form({ name: '坐席B', extension: '7002', groupId: g2.id, userId: other.user.id }),
    )
  ).body.data!;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  seatPresence.graceMs = 30_000;
  seatPresence.onSwept = null;
  await p.close();
});

it('pushes a state change to the seat, its user and its owner, never to another tenant', async () => {
  const [opS, m1S, m2S, u2S] = await Promise.all([watch(op), watch(m1), watch(other.m2), watch(other.u2)]);
  // The reconcile on connect puts the seat's user in seat:<id> (the transfer offer goes there), then
  // tells it the seat's state.
  await opS.next(is(seatA.id, 'offline'));
  const inRoom = await p.server.io.in(`seat:${seatA.id}`).fetchSockets();
  expect(inRoom.map((s) => s.data.accountId)).toEqual([ids.op]);

  const r = await op.put<SeatDto>(`/api/seats/${seatA.id}/state`, { online: true });
  expect(r.body.data!.state).toMatchObject({ status: 'idle', online: true });
  await Promise.all([opS.next(is(seatA.id, 'idle')), m1S.next(is(seatA.id, 'idle'))]);
  await other.u2.put(`/api/seats/${seatB.id}/state`, { online: true, dnd: true });
  await Promise.all([u2S.next(is(seatB.id, 'dnd')), m2S.next(is(seatB.id, 'dnd'))]);
  // Both tenants' sockets work, and neither heard the other's seat.
  expect(opS.seen.concat(m1S.seen).some((e) => e.seatId === seatB.id)).toBe(false);
  expect(u2S.seen.concat(m2S.seen).some((e) => e.seatId === seatA.id)).toBe(false);
  expect(m1S.seen.find((e) => e.seatId === seatA.id && e.state.status === 'idle')).toMatchObject({
    accountId: ids.m1,
    userId: ids.op,
    groupId: group.id,
  });
});

it("a supervisor watching the seat user's room gets its states once, batched, and is not in its room", async () => {
  // merchant01 works a seat of its own; the super administrator's wallboard watches account:<merchant01>.
  const own = await watch(m1);
  const sup = await watch(admin);
  expect(await join(sup, `account:${ids.m1}`)).toEqual({ code: 200 });
  const frames: string[] = [];
  sup.s.onAny((event: string) => frames.push(event));
  // Its own sockets join the new seat's room (offers go there), not the supervisor's.
  const created = await m1.post<SeatDto>(
    '/api/seats',
    form({ name: '坐席C', extension: '7003', authName: 'seatauth03', groupId: group.id, userId: ids.m1 }),
  );
  expect(created.body).toMatchObject({ code: 200 });
  const seatC = created.body.data!;
  const inRoom = await until(async () => {
    const got = await p.server.io.in(`seat:${seatC.id}`).fetchSockets();
    return got.some((x) => x.id === own.s.id) ? got : undefined;
  });
  expect(new Set(inRoom.map((x) => x.data.accountId))).toEqual(new Set([ids.m1]));

  await m1.put(`/api/seats/${seatC.id}/state`, { online: true });
  await Promise.all([own.next(is(seatC.id, 'idle')), sup.next(is(seatC.id, 'idle'))]);
  // A later change of the same seat as a fence: the room's events come in order, so a second idle
  // frame for the supervisor would have come before it.
  await m1.put(`/api/seats/${seatC.id}/state`, { online: false });
  await sup.next(is(seatC.id, 'offline'));
  expect(sup.seen.filter(is(seatC.id, 'idle'))).toHaveLength(1);
  // The supervisor heard it in the owner's live:batch frame only, never as a frame of its own.
  expect(frames).not.toContain('seat:state');
  expect((await m1.request('DELETE', `/api/seats/${seatC.id}`, { confirm: 'delete' })).status).toBe(200);
});

it('lets only the seat user, the owner and its ancestors join seat:<id>', async () => {
  const [opS, m1S, adminS, m2S, u2S] = await Promise.all([
    watch(op),
    watch(m1),
    watch(admin),
    watch(other.m2),
    watch(other.u2),
  ]);
  const room = `seat:${seatA.id}`;
  expect(await join(opS, room)).toEqual({ code: 200 });
  expect(await join(m1S, room)).toEqual({ code: 200 });
  expect(await join(adminS, room)).toEqual({ code: 200 });
  expect(await join(m2S, room)).toEqual({ code: 404 });
  expect(await join(u2S, room)).toEqual({ code: 404 });
  expect(await join(u2S, `seat:${seatB.id}`)).toEqual({ code: 200 });
  expect(await join(m1S, 'seat:0')).toEqual({ code: 404 });
  expect(await join(m1S, `seat:${seatA.id}x`)).toEqual({ code: 404 });
});

it('the desk: only the seat user switches it, with checked input; no going offline mid-call', async () => {
  expect((await m1.put(`/api/seats/${seatA.id}/state`, { online: true })).status).toBe(403);
  expect((await other.m2.put(`/api/seats/${seatA.id}/state`, { online: true })).status).toBe(404);
  expect((await other.u2.get(`/api/seats/${seatA.id}/state`)).status).toBe(404);
  expect((await m1.get(`/api/seats/${seatA.id}/state`)).status).toBe(200); // the owner may look
  for (const bad of [{}, { online: 'yes' }, { sleep: true }, { ready: false }]) {
    const r = await op.put(`/api/seats/${seatA.id}/state`, bad);
    expect([JSON.stringify(bad), r.status]).toEqual([JSON.stringify(bad), 400]);
  }
  const s = store();
  await s.markBusy(seatA.id, 'call-1');
  expect(await stateOf(op, seatA.id)).toMatchObject({ status: 'busy', callUuid: 'call-1' });
  const off = await op.put(`/api/seats/${seatA.id}/state`, { online: false });
  expect([off.status, off.body.code]).toEqual([409, 409]);
  await expect(s.markIdle(seatA.id, 'call-0')).rejects.toMatchObject({ problem: 'otherCall' });
  await s.markWrapUp(seatA.id, 'call-1');
  expect((await stateOf(op, seatA.id)).status).toBe('wrapup');
  const ready = await op.put<SeatDto>(`/api/seats/${seatA.id}/state`, { ready: true, autoAnswer: true });
  expect(ready.body.data!.state).toMatchObject({ status: 'idle', autoAnswer: true, callUuid: null });
  expect((await p.db.knex('seats').where('id', seatA.id).first('auto_answer')).auto_answer).toBe(true);
  const mine = (await op.get<SeatDto[]>('/api/seats/mine')).body.data!;
  expect(mine.map((x) => x.id)).toEqual([seatA.id]);
  expect((await m1.get<SeatDto[]>('/api/seats/mine')).body.data).toEqual([]);
});

it('goes offline when every socket of the user is gone for the grace period, and reconciles', async () => {
  seatPresence.graceMs = 20;
  let sweeps = 0;
  let wake: () => void = () => undefined;
  seatPresence.onSwept = (id) => {
    if (id !== ids.op) return;
    sweeps++;
    wake();
  };
  const swept = (n: number) =>
    new Promise<void>((resolve) => {
      wake = () => sweeps >= n && resolve();
      wake();
    });
  // operator01's sockets of the tests above: one sweep each once they are gone.
  const earlier = opSockets.filter((s) => s.connected).length;
  for (const s of sockets) s.disconnect();
  await swept(earlier);
  await op.put(`/api/seats/${seatA.id}/state`, { online: true });
  const m1S = await watch(m1);
  const tab1 = await watch(op);
  const tab2 = await watch(op);
  // One tab closes: the other keeps the seat online.
  tab1.s.disconnect();
  await swept(earlier + 1);
  expect((await stateOf(op, seatA.id)).status).toBe('idle');
  // The last one goes: offline, pushed to the owner.
  tab2.s.disconnect();
  await swept(earlier + 2);
  await m1S.next(is(seatA.id, 'offline'));
  expect(await stateOf(op, seatA.id)).toMatchObject({ status: 'offline', online: false });
  // Back again: the reconnecting socket is told the truth from Redis, and can ask for it.
  const back = await watch(op);
  await back.next(is(seatA.id, 'offline'));
  await op.put(`/api/seats/${seatA.id}/state`, { online: true });
  expect((await sync(back)).seats.map((e) => [e.seatId, e.state.status])).toEqual([[seatA.id, 'idle']]);
  // Redis loses the seat: it reads as offline, it is not pickable, and a sync says so.
  await p.server.deps.redis.del(seatKey(p.config.redisPrefix, seatA.id));
  expect((await sync(back)).seats[0]!.state.status).toBe('offline');
  expect(await store().pick(group.id, 'lost-1')).toBeNull();
  seatPresence.onSwept = null;
});

describe('picking a seat for a transfer', () => {
  let groupId: number;
  let refs: SeatRef[];

  beforeAll(async () => {
    groupId = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '抢单组' })).body.data!.id;
    const knex = p.db.knex;
    const m1Path = (await knex('accounts').where('id', ids.m1).first('path')).path as string;
    refs = [];
    for (let i = 0; i < 10; i++) {
      const [a] = await knex('accounts')
        .insert({
          parent_id: ids.m1,
          level: 1,
          account: `seatuser${i}`,
          password_hash: 'x',
          expires_at: new Date(Date.now() + 86_400_000),
          path: '',
        })
        .returning('id');
      await knex('accounts')
        .where('id', a.id)
        .update({ path: `${m1Path}${a.id}/` });
      const [s] = await knex('seats')
        .insert({
          account_id: ids.m1,
          group_id: groupId,
          name: `抢${i}`,
          type: 'mobile',
          mobile_enc: 'v1:x',
          mobile_masked: '138****0000',
          user_id: a.id,
        })
        .returning('id');
      refs.push({
        id: Number(s.id),
        accountId: ids.m1,
        userId: Number(a.id),
        groupId,
        enabled: true,
        autoAnswer: false,
      });
    }
  });

  const allOnline = async (clock: () => number) => {
    const s = store(clock);
    for (const r of refs) {
      await s.markIdle(r.id).catch(() => undefined);
      await s.change(r, { by: 'user', online: true, dnd: false });
    }
  };

  it('50 parallel picks on 10 idle seats: 10 distinct winners, 40 get none', async () => {
    let t = 1_000;
    await allOnline(() => t++);
    const clients = Array.from({ length: 5 }, () => new Redis(p.config.redisUrl));
    try {
      const picks = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          seatStates({
            db: p.server.deps.db,
            redis: clients[i % 5]!,
            prefix: p.config.redisPrefix,
            live: p.server.deps.live,
          }).pick(groupId, `race-${i}`),
        ),
      );
      const winners = picks.filter((x): x is number => x !== null);
      expect(winners).toHaveLength(10);
      expect(new Set(winners).size).toBe(10);
      expect(new Set(winners)).toEqual(new Set(refs.map((r) => r.id)));
      const live = await store().readMany(refs);
      const calls = refs.map((r) => live.get(r.id)!);
      expect(calls.every((s) => s.activity === 'busy')).toBe(true);
      expect(new Set(calls.map((s) => s.callUuid)).size).toBe(10);
      expect(await p.server.deps.redis.zcard(seatIdleKey(p.config.redisPrefix, groupId))).toBe(0);
    } finally {
      for (const c of clients) c.disconnect();
    }
  });

  it('takes the longest idle first and skips DND, busy, wrap-up, offline and disabled seats', async () => {
    let t = 10_000;
    const clock = () => t;
    const s = store(clock);
    for (const r of refs) {
      await s.markIdle(r.id);
      await s.change(r, { by: 'presence', online: false });
    }
    // Become idle in reverse order: the last seat waited longest.
    for (const r of [...refs].reverse()) {
      t += 10;
      await s.change(r, { by: 'user', online: true });
    }
    const [a, b, c, d, e, f] = [...refs].reverse();
    await s.change(a!, { by: 'user', dnd: true });
    await s.markBusy(b!.id, 'other');
    await s.markBusy(c!.id, 'done');
    await s.markWrapUp(c!.id, 'done');
    await s.change(d!, { by: 'presence', online: false });
    await s.change({ ...e! }, { by: 'config', groupId, enabled: false, autoAnswer: false });
    expect(await s.pick(groupId, 'p1')).toBe(f!.id);
    const order = [...refs]
      .reverse()
      .slice(6)
      .map((r) => r.id);
    for (const want of order) expect(await s.pick(groupId, `p-${want}`)).toBe(want);
    expect(await s.pick(groupId, 'none')).toBeNull();
    // Wrap-up done: it can be picked again, idle since now.
    await s.markIdle(c!.id, 'done');
    expect(await s.pick(groupId, 'again')).toBe(c!.id);
    await s.change({ ...e! }, { by: 'config', groupId, enabled: true, autoAnswer: false });
  });

  it("wakes a transfer waiting for a free seat of the group when one becomes pickable, not for another group's", async () => {
    const s = store();
    const r = refs[0]!;
    await s.markIdle(r.id).catch(() => undefined);
    await s.change(r, { by: 'user', online: true, dnd: false });
    await s.markBusy(r.id, 'wake');
    const free = listenTransferWakes(p.server.deps.redis, p.config.redisPrefix);
    await free.ready;
    try {
      let woken = false;
      const mine = free.seatFree(groupId, 60_000).then(() => (woken = true));
      const other = free.seatFree(groupId + 1_000_000, 60_000);
      await p.server.deps.redis.publish(seatFreeChannel(p.config.redisPrefix), String(groupId + 1_000_000));
      await other;
      expect(woken).toBe(false);
      await s.markIdle(r.id, 'wake'); // pickable again: published by the state store
      await mine;
      expect(woken).toBe(true);
      // Closing releases whoever still waits.
      const left = free.seatFree(groupId, 60_000);
      await free.close();
      await left;
    } finally {
      await free.close();
    }
  });

  it('the Redis claim agrees with the pure rule on random states', async () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let t = 50_000;
    const s = store(() => t);
    for (let round = 0; round < 15; round++) {
      for (const r of refs) {
        await s.remove(r);
        t += rnd(2); // equal idle times happen: the lower id wins
        await s.change(r, { by: 'config', groupId, enabled: rnd(5) > 0, autoAnswer: false });
        await s.change(r, { by: 'user', online: true, dnd: rnd(4) === 0 });
        const act = rnd(4);
        if (act >= 2) await s.markBusy(r.id, `x-${round}`);
        if (act === 3) await s.markWrapUp(r.id);
        if (rnd(4) === 0) await s.change(r, { by: 'presence', online: false });
      }
      const live = await s.readMany(refs);
      const want = pickSeat(refs.map((r) => ({ id: r.id, ...live.get(r.id)! })));
      expect([round, await s.pick(groupId, `round-${round}`)]).toEqual([round, want]);
    }
  });

  it('an edit moves the seat between groups and a disabled seat is never picked', async () => {
    const s = store();
    await s.change(
      { id: seatA.id, accountId: ids.m1, userId: ids.op, groupId: group.id, enabled: true, autoAnswer: true },
      { by: 'user', online: true },
    );
    const g2 = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '新组别' })).body.data!;
    const edit = await m1.put<SeatDto>(`/api/seats/${seatA.id}`, {
      ...form({ name: '坐席A', extension: '7001', authPassword: '', userId: ids.op }),
      groupId: g2.id,
    });
    expect(edit.status).toBe(200);
    expect(await s.pick(group.id, 'old-group')).toBeNull();
    expect(await s.pick(g2.id, 'new-group')).toBe(seatA.id);
    await s.markIdle(seatA.id, 'new-group');
    await m1.put(`/api/seats/${seatA.id}`, {
      ...form({ name: '坐席A', extension: '7001', authPassword: '', userId: ids.op }),
      groupId: g2.id,
      enabled: false,
    });
    expect((await stateOf(op, seatA.id)).status).toBe('disabled');
    expect(await s.pick(g2.id, 'disabled')).toBeNull();
  });
});
