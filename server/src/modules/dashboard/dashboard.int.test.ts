// Dashboard over the API: figures of a seeded set of ended calls over the caller's subtree only,
// test calls apart, blacklist refusals and open calls not counted, local days in the account's time
// zone (dial_settings), the recent-uuid list for the live merge, the live rooms, a sub-account view
// (another tree's id: 404), bad input (400) and the missing menu (403).
import { DAY_MS } from '../../../../domain/localTime';
import {
  RECENT_WINDOW_MS,
  dayStart,
  localDayKey,
  type DashboardRooms,
  type DashboardSnapshot,
} from '../../../../domain/dashboard';
import { localDay } from '../../../../domain/localTime';
import { loggedIn, startTree, type Tree } from '../../../../test/fixtures';
import type { ApiClient } from '../../../../test/apiClient';
import { insertCall } from '../callrecords/testHelpers';

let t: Tree;
let u2: ApiClient;
const SH = 'Asia/Shanghai';
const now = Date.now();
const todayStart = dayStart(localDay(now, SH), SH);
/** Shanghai midnight that began today, ± a minute: the two calls straddle the day boundary. */
const justAfter = new Date(todayStart + 60_000);
const justBefore = new Date(todayStart - 60_000);
const recentAt = new Date(now - 1000);
const uuids: Record<string, string> = {};

const ended = async (name: string, accountId: number, endedAt: Date, over: Record<string, unknown> = {}) => {
  uuids[name] = (await insertCall(t.p, { accountId, ended_at: endedAt, created_at: endedAt, ...over })).uuid;
};

beforeAll(async () => {
  // m2user01 has no dashboard menu.
  t = await startTree(['crm/mycustomer']);
  u2 = await loggedIn(t.p, 'm2user01', 'secret12');
  const { m1, op1, m2 } = t.ids;
  // Today (Shanghai) for merchant01's tree.
  await ended('a', m1, justAfter, {
    result_level: 21,
    grade: 21,
    talk_ms: 60_000,
    billable_ms: 60_000,
    charged_fen: 30,
  });
  await ended('b', op1, justAfter, {
    result_level: 22,
    grade: 22,
    talk_ms: 30_000,
    billable_ms: 30_000,
    charged_fen: 20,
  });
  await ended('c', m1, justAfter, { result_level: 63 });
  await ended('voicemail', m1, justAfter, { result_level: 70, talk_ms: 9000, billable_ms: 0 });
  await ended('test', m1, justAfter, { result_level: 21, grade: 21, talk_ms: 5000, test: true });
  await ended('refused', m1, justAfter, { result_level: 71 });
  // A call still in progress is not a figure yet.
  await insertCall(t.p, { accountId: m1, status: 'answered', created_at: justAfter });
  // Yesterday (Shanghai) a minute before midnight, and a month ago (only in the total).
  await ended('y', op1, justBefore, { result_level: 24, grade: 24, talk_ms: 12_000, billable_ms: 12_000 });
  await ended('old', m1, new Date(now - 30 * DAY_MS), {
    result_level: 21,
    grade: 21,
    talk_ms: 6000,
    billable_ms: 6000,
  });
  // Just ended: in the recent list for the live merge.
  await ended('recent', op1, recentAt, { result_level: 64 });
  // The other tree: never in merchant01's figures.
  await ended('other', m2, justAfter, { result_level: 21, grade: 21, talk_ms: 99_000, billable_ms: 99_000 });
  await ended('other2', t.ids.m2user, justAfter, { result_level: 21, grade: 21 });
}, 60_000);
afterAll(() => t.p.close());

const summary = (c: ApiClient, q = '') => c.get<DashboardSnapshot>(`/api/dashboard/summary${q}`);
const dayOf = (s: DashboardSnapshot, at: Date) =>
  s.week.find((d) => d.day === localDayKey(at.getTime(), s.timeZone));

