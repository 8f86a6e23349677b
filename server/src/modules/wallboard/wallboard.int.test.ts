// Wallboard over the API and the socket: the snapshot of a seeded set of calls (today's KPIs with
// transfers and abandons, calls per minute, the open calls, seats with their live state, the recent
// uuids for the live merge, the rooms), scoping to the caller's subtree, the super administrator's
// merchant pick, another tree's ids refused (404), bad input (400), the missing menu (403), and a
// call's room joined for its transcript only inside the subtree.
import { io as connect, type Socket } from 'socket.io-client';
import type { ConversationLine } from '../../../../domain/calls';
import { Events, type CallLineEvent } from '../../../../domain/events';
import type { SeatDto, SeatGroupDto } from '../../../../domain/seats';
import { minuteOf, type WallboardSnapshot } from '../../../../domain/wallboard';
import type { ApiClient } from '../../../../test/apiClient';
import { loggedIn, startTree, type Tree } from '../../../../test/fixtures';
import { insertCall } from '../callrecords/testHelpers';
import { until } from '../../../../test/until';

let t: Tree;
let u2: ApiClient;
const sockets: Socket[] = [];
const now = Date.now();
const uuids: Record<string, string> = {};

const call = async (name: string, accountId: number, over: Record<string, unknown> = {}) => {
  const at = new Date(now - 2000);
  const r = await insertCall(t.p, { accountId, ended_at: at, created_at: at, ...over });
  uuids[name] = r.uuid;
  return r;
};

beforeAll(async () => {
  t = await startTree(['crm/mycustomer']); // m2user01 lacks the wallboard menu
  u2 = await loggedIn(t.p, 'm2user01', 'secret12');
  const { m1, op1, m2 } = t.ids;
  await call('a', m1, { result_level: 21, grade: 21, talk_ms: 60_000, transfer_outcome: 'accepted' });
  await call('b', op1, { result_level: 22, grade: 22, talk_ms: 20_000, transfer_outcome: 'timeout' });
  await call('c', m1, { result_level: 63 });
  await call('test', m1, { result_level: 21, grade: 21, talk_ms: 5000, test: true });
  await call('refused', m1, { result_level: 71 });
  const live = await call('live', op1, {
    status: 'answered',
    ended_at: null,
    answered_at: new Date(now - 1000),
  });
  await t.p.db
    .knex('conversation_lines')
    .insert({ call_id: live.id, seq: 1, khtype: 'robot', khcontent: '您好' });
  await call('other', m2, { result_level: 21, grade: 21, talk_ms: 99_000, transfer_outcome: 'accepted' });
  await call('otherLive', m2, { status: 'dialing', ended_at: null });
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.p.close();
});

const board = (c: ApiClient, q = '') => c.get<WallboardSnapshot>(`/api/wallboard${q}`);

