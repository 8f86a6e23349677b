// Seats and seat groups over the API: CRUD with the form's rules (bad input, wrong types, missing
// fields), duplicates (409), another tree's ids (404), missing menus (403), secrets sealed and never
// returned, and the per-seat figures of a date range from seat_offers.
import { decryptSecret } from '../../../../../platform/secrets';
import type { SeatDto, SeatFiguresDto, SeatGroupDto } from '../../../../../domain/seats';
import type { ApiClient, Reply } from '../../../../../test/apiClient';
import { accountId, loggedIn, secondMerchantTree } from '../../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../../test/harness';
import type { FiguresPage } from './figures';

let p: TestPlatform;
let m1: ApiClient;
let op: ApiClient;
let other: Awaited<ReturnType<typeof secondMerchantTree>>;
let opId: number;
let m1Id: number;

const PW = 'Seat-Secret-77';
const del = (c: ApiClient, url: string, body: unknown = { confirm: 'delete' }) =>
  c.request('DELETE', url, body);
const paths = (r: Reply) =>
  ((r.body.data as { errors?: { path: string }[] })?.errors ?? []).map((e) => e.path);

const seatForm = (over: Record<string, unknown>) => ({
  name: '坐席一',
  type: 'extension',
  extension: '8001',
  authName: 'seat8001',
  authPassword: PW,
  enabled: true,
  autoAnswer: false,
  ...over,
});

beforeAll(async () => {
  p = await startTestPlatform();
  m1 = await loggedIn(p, 'merchant01');
  op = await loggedIn(p, 'operator01');
  // The other tree's user holds seatsmanage but not seatsdialdata.
  other = await secondMerchantTree(p, ['dialcenter/seatsmanage']);
  opId = await accountId(p, 'operator01');
  m1Id = await accountId(p, 'merchant01');
});
afterAll(() => p.close());

describe('seat groups', () => {
  it('creates, lists, edits and deletes a group with the form rules', async () => {
    const r = await m1.post<SeatGroupDto>('/api/seats/groups', { name: ' 销售组 ', description: '白天' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      name: '销售组',
      description: '白天',
      seatCount: 0,
      ownerAccount: 'merchant01',
    });
    const id = r.body.data!.id;
    expect((await m1.post('/api/seats/groups', { name: '销售组' })).status).toBe(409);
    const dup = await m1.post('/api/seats/groups', { name: '销售组' });
    expect(paths(dup)).toEqual(['name']);
    for (const bad of [
      { name: '销' },
      {},
      { name: 5 },
      { name: 'ab', description: 'x'.repeat(501) },
      { name: 'ab', description: 7 },
    ]) {
      const b = await m1.post('/api/seats/groups', bad);
      expect(b.status).toBe(400);
      expect(b.body.code).toBe(400);
      expect(paths(b).length).toBeGreaterThan(0);
    }
    const e = await m1.put<SeatGroupDto>(`/api/seats/groups/${id}`, { name: '售后组', description: '' });
    expect(e.body.data).toMatchObject({ id, name: '售后组', description: '' });
    expect((await m1.get<SeatGroupDto[]>('/api/seats/groups')).body.data!.map((g) => g.name)).toEqual([
      '售后组',
    ]);
    expect((await del(m1, `/api/seats/groups/${id}`, {})).status).toBe(400);
    expect((await del(m1, `/api/seats/groups/${id}`)).status).toBe(200);
    expect((await m1.get<SeatGroupDto[]>('/api/seats/groups')).body.data).toEqual([]);
    expect((await m1.put('/api/seats/groups/abc', { name: '售后组' })).status).toBe(400);
  });

  it("keeps another tree's groups out of reach (404) and needs the menu (403)", async () => {
    const g = (await other.m2.post<SeatGroupDto>('/api/seats/groups', { name: '二号组' })).body.data!;
    expect((await m1.put(`/api/seats/groups/${g.id}`, { name: '抢来的' })).status).toBe(404);
    expect((await del(m1, `/api/seats/groups/${g.id}`)).status).toBe(404);
    expect((await m1.get<SeatGroupDto[]>('/api/seats/groups')).body.data!.map((x) => x.name)).not.toContain(
      '二号组',
    );
    // The merchant above sees its subordinate's group; the subordinate does not see the merchant's.
    expect((await other.m2.get<SeatGroupDto[]>('/api/seats/groups')).body.data!.map((x) => x.name)).toContain(
      '二号组',
    );
    // operator01 does not hold dialcenter/seatsmanage.
    expect((await op.get('/api/seats/groups')).status).toBe(403);
    expect((await op.post('/api/seats/groups', { name: '我的组' })).status).toBe(403);
    expect((await op.get('/api/seats')).status).toBe(403);
    expect((await op.post('/api/seats', seatForm({}))).status).toBe(403);
    expect((await op.get('/api/seats/users')).status).toBe(403);
  });
});

