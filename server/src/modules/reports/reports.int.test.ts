// The reports against a hand-computed fixture: one day of calls with every result code, every SPEC §9
// bucket boundary (talk 9.999 s / 10 s / 59.999 s / 60 s / 119.999 s / 120 s; rounds 2/3/5/7/9/10),
// transfers, a blacklist refusal (not dialled) and a test call (not a figure, but billed), settled by
// the real settlement. Then: the rollups equal a rebuild from the call records after a retried and
// concurrent settlements; the expense report equals the ledger; tenant scope; the export password
// and formula neutralisation; unsettled calls count at once.
import { startTree, type Tree } from '../../../../test/fixtures';
import { Code } from '../../../../domain/api';
import type { BusinessReport, ExpenseReport, LineReport, NumberReport } from '../../../../domain/reports/api';
import { settleCall, settleEnded } from '../../dialer/settle';
import { insertCall } from '../callrecords/testHelpers';
import { rebuildRollups } from './rebuild';
import { foldPending } from './fold';

let t: Tree;
const k = () => t.p.db.knex;
const DAY = '2026-03-10';
/** 10:00 in Shanghai on DAY. */
const AT = new Date('2026-03-10T02:00:00Z');
let lineId: number;

const ROLLUP_TABLES = ['report_daily', 'report_hourly', 'report_spend_daily', 'report_line_causes'];
const snapshot = async () => {
  const out: Record<string, unknown[]> = {};
  for (const table of ROLLUP_TABLES)
    out[table] = (await k()(table).select('*')).map((r) => JSON.stringify(r)).sort();
  return out;
};

beforeAll(async () => {
  t = await startTree();
  expect(
    (await t.admin.put(`/api/finance/rates/${t.ids.m1}`, { ratePerMinFen: 12, accuracyS: 6 })).status,
  ).toBe(200);
  expect(
    (await t.m1.put(`/api/finance/rates/${t.ids.op1}`, { ratePerMinFen: 20, accuracyS: 60 })).status,
  ).toBe(200);
  const [line] = await k()('sip_lines')
    .insert({
      account_id: t.ids.m1,
      name: '=HYPERLINK("x")',
      server_ip: '203.0.113.5',
      port: 5060,
      auth_account: 'line-acc',
      password_enc: '',
      caller_number: '4001',
    })
    .returning('id');
  lineId = Number(line.id);
  const call = (over: Record<string, unknown>) =>
    insertCall(t.p, {
      accountId: t.ids.op1,
      line_id: lineId,
      ended_at: AT,
      created_at: AT,
      ring_ms: 1000,
      ...over,
    });
  for (const level of [62, 63, 64, 65, 66, 67, 68, 69, 79, 90, null])
    await call({
      result_level: level,
      ...(level === 67 ? { sip_status: 486, hangup_cause: 'USER_BUSY' } : {}),
    });
  await call({ result_level: 70, answered_at: AT }); // call assistant: answered, not connected
  await call({ result_level: 71, ring_ms: 0 }); // blacklist: never dialled
  const connected: [number, number, number, string | null][] = [
    [21, 9_999, 2, 'accepted'],
    [22, 10_000, 3, 'noSeat'],
    [23, 59_999, 5, 'cancelled'],
    [24, 60_000, 7, null],
    [25, 119_999, 9, null],
    [26, 120_000, 10, null],
  ];
  for (const [level, talk, rounds, transfer] of connected)
    await call({
      result_level: level,
      grade: level,
      answered_at: AT,
      talk_ms: talk,
      billable_ms: talk,
      rounds,
      transfer_outcome: transfer,
    });
  await call({
    result_level: 21,
    grade: 21,
    answered_at: AT,
    talk_ms: 30_000,
    billable_ms: 30_000,
    test: true,
  });
  await settleEnded(t.p.server.deps);
  await foldPending(k());
}, 90_000);
afterAll(() => t.p.close());

const numbers = async (q: string, c = t.m1) => {
  const r = await c.get<NumberReport>(`/api/reports/numbers?${q}`);
  expect(r.status).toBe(200);
  return r.body.data!;
};