describe('GET /api/wallboard', () => {
  it("gives a merchant its subtree's KPIs, open calls, minute counts and rooms", async () => {
    const r = await board(t.m1);
    expect(r.status).toBe(200);
    const s = r.body.data!;
    expect(s.accountId).toBe(t.ids.m1);
    // a, b, c (the test call and the blacklist refusal are not dialed; the open call is not ended).
    expect(s.kpis).toEqual({
      dialed: 3,
      connected: 2,
      grades: { A: 1, B: 1, C: 0, D: 0, E: 0, F: 0 },
      talkMs: 80_000,
      transfers: 2,
      transferAccepted: 1,
      transferAbandoned: 1,
    });
    expect(s.liveCalls.map((c) => c.callUuid)).toEqual([uuids.live]);
    expect(s.liveCalls[0]).toMatchObject({
      accountId: t.ids.op1,
      status: 'answered',
      phoneMasked: expect.any(String),
    });
    expect(s.perMinute[String(minuteOf(now - 2000))]).toBe(3);
    expect(s.recentEnded).toEqual(expect.arrayContaining([uuids.a, uuids.b, uuids.c]));
    expect(s.recentEnded).not.toContain(uuids.other);
    expect(s.accountIds).toEqual(expect.arrayContaining([t.ids.m1, t.ids.op1]));
    expect(s.accountIds).not.toContain(t.ids.m2);
    expect(s.complete).toBe(true);
    expect(Object.keys(s.lineNames).length).toBeGreaterThanOrEqual(1);
    expect(Array.isArray(s.tasks)).toBe(true);
    const rooms = (await t.m1.get<{ accountIds: number[] }>('/api/wallboard/rooms')).body.data!;
    expect(rooms).toEqual({ accountIds: s.accountIds, complete: true });
    const picked = (await t.admin.get<{ accountIds: number[] }>(`/api/wallboard/rooms?accountId=${t.ids.m2}`))
      .body.data!;
    expect(picked.accountIds).toEqual([t.ids.m2, t.ids.m2user]);
    expect((await t.m1.get(`/api/wallboard/rooms?accountId=${t.ids.m2}`)).status).toBe(404);
  });

  it('lists the subtree seats with their live state', async () => {
    const group = (await t.m1.post<SeatGroupDto>('/api/seats/groups', { name: '大屏组' })).body.data!;
    const seat = (
      await t.m1.post<SeatDto>('/api/seats', {
        name: '大屏坐席',
        type: 'extension',
        extension: '8201',
        authName: 'seat8201',
        authPassword: 'Desk-Pass-82',
        groupId: group.id,
        userId: t.ids.op1,
      })
    ).body.data!;
    const s = (await board(t.m1)).body.data!;
    expect(s.seats).toEqual([
      expect.objectContaining({ id: seat.id, name: '大屏坐席', groupName: '大屏组', userId: t.ids.op1 }),
    ]);
    expect(s.seats[0]!.state).toMatchObject({ online: false, status: 'offline' });
    expect((await board(t.m2)).body.data!.seats).toEqual([]);
  });

  it('lets the super administrator pick a merchant, and nobody look into another tree', async () => {
    const m2 = (await board(t.admin, `?accountId=${t.ids.m2}`)).body.data!;
    expect(m2.accountId).toBe(t.ids.m2);
    expect(m2.kpis.dialed).toBe(1);
    expect(m2.liveCalls.map((c) => c.callUuid)).toEqual([uuids.otherLive]);
    const all = (await board(t.admin)).body.data!;
    expect(all.kpis.dialed).toBe(4);
    for (const id of [t.ids.m2, t.ids.m2user, 999_999]) {
      const r = await board(t.m1, `?accountId=${id}`);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe(404);
    }
    expect((await board(t.m2, `?accountId=${t.ids.m1}`)).status).toBe(404);
    // A merchant looking at its own user.
    expect((await board(t.m1, `?accountId=${t.ids.op1}`)).body.data!.kpis.dialed).toBe(1);
  });

  it.each(['abc', '-1', '0', '1.5', '', '99999999999999999999'])('refuses accountId=%s', async (v) => {
    const r = await board(t.m1, `?accountId=${v}`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    expect((r.body.data as unknown as { errors: { path: string }[] }).errors[0]!.path).toBe('accountId');
  });

  it('needs the wallboard menu', async () => {
    for (const c of [u2, t.op1])
      for (const path of [
        '/api/wallboard',
        '/api/wallboard/merchants',
        `/api/wallboard/calls/${uuids.live}/lines`,
      ]) {
        const r = await c.get(path);
        expect(r.status).toBe(403);
        expect(r.body.code).toBe(403);
      }
  });
});

describe('merchants and transcripts', () => {
  it('offers the super administrator every merchant, a merchant only itself', async () => {
    const all = (await t.admin.get<{ id: number }[]>('/api/wallboard/merchants')).body.data!;
    expect(all.map((m) => m.id)).toEqual(expect.arrayContaining([t.ids.m1, t.ids.m2]));
    expect(
      (await t.m1.get<{ id: number }[]>('/api/wallboard/merchants')).body.data!.map((m) => m.id),
    ).toEqual([t.ids.m1]);
  });

  it("gives a call's transcript inside the subtree only", async () => {
    const lines = (await t.m1.get<ConversationLine[]>(`/api/wallboard/calls/${uuids.live}/lines`)).body.data!;
    expect(lines.map((l) => l.khcontent)).toEqual(['您好']);
    expect((await t.m2.get(`/api/wallboard/calls/${uuids.live}/lines`)).status).toBe(404);
    const bad = await t.m1.get('/api/wallboard/calls/not-a-uuid/lines');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
  });
});

describe('call rooms', () => {
  const open = (c: ApiClient) => {
    const s = connect(t.p.url, {
      transports: ['websocket'],
      auth: { token: c.token },
      extraHeaders: { cookie: `Auth=${c.cookie ?? ''}` },
      reconnection: false,
    });
    sockets.push(s);
    return new Promise<Socket>((resolve, reject) => {
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  };

  it("joins a subtree call's room for its transcript, never another tenant's", async () => {
    const mine = await open(t.m1);
    const theirs = await open(t.m2);
    const join = (s: Socket, room: unknown) => s.timeout(3000).emitWithAck('room:join', { room } as never);
    expect(await join(mine, `call:${uuids.live}`)).toEqual({ code: 200 });
    expect(await join(theirs, `call:${uuids.live}`)).toEqual({ code: 404 });
    expect(await join(mine, `call:${uuids.otherLive}`)).toEqual({ code: 404 });
    expect(await join(mine, 'call:not-a-uuid')).toEqual({ code: 404 });
    expect(await join(theirs, `call:${uuids.otherLive}`)).toEqual({ code: 200 });
    const got: string[] = [];
    theirs.on(Events.CallLine, (e: CallLineEvent) => got.push(e.line.khcontent));
    const arrived = new Promise<CallLineEvent>((resolve) => mine.once(Events.CallLine, resolve));
    const line: ConversationLine = {
      seq: 2,
      khtype: 'customer',
      khcontent: '我想了解一下',
      khvoicepath: [],
      loseFlag: false,
      inserttime: new Date().toISOString(),
      reduceNoiseRate: null,
      reason: null,
    };
    t.p.server.deps.live.toRooms([`call:${uuids.live}`], Events.CallLine, { callUuid: uuids.live!, line });
    expect((await arrived).line.khcontent).toBe('我想了解一下');
    // Then a line of the call theirs does follow: one connection keeps the order the server sends in,
    // so once that one is there, a leaked line would have come before it.
    const theirLine = { ...line, khcontent: '他们的通话' };
    t.p.server.deps.live.toRooms([`call:${uuids.otherLive}`], Events.CallLine, {
      callUuid: uuids.otherLive!,
      line: theirLine,
    });
    await until(() => got.length > 0);
    expect(got).toEqual(['他们的通话']);
  });

  it('leaves a call room on request, and no other room', async () => {
    const s = await open(t.m1);
    const ask = (event: 'room:join' | 'room:leave', room: unknown) =>
      s.timeout(3000).emitWithAck(event, { room } as never);
    expect(await ask('room:join', `call:${uuids.live}`)).toEqual({ code: 200 });
    expect(await ask('room:leave', `call:${uuids.live}`)).toEqual({ code: 200 });
    for (const room of [`account:${t.ids.m1}`, 'session:x', 'seat:1', 42, null])
      expect(await ask('room:leave', room)).toEqual({ code: 400 });
    const got: string[] = [];
    s.on(Events.CallLine, (e: CallLineEvent) => got.push(e.callUuid));
    const line = { seq: 3, khtype: 'robot', khcontent: '好的' } as ConversationLine;
    t.p.server.deps.live.toRooms([`call:${uuids.live}`], Events.CallLine, { callUuid: uuids.live!, line });
    // The account room still delivers: the notice arrives, the left call's line does not. The notice
    // was sent after the line on the same connection, which keeps the order: had the line come, it
    // would be here already.
    const notice = new Promise((resolve) => s.once(Events.NoticeNew, resolve));
    t.p.server.deps.live.noticeToUser(t.ids.m1, { id: 1 } as never);
    await notice;
    expect(got).toEqual([]);
  });
});