describe('seats', () => {
  let groupId: number;
  let seat: SeatDto;

  beforeAll(async () => {
    groupId = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '坐席组A' })).body.data!.id;
  });

  it('creates an extension seat worked by a subordinate; the password is sealed and never returned', async () => {
    const r = await m1.post<SeatDto>('/api/seats', seatForm({ groupId, userId: opId }));
    expect(r.status).toBe(200);
    seat = r.body.data!;
    expect(seat).toMatchObject({
      name: '坐席一',
      type: 'extension',
      extension: '8001',
      authName: 'seat8001',
      authPasswordSet: true,
      mobileMasked: null,
      userId: opId,
      userAccount: 'operator01',
      groupId,
      groupName: '坐席组A',
      state: { status: 'offline', online: false, activity: 'idle' },
    });
    const stored = await p.db.knex('seats').where('id', seat.id).first();
    expect(stored.auth_password_enc.startsWith('v1:')).toBe(true);
    expect(decryptSecret(p.config.secretKey, stored.auth_password_enc)).toBe(PW);
    for (const reply of [r, await m1.get('/api/seats'), await op.get('/api/seats/mine')]) {
      const text = JSON.stringify(reply.body);
      expect(text).not.toContain(PW);
      expect(text).not.toContain('v1:');
      expect(text).not.toContain('authPassword"');
    }
    // The group counts it and cannot go while it has seats.
    const groups = (await m1.get<SeatGroupDto[]>('/api/seats/groups')).body.data!;
    expect(groups.find((g) => g.id === groupId)!.seatCount).toBe(1);
    const busyGroup = await del(m1, `/api/seats/groups/${groupId}`);
    expect([busyGroup.status, busyGroup.body.code]).toEqual([409, 409]);
  });

  it.each([
    [{ authName: 'short' }, ['authName']],
    [{ authPassword: '12345' }, ['authPassword']],
    [{ authPassword: '' }, ['authPassword']],
    [{ extension: '1' }, ['extension']],
    [{ extension: '80a1' }, ['extension']],
    [{ name: '坐' }, ['name']],
    [{ name: undefined }, ['name']],
    [{ type: 'sip' }, ['type']],
    [{ groupId: undefined }, ['groupId']],
    [{ groupId: 'x' }, ['groupId']],
    [{ userId: '2' }, ['userId']],
    [{ enabled: 'yes' }, ['enabled']],
    [{ type: 'mobile', mobile: '12345' }, ['mobile']],
    [{ type: 'mobile', mobile: '' }, ['mobile']],
  ])('refuses %j', async (over, fields) => {
    const r = await m1.post(
      '/api/seats',
      seatForm({ groupId, userId: m1Id, extension: '8100', name: '坐席新', ...over }),
    );
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    for (const f of fields) expect(paths(r)).toContain(f);
  });

  it('refuses duplicates: name per owner, extension per platform, one seat per account', async () => {
    const sameName = await m1.post('/api/seats', seatForm({ groupId, userId: m1Id, extension: '8101' }));
    expect([sameName.status, paths(sameName)]).toEqual([409, ['name']]);
    const sameUser = await m1.post(
      '/api/seats',
      seatForm({ groupId, userId: opId, name: '坐席二', extension: '8102' }),
    );
    expect([sameUser.status, paths(sameUser)]).toEqual([409, ['userId']]);
    // Another tenant cannot take the extension either: it is one SIP namespace.
    const g2 = (await other.m2.post<SeatGroupDto>('/api/seats/groups', { name: '二号组B' })).body.data!;
    const sameExt = await other.m2.post('/api/seats', seatForm({ groupId: g2.id, userId: other.user.id }));
    expect([sameExt.status, paths(sameExt)]).toEqual([409, ['extension']]);
    // Issue 21: nothing about who holds it (no existence oracle across tenants).
    expect(sameExt.body.message).toBe('该分机号不可用，请换一个');
  });

  it("refuses another tree's groups, users and seats (404)", async () => {
    const g2 = (await other.m2.get<SeatGroupDto[]>('/api/seats/groups')).body.data![0]!;
    expect(
      (
        await m1.post(
          '/api/seats',
          seatForm({ groupId: g2.id, userId: m1Id, name: '坐席X', extension: '8200' }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await m1.post(
          '/api/seats',
          seatForm({ groupId, userId: other.user.id, name: '坐席X', extension: '8200' }),
        )
      ).status,
    ).toBe(404);
    // A subordinate's own seat, made with the other tree's user, for the other direction.
    const theirs = await other.m2.post<SeatDto>(
      '/api/seats',
      seatForm({ groupId: g2.id, userId: other.user.id, name: '二号坐席', extension: '9001' }),
    );
    expect(theirs.status).toBe(200);
    const id = theirs.body.data!.id;
    expect(
      (await m1.put(`/api/seats/${id}`, seatForm({ groupId, userId: m1Id, extension: '9001' }))).status,
    ).toBe(404);
    expect((await del(m1, `/api/seats/${id}`)).status).toBe(404);
    expect((await m1.get(`/api/seats/${id}/state`)).status).toBe(404);
    expect((await m1.put(`/api/seats/${id}/state`, { online: true })).status).toBe(404);
    expect((await m1.get<SeatDto[]>('/api/seats')).body.data!.map((s) => s.id)).not.toContain(id);
    // And the other tree cannot move its seat into m1's group.
    expect(
      (
        await other.m2.put(
          `/api/seats/${id}`,
          seatForm({ groupId, userId: other.user.id, extension: '9001' }),
        )
      ).status,
    ).toBe(404);
  });

  it('edits: an empty password keeps the stored one; a mobile seat keeps only a masked number in lists', async () => {
    const before = await p.db.knex('seats').where('id', seat.id).first('auth_password_enc');
    const e = await m1.put<SeatDto>(
      `/api/seats/${seat.id}`,
      seatForm({ groupId, userId: opId, name: '坐席一号', authPassword: '' }),
    );
    expect(e.status).toBe(200);
    expect(e.body.data).toMatchObject({ name: '坐席一号', authPasswordSet: true });
    expect((await p.db.knex('seats').where('id', seat.id).first('auth_password_enc')).auth_password_enc).toBe(
      before.auth_password_enc,
    );

    const mob = await m1.post<SeatDto>('/api/seats', {
      name: '手机坐席',
      type: 'mobile',
      mobile: '13800138000',
      groupId,
      userId: m1Id,
    });
    expect(mob.status).toBe(200);
    expect(mob.body.data).toMatchObject({
      type: 'mobile',
      mobileMasked: '138****8000',
      extension: null,
      authPasswordSet: false,
    });
    const list = JSON.stringify((await m1.get('/api/seats')).body);
    expect(list).toContain('138****8000');
    expect(list).not.toContain('13800138000');
    const stored = await p.db.knex('seats').where('id', mob.body.data!.id).first('mobile_enc');
    expect(decryptSecret(p.config.secretKey, stored.mobile_enc)).toBe('13800138000');
    // Turning it into an extension seat needs a password now (nothing stored to keep).
    const noPw = await m1.put(
      `/api/seats/${mob.body.data!.id}`,
      seatForm({ groupId, userId: m1Id, name: '手机坐席', extension: '8300', authPassword: '' }),
    );
    expect([noPw.status, paths(noPw)]).toEqual([400, ['authPassword']]);
    const filter = (await m1.get<SeatDto[]>(`/api/seats?groupId=${groupId}`)).body.data!;
    expect(filter.map((s) => s.name).sort()).toEqual(['坐席一号', '手机坐席']);
  });

  it('lists the accounts that can work a seat, with the seat each works', async () => {
    const users = (await m1.get<{ id: number; account: string; seatId: number | null }[]>('/api/seats/users'))
      .body.data!;
    expect(users.find((u) => u.id === opId)!.seatId).toBe(seat.id);
    expect(users.map((u) => u.account)).not.toContain('m2user01');
  });

  it('deletes with the typed confirmation only', async () => {
    const s = (await m1.get<SeatDto[]>('/api/seats')).body.data!.find((x) => x.type === 'mobile')!;
    expect((await del(m1, `/api/seats/${s.id}`, { confirm: 'remove' })).status).toBe(400);
    expect((await del(m1, `/api/seats/${s.id}`)).status).toBe(200);
    expect((await del(m1, `/api/seats/${s.id}`)).status).toBe(404);
  });
});