describe('number statistics', () => {
  it('counts every result code, grade, bucket and transfer as computed by hand', async () => {
    const r = await numbers(`from=${DAY}&to=${DAY}`);
    expect(r.rows).toHaveLength(1);
    expect(r.total).toMatchObject({
      dialled: 18,
      connected: 6,
      answered: 7,
      lv62: 1,
      lv63: 1,
      lv64: 1,
      lv65: 1,
      lv66: 1,
      lv67: 1,
      lv68: 1,
      lv69: 1,
      lv70: 1,
      lv71: 1,
      lv79: 1,
      lv90: 2,
      ga: 1,
      gb: 1,
      gc: 1,
      gd: 1,
      ge: 1,
      gf: 1,
      h_lt10: 1,
      h_s10_59: 2,
      h_s60_119: 2,
      h_ge120: 1,
      k_r0_2: 1,
      k_r3_4: 1,
      k_r5_6: 1,
      k_r7_9: 2,
      k_r10: 1,
      xfer: 3,
      xfer_accepted: 1,
      xfer_noseat: 1,
      xfer_timeout: 0,
      xfer_other: 1,
      ring_ms: 18_000,
      talk_ms: 9_999 + 10_000 + 59_999 + 60_000 + 119_999 + 120_000,
    });
    expect(r.settling).toBe(0);
  });

  it('lists every day of the range, a day without calls as an empty row', async () => {
    const r = await numbers(`from=2026-03-09&to=2026-03-11`);
    expect(r.rows.map((x) => [x.key, x.counters.dialled])).toEqual([
      ['2026-03-09', 0],
      [DAY, 18],
      ['2026-03-11', 0],
    ]);
  });

  it('groups by line and filters by bot and line', async () => {
    const r = await numbers(`from=${DAY}&to=${DAY}&by=line`);
    expect(r.rows.map((x) => [x.key, x.label, x.counters.dialled])).toEqual([
      [String(lineId), '=HYPERLINK("x")', 18],
    ]);
    expect((await numbers(`from=${DAY}&to=${DAY}&botId=999`)).total.dialled).toBe(0);
    expect((await numbers(`from=${DAY}&to=${DAY}&lineId=${lineId}`)).total.dialled).toBe(18);
  });

  it('validates the filters', async () => {
    for (const q of [
      '',
      'from=2026-03-10',
      'from=2026-02-31&to=2026-03-01',
      'from=2026-03-10&to=2026-03-09',
      'from=2025-01-01&to=2026-03-01',
      `from=${DAY}&to=${DAY}&by=week`,
      `from=${DAY}&to=${DAY}&x=1`,
    ]) {
      const r = await t.m1.get(`/api/reports/numbers?${q}`);
      expect([q, r.status]).toEqual([q, 400]);
    }
  });
});

describe('tenant scope', () => {
  it("shows a merchant only its tree, a user only its subtree; another tree's account is 404", async () => {
    expect((await numbers(`from=${DAY}&to=${DAY}`, t.m2)).total.dialled).toBe(0);
    expect((await t.m2.get(`/api/reports/numbers?from=${DAY}&to=${DAY}&accountId=${t.ids.op1}`)).status).toBe(
      404,
    );
    expect((await t.m2.get(`/api/reports/expense?from=${DAY}&to=${DAY}&accountId=${t.ids.m1}`)).status).toBe(
      404,
    );
    expect((await t.m2.get(`/api/reports/lines?from=${DAY}&to=${DAY}&accountId=${t.ids.m1}`)).status).toBe(
      404,
    );
    expect((await t.m2.get(`/api/reports/business?from=${DAY}&to=${DAY}&accountId=${t.ids.m1}`)).status).toBe(
      404,
    );
    expect((await numbers(`from=${DAY}&to=${DAY}&accountId=${t.ids.op1}`)).total.dialled).toBe(18);
    expect((await numbers(`from=${DAY}&to=${DAY}`, t.admin)).total.dialled).toBe(18);
  });
});

describe('line statistics', () => {
  it('has attempts, ASR, ring time, causes, and flags a line under the threshold', async () => {
    const r = (await t.m1.get<LineReport>(`/api/reports/lines?from=${DAY}&to=${DAY}`)).body.data!;
    expect(r.rows[0]).toMatchObject({ key: String(lineId), flagged: false });
    expect(r.causes).toContainEqual({ lineId, sipStatus: 486, cause: 'USER_BUSY', n: 1 });
    expect(r.thresholdPct).toBe(10);
    expect((await t.m1.put('/api/reports/threshold', { lineConnectedPct: 50 })).status).toBe(403);
    expect((await t.admin.put('/api/reports/threshold', { lineConnectedPct: 50 })).status).toBe(200);
    const flagged = (await t.m1.get<LineReport>(`/api/reports/lines?from=${DAY}&to=${DAY}`)).body.data!;
    expect(flagged.rows[0]!.flagged).toBe(true); // 6 of 18 = 33 % < 50 %
    await t.admin.put('/api/reports/threshold', { lineConnectedPct: 10 });
  });
});

const ledgerSpend = async (id: number) =>
  Number(
    (
      await k()('ledger_entries')
        .where({ account_id: id, kind: 'call' })
        .first(k().raw('coalesce(-sum(delta_fen), 0) AS fen'))
    ).fen,
  );

describe('expense report', () => {
  it("equals each account's ledger (the test call included), with cost per connected call and per lead", async () => {
    for (const [q, id] of [
      [`&accountId=${t.ids.op1}`, t.ids.op1],
      ['', t.ids.m1],
    ] as const) {
      const r = (await t.m1.get<ExpenseReport>(`/api/reports/expense?from=${DAY}&to=${DAY}${q}`)).body.data!;
      expect(r.total.fen).toBe(await ledgerSpend(id));
      expect(r.total.fen).toBeGreaterThan(0);
      expect(r.total).toMatchObject({ calls: 7, connected: 7, leads: 3 });
    }
  });
});