describe('GET /api/dashboard/summary', () => {
  it('sums the subtree: today, the 7 days and all time, test calls apart', async () => {
    const r = await summary(t.m1);
    expect(r.status).toBe(200);
    const s = r.body.data!;
    expect(s.accountId).toBe(t.ids.m1);
    expect(s.timeZone).toBe(SH);
    expect(typeof s.balanceFen).toBe('number');
    expect(s.lineCount).toBeGreaterThanOrEqual(1);
    expect(s.week).toHaveLength(7);
    expect(s.today.day).toBe(localDayKey(now, SH));
    expect(s.week[6]).toEqual(s.today);
    // a, b, c, voicemail, recent (the test call, the refusal and the open call are not dialed).
    expect(s.today).toMatchObject({
      dialed: 5,
      connected: 2,
      grades: { A: 1, B: 1, C: 0, D: 0, E: 0, F: 0 },
      talkMs: 90_000,
      billableMs: 90_000,
      // Spend is the account's ledger (spend.int.test.ts), not the records' charged_fen.
      chargedFen: 0,
    });
    expect(s.todayTestCalls).toBe(1);
    expect(s.week[5]).toMatchObject({ dialed: 1, connected: 1, grades: { D: 1 }, talkMs: 12_000 });
    expect(s.total).toMatchObject({ dialed: 7, connected: 4, grades: { A: 2, B: 1, D: 1 }, talkMs: 108_000 });
    expect(s.recentEnded).toContain(uuids.recent);
    expect(s.recentEnded).not.toContain(uuids.other);
    expect(Date.parse(s.asOf)).toBeGreaterThanOrEqual(now - 1000);
    // Run just after the local midnight, the calls that straddle it ended within the recent window too
    // (CI failed here once at 00:00 Shanghai time).
    const mine = ['recent', 'a', 'b', 'c', 'voicemail', 'y'].map((k) => uuids[k]);
    for (const u of s.recentEnded) expect(mine).toContain(u);
  });

  it('gives a user only its own calls and the super administrator every tree', async () => {
    const op = (await summary(t.op1)).body.data!;
    expect(op.today).toMatchObject({ dialed: 2, connected: 1, grades: { B: 1 } });
    expect(op.total).toMatchObject({ dialed: 3, connected: 2 });
    const all = (await summary(t.admin)).body.data!;
    expect(all.today.dialed).toBe(7);
    expect(all.total.dialed).toBe(9);
  });

  it('counts days in the account time zone', async () => {
    await t.p.db.knex('dial_settings').insert({ account_id: t.ids.m1, time_zone: 'Europe/London' });
    try {
      const s = (await summary(t.m1)).body.data!;
      expect(s.timeZone).toBe('Europe/London');
      expect(s.today.day).toBe(localDayKey(Date.parse(s.asOf), 'Europe/London'));
      // In London, Shanghai's midnight is mid-afternoon: both calls fall on the same local day.
      const after = dayOf(s, justAfter)!;
      expect(dayOf(s, justBefore)).toBe(after);
      // a, b, c, voicemail and y (and the just-ended call when London's day is still the same).
      const recent = dayOf(s, recentAt) === after ? 1 : 0;
      expect(after).toMatchObject({ dialed: 5 + recent, connected: 3 });
      expect(s.total.dialed).toBe(7);
    } finally {
      await t.p.db.knex('dial_settings').where({ account_id: t.ids.m1 }).del();
    }
  });

  it('counts a new call at once, while the part before the week comes from the daily cache', async () => {
    const before = (await summary(t.op1)).body.data!;
    await ended('new', t.ids.op1, new Date(), {
      result_level: 23,
      grade: 23,
      talk_ms: 1000,
      billable_ms: 1000,
    });
    const after = (await summary(t.op1)).body.data!;
    expect(after.today.dialed).toBe(before.today.dialed + 1);
    expect(after.today.grades.C).toBe(1);
    expect(after.total.dialed).toBe(before.total.dialed + 1);
    expect(after.recentEnded).toContain(uuids.new);
    // What ended before yesterday is read once a day (cached): a record written into the past now
    // shows from tomorrow on. Calls are written when they end, so this only happens by hand.
    await ended('backdated', t.ids.op1, new Date(now - 20 * DAY_MS), { result_level: 63 });
    expect((await summary(t.op1)).body.data!.total.dialed).toBe(after.total.dialed);
    expect(Date.parse(after.asOf) - RECENT_WINDOW_MS).toBeLessThan(Date.now());
  });

  it('shows a sub-account on request, never another tree (404)', async () => {
    const op = (await summary(t.m1, `?accountId=${t.ids.op1}`)).body.data!;
    expect(op.accountId).toBe(t.ids.op1);
    expect(op.today.dialed).toBe(3);
    for (const id of [t.ids.m2, t.ids.m2user]) {
      const r = await summary(t.m1, `?accountId=${id}`);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe(404);
    }
    // A user cannot look up at its merchant either.
    expect((await summary(t.op1, `?accountId=${t.ids.m1}`)).status).toBe(404);
    expect((await summary(t.m1, '?accountId=999999')).status).toBe(404);
  });

  it.each(['abc', '-1', '0', '1.5', '', '99999999999999999999'])('refuses accountId=%s', async (v) => {
    const r = await summary(t.m1, `?accountId=${v}`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    expect((r.body.data as unknown as { errors: { path: string }[] }).errors[0]!.path).toBe('accountId');
  });

  it('needs the dashboard menu', async () => {
    for (const path of ['/api/dashboard/summary', '/api/dashboard/rooms']) {
      const r = await u2.get(path);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe(403);
    }
  });
});

describe('GET /api/dashboard/rooms', () => {
  it('lists the sub-accounts to watch, inside the subtree only', async () => {
    const m = (await t.m1.get<DashboardRooms>('/api/dashboard/rooms')).body.data!;
    expect(m.complete).toBe(true);
    expect(m.accountIds).toContain(t.ids.op1);
    expect(m.accountIds).not.toContain(t.ids.m1);
    expect(m.accountIds).not.toContain(t.ids.m2);
    expect(m.accountIds).not.toContain(t.ids.m2user);
    expect((await t.op1.get<DashboardRooms>('/api/dashboard/rooms')).body.data).toEqual({
      accountIds: [],
      complete: true,
    });
    expect((await t.m1.get(`/api/dashboard/rooms?accountId=${t.ids.m2}`)).status).toBe(404);
    expect((await t.m1.get('/api/dashboard/rooms?accountId=x')).status).toBe(400);
  });
});
