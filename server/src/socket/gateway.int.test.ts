// Socket.IO: the handshake needs the session pair; notices reach only their account's own sockets (not
// supervisors watching its room); rooms are
// shared across server processes through Redis; revoking a session disconnects its sockets.
import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { LIVE_EVENT } from '../../../domain/events';
import type { NoticeDto } from '../../../domain/api';
import { ApiClient } from '../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../test/harness';
import { until } from '../../../test/until';
import { startServer, type RunningServer } from '../server';
import { FANOUT_SLICE } from './fanout';

const BATCH_WINDOW_MS = 1000;
let p: TestPlatform;
let second: RunningServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  // A long live:batch window, so the batching test's events fall in the windows it means.
  p = await startTestPlatform({ config: { liveBatchWindowMs: BATCH_WINDOW_MS } });
  // A second API process on the same database and Redis prefix.
  second = await startServer({ ...p.config, port: 0 }, { processors: false });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await second.close();
  await p.close();
});

function open(url: string, c: { cookie?: string; token?: string }): Socket {
  const s = connect(url, {
    transports: ['websocket'],
    auth: c.token ? { token: c.token } : {},
    extraHeaders: c.cookie ? { cookie: `Auth=${c.cookie}` } : {},
    reconnection: false,
  });
  sockets.push(s);
  return s;
}

const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', (e) => reject(e));
  });
const refused = (s: Socket) =>
  new Promise<{ message: string; data?: { code: number } }>((resolve, reject) => {
    s.once('connect', () => reject(new Error('should not connect')));
    s.once('connect_error', (e) => resolve(e as never));
  });

const loggedIn = async (account: string) => {
  const c = new ApiClient(p.url);
  await c.login(account);
  return c;
};

it('refuses a handshake without the session pair', async () => {
  const c = await loggedIn('merchant01');
  expect((await refused(open(p.url, {}))).data).toEqual({ code: 10003 });
  expect((await refused(open(p.url, { token: c.token }))).data).toEqual({ code: 10003 });
  expect((await refused(open(p.url, { cookie: c.cookie }))).data).toEqual({ code: 10003 });
});

it('delivers a notice live to its account only, across server processes', async () => {
  const merchant = await loggedIn('merchant01');
  const operator = await loggedIn('operator01');
  const admin = await loggedIn('superadmin');
  const opSocket = open(second.url, operator); // connected to the other process
  const mSocket = open(p.url, merchant);
  await Promise.all([connected(opSocket), connected(mSocket)]);

  const seenByMerchant: NoticeDto[] = [];
  mSocket.on('notice:new', (n: NoticeDto) => seenByMerchant.push(n));
  const arrived = new Promise<NoticeDto>((resolve) => opSocket.once('notice:new', resolve));
  const me = (await operator.get<{ id: number }>('/api/auth/me')).body.data!;
  const r = await admin.post<NoticeDto>('/api/notices', {
    accountId: me.id,
    type: 60,
    title: '系统通知',
    content: '你好',
  });
  expect(r.body.code).toBe(200);
  const notice = await arrived;
  expect(notice).toMatchObject({ accountId: me.id, type: 60, title: '系统通知' });
  // The merchant gets one of its own to prove its socket works, and never saw the operator's.
  const own = new Promise<NoticeDto>((resolve) => mSocket.once('notice:new', resolve));
  const mId = (await merchant.get<{ id: number }>('/api/auth/me')).body.data!.id;
  await admin.post('/api/notices', { accountId: mId, type: 60, title: '充值' });
  expect((await own).title).toBe('充值');
  expect(seenByMerchant.map((n) => n.title)).toEqual(['充值']);
  // The listing shows it too, unread.
  const list = (await operator.get<{ items: NoticeDto[]; unread: number }>('/api/notices')).body.data!;
  expect(list.items[0]!.title).toBe('系统通知');
  expect(list.unread).toBe(2); // plus the seeded welcome notice
  expect((await operator.post(`/api/notices/${notice.id}/read`)).body.data).toEqual({ updated: 1 });
  expect((await operator.get<{ unread: number }>('/api/notices')).body.data!.unread).toBe(1);
});

it('disconnects the sockets of a session at logout, telling them why', async () => {
  const c = await loggedIn('merchant01');
  const s = open(second.url, c);
  await connected(s);
  const told = new Promise<{ code: number }>((resolve) => s.once('session:revoked', resolve));
  const gone = new Promise<string>((resolve) => s.once('disconnect', resolve));
  await c.post('/api/auth/logout');
  expect(await told).toEqual({ code: 102 });
  expect(await gone).toBe('io server disconnect');
});