describe('figures', () => {
  it('counts offers per seat for local days, pages by seat, and stays in the subtree', async () => {
    const seats = (await m1.get<SeatDto[]>('/api/seats')).body.data!;
    const s1 = seats[0]!;
    const g = seats[0]!.groupId;
    const s2 = (
      await m1.post<SeatDto>(
        '/api/seats',
        seatForm({ groupId: g, userId: m1Id, name: '坐席三', extension: '8400' }),
      )
    ).body.data!;
    const offer = (seatId: number, at: string, answered: boolean, talkMs = 0) => ({
      account_id: m1Id,
      seat_id: seatId,
      call_uuid: `c-${seatId}-${at}`,
      offered_at: at,
      answered_at: answered ? at : null,
      declined_at: answered ? null : at,
      talk_ms: talkMs,
    });
    await p.db.knex('seat_offers').insert([
      offer(s1.id, '2026-01-01T00:30:00+08:00', true, 60_000),
      offer(s1.id, '2026-01-01T23:59:59+08:00', true, 30_000),
      offer(s1.id, '2026-01-01T12:00:00+08:00', false),
      offer(s1.id, '2026-01-02T00:00:00+08:00', true, 999_000), // the next local day
      offer(s1.id, '2025-12-31T23:59:59+08:00', true, 999_000), // the day before
      offer(s2.id, '2026-01-01T10:00:00+08:00', false),
    ]);
    const day = (await m1.get<FiguresPage>('/api/seats/figures?from=2026-01-01&to=2026-01-01')).body.data!;
    expect(day.timeZone).toBe('Asia/Shanghai');
    const byName = Object.fromEntries(day.items.map((i) => [i.seatName, i]));
    expect(byName['坐席一号']).toMatchObject<Partial<SeatFiguresDto>>({
      offers: 3,
      answered: 2,
      missed: 1,
      talkMs: 90_000,
      averageHandleMs: 45_000,
      userAccount: 'operator01',
    });
    expect(byName['坐席三']).toMatchObject({
      offers: 1,
      answered: 0,
      missed: 1,
      talkMs: 0,
      averageHandleMs: null,
    });
    expect(day.totals).toEqual({
      offers: 4,
      answered: 2,
      missed: 2,
      talkMs: 90_000,
      averageHandleMs: 45_000,
    });
    const two = (await m1.get<FiguresPage>('/api/seats/figures?from=2025-12-31&to=2026-01-02')).body.data!;
    expect(two.totals!.offers).toBe(6);
    // Keyset pages of one seat.
    const p1 = (await m1.get<FiguresPage>('/api/seats/figures?from=2026-01-01&to=2026-01-01&limit=1')).body
      .data!;
    expect(p1.items).toHaveLength(1);
    expect(p1.nextAfter).toBe(p1.items[0]!.seatId);
    const p2 = (
      await m1.get<FiguresPage>(
        `/api/seats/figures?from=2026-01-01&to=2026-01-01&limit=1&after=${p1.nextAfter}`,
      )
    ).body.data!;
    expect(p2.items[0]!.seatId).toBeGreaterThan(p1.items[0]!.seatId);
    expect(p2.totals).toBeNull();
    // operator01 sees nothing of its merchant's seats (they are not in its subtree).
    const mine = (await op.get<FiguresPage>('/api/seats/figures?from=2026-01-01&to=2026-01-01')).body.data!;
    expect(mine.items).toEqual([]);
    expect(mine.totals!.offers).toBe(0);
  });

  it('refuses bad ranges and needs the menu', async () => {
    for (const q of [
      'from=2026-01-02&to=2026-01-01',
      'from=2026-02-30&to=2026-03-01',
      'from=2025-01-01&to=2026-01-02',
      'from=2026-01-01',
      'from=x&to=y',
      'from=2026-01-01&to=2026-01-01&limit=0',
    ]) {
      const r = await m1.get(`/api/seats/figures?${q}`);
      expect([q, r.status]).toEqual([q, 400]);
    }
    expect((await other.u2.get('/api/seats/figures?from=2026-01-01&to=2026-01-01')).status).toBe(403);
  });
});