describe('business report', () => {
  it('shows each account below the viewer with the previous period', async () => {
    const r = (await t.m1.get<BusinessReport>(`/api/reports/business?from=${DAY}&to=${DAY}`)).body.data!;
    expect(r.previousFrom).toBe('2026-03-09');
    const op1 = r.rows.find((x) => x.accountId === t.ids.op1)!;
    expect(op1.current.dialled).toBe(18);
    expect(op1.previous.dialled).toBe(0);
    expect(op1.current.fen).toBe(await ledgerSpend(t.ids.op1));
  });
});

describe('rollups', () => {
  it('equal a rebuild from the call records after retried and concurrent settlements', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++)
      ids.push(
        (
          await insertCall(t.p, {
            accountId: i % 2 ? t.ids.op1 : t.ids.m1,
            line_id: lineId,
            ended_at: new Date(AT.getTime() + i * 60_000),
            result_level: [21, 22, 67, 68, 90][i % 5],
            answered_at: i % 5 < 2 ? AT : null,
            talk_ms: i * 4_000,
            billable_ms: i * 4_000,
            rounds: i % 12,
          })
        ).id,
      );
    // Three settlers at once, and each call once more by id afterwards (a retry): no call counted twice.
    await Promise.all([
      settleEnded(t.p.server.deps),
      settleEnded(t.p.server.deps),
      settleEnded(t.p.server.deps),
    ]);
    for (const id of ids) expect(await settleCall(t.p.server.deps, id)).toBeNull();
    await foldPending(k());
    expect(await k()('report_pending').count({ n: '*' }).first()).toEqual({ n: '0' });
    const settled = await snapshot();
    const r = await rebuildRollups(k(), { from: '2026-03-01', to: '2026-03-31' });
    expect(r.calls).toBe(19 + 1 + 30);
    expect(await snapshot()).toEqual(settled);
    expect((await numbers(`from=${DAY}&to=${DAY}`)).total.dialled).toBe(18 + 30);
  });

  it('count ended calls still being settled', async () => {
    await insertCall(t.p, { accountId: t.ids.op1, ended_at: AT, result_level: 22, grade: 22 });
    const r = await numbers(`from=${DAY}&to=${DAY}`);
    expect(r.settling).toBe(1);
    expect(r.total.gb).toBe(1 + 6 + 1);
    await settleEnded(t.p.server.deps);
    // Settled: counted from the fold's queue until the fold adds it to the rollups, then from them.
    const queued = await numbers(`from=${DAY}&to=${DAY}`);
    expect(queued.total.gb).toBe(8);
    await foldPending(k());
    const after = await numbers(`from=${DAY}&to=${DAY}`);
    expect([after.settling, after.total.gb]).toEqual([0, 8]);
  });

  it('count calls waiting for the fold once when a rebuild comes first', async () => {
    const before = (await numbers(`from=${DAY}&to=${DAY}`)).total.dialled ?? 0;
    for (let i = 0; i < 3; i++)
      await insertCall(t.p, { accountId: t.ids.op1, ended_at: AT, result_level: 67, line_id: lineId });
    await settleEnded(t.p.server.deps);
    // The rebuild recounts the day's settled calls and takes the queued ones off the queue.
    await rebuildRollups(k(), { from: DAY, to: DAY });
    expect(await k()('report_pending').count({ n: '*' }).first()).toEqual({ n: '0' });
    await foldPending(k());
    const r = await numbers(`from=${DAY}&to=${DAY}`);
    expect([r.total.dialled, r.settling]).toEqual([before + 3, 0]);
  });
});

const auth = () => ({
  'content-type': 'application/json',
  authorization: `Bearer ${t.m1.token}`,
  cookie: `Auth=${t.m1.cookie}`,
});

describe('export', () => {
  it('needs the export password and neutralises names', async () => {
    const q = { from: DAY, to: DAY, by: 'line' };
    const wrong = await t.m1.post('/api/reports/export', {
      kind: 'numbers',
      format: 'csv',
      password: 'nope-nope',
      query: q,
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, Code.WrongPassword]);
    const res = await fetch(`${t.p.url}/api/reports/export`, {
      method: 'POST',
      headers: { ...auth(), 'accept-language': 'en' },
      body: JSON.stringify({ kind: 'numbers', format: 'csv', password: 'demo1234', query: q }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text.split('\r\n')[0]).toContain('Connected rate (%)');
    const empty = await t.m1.post('/api/reports/export', {
      kind: 'numbers',
      format: 'xlsx',
      password: 'demo1234',
      query: { from: '2026-01-01', to: '2026-01-02' },
    });
    expect(empty.status).toBe(400);
    const xlsx = await fetch(`${t.p.url}/api/reports/export`, {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({
        kind: 'expense',
        format: 'xlsx',
        password: 'demo1234',
        query: { from: DAY, to: DAY },
      }),
    });
    expect(xlsx.status).toBe(200);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});