it("joins a subordinate's room on request but never another tenant's", async () => {
  const merchant = await loggedIn('merchant01');
  const admin = await loggedIn('superadmin');
  const s = open(p.url, merchant);
  await connected(s);
  const ids = Object.fromEntries(
    (await p.db.knex('accounts').select('account', 'id')).map((a) => [a.account, Number(a.id)]),
  );
  // Another merchant tree, straight in the database.
  const [other] = await p.db
    .knex('accounts')
    .insert({
      parent_id: ids.superadmin,
      level: 2,
      account: 'othermerch',
      password_hash: 'x',
      expires_at: new Date(Date.now() + 86_400_000),
      path: '',
    })
    .returning('id');
  await p.db
    .knex('accounts')
    .where({ id: other.id })
    .update({ path: `/${ids.superadmin}/${other.id}/` });
  const join = (room: unknown) => s.timeout(3000).emitWithAck('room:join', { room } as never);
  expect(await join(`account:${ids.operator01}`)).toEqual({ code: 200 });
  expect(await join(`account:${other.id}`)).toEqual({ code: 404 });
  expect(await join(`account:${ids.superadmin}`)).toEqual({ code: 404 });
  expect(await join('task:1')).toEqual({ code: 404 });
  expect(await join(42)).toEqual({ code: 400 });
  // What was granted delivers; what was refused does not (a floor event of each account's room).
  const got: number[] = [];
  s.on('call:transfer', (e: { accountId: number }) => got.push(e.accountId));
  const floor = (accountId: number) =>
    p.server.deps.live.toRooms([`account:${accountId}`], 'call:transfer', { accountId } as never);
  floor(Number(other.id));
  const sub = new Promise<void>((resolve) => s.once('call:transfer', () => resolve()));
  floor(ids.operator01!);
  await sub;
  expect(got).toEqual([ids.operator01]);

  // A notice is personal: the subordinate's own socket gets it, the supervisor watching its room not.
  const operator = await loggedIn('operator01');
  const own = open(p.url, operator);
  await connected(own);
  const notices: string[] = [];
  s.on('notice:new', (n: NoticeDto) => notices.push(`supervisor ${n.title}`));
  const mine = new Promise<NoticeDto>((resolve) => own.once('notice:new', resolve));
  await admin.post('/api/notices', { accountId: ids.operator01, type: 60, title: 'personal' });
  expect((await mine).title).toBe('personal');
  const ownNotice = new Promise<void>((resolve) => s.once('notice:new', () => resolve()));
  await admin.post('/api/notices', { accountId: ids.merchant01, type: 60, title: 'own' });
  await ownNotice;
  expect(notices).toEqual(['supervisor own']);
});

it('batches the events of every process into one live:batch frame per room per window, on every server process', async () => {
  const merchant = await loggedIn('merchant01');
  const ids = Object.fromEntries(
    (await p.db.knex('accounts').select('account', 'id')).map((a) => [a.account, Number(a.id)]),
  );
  // Sockets on both processes, more than one slice of the fan-out on the second.
  const onFirst = open(p.url, merchant);
  const onSecond = Array.from({ length: FANOUT_SLICE + 20 }, () => open(second.url, merchant));
  await Promise.all([onFirst, ...onSecond].map(connected));
  const frames = new Map<Socket, string[][]>();
  for (const s of [onFirst, ...onSecond]) {
    const got: string[][] = [];
    frames.set(s, got);
    s.on('live:batch', (entries: [string, { callUuid: string }][]) =>
      got.push(entries.map(([, e]) => e.callUuid)),
    );
  }
  const received = (n: number) =>
    until(() => [...frames.values()].every((got) => got.flat().length >= n), 5000);
  const room = `account:${ids.merchant01}`;
  const redis = new Redis(p.config.redisUrl);
  try {
    const media = new Emitter(redis, { key: `${p.config.redisPrefix}:socket.io` });
    const fromMedia = (uuid: string) =>
      media.serverSideEmit(LIVE_EVENT, [room], ['call:state', { callUuid: uuid } as never]);
    // A quiet room: the first event goes at once and opens a window.
    fromMedia('media-1');
    await received(1);
    // Within that window a media worker's event (Redis) and a server process's (local on the first
    // process, Redis on the second) wait for it together.
    fromMedia('media-2');
    p.server.deps.live.toRoomsBatched([room], ['call:state', { callUuid: 'server-1' } as never]);
    await received(3);
    // The window after: a frame of its own.
    fromMedia('media-3');
    await received(4);
    const firstFrames = frames.get(onFirst)!;
    for (const got of frames.values()) {
      expect(got.length).toBe(3);
      expect(got[0]).toEqual(['media-1']);
      // Two processes' events in one window have no order between them; each process's own do.
      expect([...got[1]!].sort()).toEqual(['media-2', 'server-1']);
      expect(got[2]).toEqual(['media-3']);
    }
    // The sockets of one process get the very same frames.
    const secondFrames = frames.get(onSecond[0]!)!;
    for (const s of onSecond) expect(frames.get(s)).toEqual(secondFrames);
    expect(firstFrames.length).toBe(3);
  } finally {
    redis.disconnect();
  }
});
