// The user info card (/system/usershow) against a hand-made fixture: calls of operator01 (below
// merchant01) and of merchant01 itself today, on the first of the month and on the last day of the
// previous month, settled by the real settlement (billing, rollups), plus one ended call not settled
// yet. Then: identity, limits, lines, logins; the viewer's own card; tenant scope; the menu; bad input.
import { accountForm, startTree, loggedIn, type Tree } from '../../../../test/fixtures';
import type { ApiClient } from '../../../../test/apiClient';
import type { RoleDto } from '../../../../domain/api';
import type { AccountChoice, AccountInfo } from '../../../../domain/accountInfo';
import { settleEnded } from '../../dialer/settle';
import { del, insertCall } from '../callrecords/testHelpers';

let t: Tree;
const k = () => t.p.db.knex;
/** m2user01 (other tree) holds only the user info menu. */
let u2: ApiClient;
let lineId: number;

/** Today's date in Shanghai (the default dialing zone) and noon of a yyyy-MM-dd day there. */
const shanghaiToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(new Date())
    .slice(0, 10);
const noon = (day: string) => new Date(`${day}T04:00:00Z`);
const TODAY = shanghaiToday();
const MONTH_START = `${TODAY.slice(0, 8)}01`;
const PREV_MONTH = new Date(Date.parse(`${MONTH_START}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const FIRST_IS_TODAY = MONTH_START === TODAY;

const info = async (c: ApiClient, id: number) => {
  const r = await c.get<AccountInfo>(`/api/account-info/${id}`);
  expect(r.status).toBe(200);
  return r.body.data!;
};

beforeAll(async () => {
  t = await startTree(['system/usershow']);
  u2 = await loggedIn(t.p, 'm2user01', 'secret12');
  // op1 pays 20 fen a started minute, m1 12 fen a started 6 s block (for every call of its subtree).
  expect(
    (await t.admin.put(`/api/finance/rates/${t.ids.m1}`, { ratePerMinFen: 12, accuracyS: 6 })).status,
  ).toBe(200);
  expect(
    (await t.m1.put(`/api/finance/rates/${t.ids.op1}`, { ratePerMinFen: 20, accuracyS: 60 })).status,
  ).toBe(200);
  const [line] = await k()('sip_lines')
    .insert({
      account_id: t.ids.m1,
      name: '线路一',
      server_ip: '203.0.113.7',
      port: 5060,
      auth_account: 'line-acc',
      password_enc: '',
      caller_number: '4001',
    })
    .returning('id');
  lineId = Number(line.id);
  await k()('sip_line_assignments').insert({
    line_id: lineId,
    account_id: t.ids.op1,
    assigned_by: t.ids.m1,
  });
  await k()('accounts')
    .where({ id: t.ids.op1 })
    .update({ daily_connect_limit: 300, daily_minutes_limit: 120, position: '坐席', phone: '13800000001' });
  const call = (accountId: number, day: string, over: Record<string, unknown>) =>
    insertCall(t.p, { accountId, ended_at: noon(day), created_at: noon(day), ...over });
  const talk = (level: number, ms: number) => ({
    result_level: level,
    grade: level,
    answered_at: new Date(),
    talk_ms: ms,
    billable_ms: ms,
  });
  // operator01 today: 2 connected (30 s, 61 s), a busy one, a blacklist refusal, a test call.
  await call(t.ids.op1, TODAY, talk(21, 30_000));
  await call(t.ids.op1, TODAY, talk(23, 61_000));
  await call(t.ids.op1, TODAY, { result_level: 67 });
  await call(t.ids.op1, TODAY, { result_level: 71 });
  await call(t.ids.op1, TODAY, { ...talk(21, 30_000), test: true });
  // operator01 on the first of the month (120 s) and the last day of the previous month (60 s).
  await call(t.ids.op1, MONTH_START, talk(22, 120_000));
  await call(t.ids.op1, PREV_MONTH, talk(21, 60_000));
  // merchant01's own call today (10 s).
  await call(t.ids.m1, TODAY, talk(22, 10_000));
  await settleEnded(t.p.server.deps);
  // Ended, not settled yet: counted at once, not charged yet.
  await call(t.ids.op1, TODAY, { ...talk(24, 5_000), billable_ms: 0 });
}, 90_000);
afterAll(() => t.p.close());

describe('user info card', () => {
  it("shows a subordinate's identity, limits, lines and balance", async () => {
    const i = await info(t.m1, t.ids.op1);
    const row = await k()('accounts').where({ id: t.ids.op1 }).first();
    expect(i).toMatchObject({
      id: t.ids.op1,
      account: 'operator01',
      realName: row.real_name,
      level: row.level,
      position: '坐席',
      phone: '13800000001',
      parentAccount: 'merchant01',
      disabled: false,
      expired: false,
      timeZone: 'Asia/Shanghai',
      balanceFen: Number(row.balance_fen),
    });
    expect(i.roleName).toEqual(expect.any(String));
    expect(i.limits).toMatchObject({
      aiSeats: row.ai_seats,
      totalAuthorization: row.total_authorization,
      dialIntervalSeconds: row.dial_interval_seconds,
      dailyConnectLimit: 300,
      dailyMinutesLimit: 120,
      expiresAt: new Date(row.expires_at).toISOString(),
    });
    // The demo line the seed assigned, and ours.
    const assigned = await k()('sip_line_assignments').where({ account_id: t.ids.op1 }).orderBy('line_id');
    expect(i.limits.lineCount).toBe(assigned.length);
    expect(i.limits.lines.map((l) => l.id)).toEqual(assigned.map((a) => Number(a.line_id)));
    expect(i.limits.lines).toContainEqual({ id: lineId, name: '线路一', enabled: true });
  });

  it("counts today's and this month's calls, talk and spend as computed by hand", async () => {
    const i = await info(t.m1, t.ids.op1);
    // Today: 21/30 s, 23/61 s, busy, + the unsettled 24/5 s (the blacklist refusal and the test call
    // are not figures). Spend: 20 (30 s) + 40 (61 s) + 20 (the test call is billed) fen.
    const first = FIRST_IS_TODAY ? { calls: 1, connected: 1, talkMs: 120_000, spendFen: 40 } : null;
    expect(i.today).toEqual({
      from: TODAY,
      to: TODAY,
      calls: 4 + (first?.calls ?? 0),
      connected: 3 + (first?.connected ?? 0),
      talkMs: 96_000 + (first?.talkMs ?? 0),
      spendFen: 80 + (first?.spendFen ?? 0),
    });
    // The month adds the first of the month (22/120 s: 40 fen); the previous month is left out.
    expect(i.month).toEqual({
      from: MONTH_START,
      to: TODAY,
      calls: 5,
      connected: 4,
      talkMs: 216_000,
      spendFen: 120,
    });
    expect(i.settling).toBe(1);
    // The spend equals the account's ledger for those calls.
    const ledger = await k()('ledger_entries')
      .where({ account_id: t.ids.op1 })
      .where('idempotency_key', 'like', 'call:%')
      .sum({ fen: 'delta_fen' })
      .first();
    expect(-Number(ledger!.fen)).toBe(120 + 20); // + the previous month's 60 s
  });

  it("shows the viewer's own card: its subtree's calls and its own ledger's spend", async () => {
    const i = await info(t.m1, t.ids.m1);
    expect(i.account).toBe('merchant01');
    const first = FIRST_IS_TODAY ? { calls: 1, connected: 1, talkMs: 120_000, spendFen: 24 } : null;
    // merchant01 pays 12 fen a started 6 s block, rounded up once a call: 30 s 6, 61 s 14 (13.2),
    // test 30 s 6, its own 10 s 3 (2.4); the first of the month 120 s 24.
    expect(i.today).toMatchObject({
      calls: 5 + (first?.calls ?? 0),
      connected: 4 + (first?.connected ?? 0),
      talkMs: 106_000 + (first?.talkMs ?? 0),
      spendFen: 29 + (first?.spendFen ?? 0),
    });
    expect(i.month).toMatchObject({ calls: 6, connected: 5, talkMs: 226_000, spendFen: 53 });
  });

  it('lists the logins, newest first, with how each ended', async () => {
    const second = await loggedIn(t.p, 'operator01');
    expect((await second.post('/api/auth/logout')).status).toBe(200);
    const i = await info(t.m1, t.ids.op1);
    const n = Number((await k()('sessions').where({ account_id: t.ids.op1 }).count({ n: '*' }).first())!.n);
    expect(i.loginCount).toBe(n);
    expect(n).toBeGreaterThanOrEqual(2);
    expect(i.logins[0]).toMatchObject({ active: false, endReason: 'logout' });
    expect(i.logins.some((l) => l.active && l.endReason === null)).toBe(true);
    const ats = i.logins.map((l) => l.at);
    expect([...ats].sort().reverse()).toEqual(ats);
  });
});

describe('account choices', () => {
  it('lists the viewer itself and its subtree, searchable and paged', async () => {
    const all = (await t.m1.get<{ items: AccountChoice[] }>('/api/account-info/choices')).body.data!.items;
    const ids = all.map((a) => a.id);
    expect(ids).toContain(t.ids.m1);
    expect(ids).toContain(t.ids.op1);
    expect(ids).not.toContain(t.ids.m2);
    expect(ids).not.toContain(t.ids.m2user);
    const found = (await t.m1.get<{ items: AccountChoice[] }>('/api/account-info/choices?q=operator01')).body
      .data!.items;
    expect(found.map((a) => a.account)).toEqual(['operator01']);
    const page = (
      await t.m1.get<{ items: AccountChoice[]; nextAfterId: number | null }>(
        '/api/account-info/choices?limit=1',
      )
    ).body.data!;
    expect(page.items).toHaveLength(1);
    expect(page.nextAfterId).toBe(page.items[0]!.id);
    const next = (
      await t.m1.get<{ items: AccountChoice[] }>(
        `/api/account-info/choices?limit=1&afterId=${page.nextAfterId}`,
      )
    ).body.data!.items;
    expect(next[0]!.id).toBeGreaterThan(page.items[0]!.id);
  });

  it('leaves deleted accounts out (404 for their card)', async () => {
    const roles = (await t.m1.get<RoleDto[]>('/api/roles')).body.data!;
    const userRole = roles.find((r) => r.name === '坐席用户')!;
    const made = await t.m1.post<{ id: number }>(
      '/api/accounts',
      accountForm({ account: 'gone0001', roleId: userRole.id }),
    );
    expect(made.status).toBe(200);
    const row = made.body.data!;
    expect((await info(t.m1, row.id)).account).toBe('gone0001');
    expect((await del(t.m1, `/api/accounts/${row.id}`, { confirm: 'delete' })).status).toBe(200);
    expect((await t.m1.get(`/api/account-info/${row.id}`)).status).toBe(404);
    const items = (await t.m1.get<{ items: AccountChoice[] }>('/api/account-info/choices?q=gone')).body.data!
      .items;
    expect(items).toEqual([]);
  });
});

describe('tenant scope and permission', () => {
  it("answers 404 for another tree's account and for a superior", async () => {
    for (const id of [t.ids.m2, t.ids.m2user])
      expect((await t.m1.get(`/api/account-info/${id}`)).status).toBe(404);
    for (const id of [t.ids.m1, t.ids.op1, t.ids.m2]) {
      const r = await u2.get(`/api/account-info/${id}`);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe(404);
    }
    const admin = await k()('accounts').where({ account: 'superadmin' }).first('id');
    expect((await t.m1.get(`/api/account-info/${admin.id}`)).status).toBe(404);
  });

  it('lets a user see only its own subtree (here: itself)', async () => {
    const own = await info(u2, t.ids.m2user);
    expect(own.account).toBe('m2user01');
    expect(own.today).toMatchObject({ calls: 0, connected: 0, talkMs: 0, spendFen: 0 });
    const items = (await u2.get<{ items: AccountChoice[] }>('/api/account-info/choices')).body.data!.items;
    expect(items.map((a) => a.id)).toEqual([t.ids.m2user]);
  });

  it('refuses a caller without the user info menu, and one not logged in', async () => {
    for (const path of [`/api/account-info/${t.ids.op1}`, '/api/account-info/choices']) {
      const r = await t.op1.get(path);
      expect(r.status).toBe(403);
    }
    const anon = await fetch(`${t.p.url}/api/account-info/${t.ids.op1}`);
    expect(anon.status).toBe(401);
  });
});

describe('bad input', () => {
  it.each(['abc', '0', '-1', '1.5', '1e3', '99999999999999999'])('refuses the id %s', async (id) => {
    const r = await t.m1.get(`/api/account-info/${id}`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
  });

  it('answers 404 for an id nobody has', async () => {
    expect((await t.m1.get('/api/account-info/987654321')).status).toBe(404);
  });

  it.each(['limit=0', 'limit=abc', 'limit=201', 'afterId=-3', `q=${'x'.repeat(65)}`, 'q=a&q=b', 'other=1'])(
    'refuses the choices query %s',
    async (q) => {
      const r = await t.m1.get(`/api/account-info/choices?${q}`);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(400);
    },
  );
});
