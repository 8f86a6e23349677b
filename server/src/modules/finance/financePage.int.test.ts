// What the finance page adds to /api/finance: GET /rates (the subordinates with balance and rate, the
// caller's strict subtree only), the ledger's time filter, and POST /ledger/export behind the export
// password — each tried with another tenant's ids, bad input, a caller without the menu, no session.
import { Code } from '../../../../domain/api';
import type { LedgerEntryDto } from '../../../../domain/finance';
import { ApiClient } from '../../../../test/apiClient';
import { startTree, type Tree } from '../../../../test/fixtures';
import type { SubordinateRateRow } from './repo';

let t: Tree;
let superId: number;
let seq = 0;
const rid = () => `page-${Date.now()}-${++seq}`;

type RatesPage = { items: SubordinateRateRow[]; nextAfterId: number | null };
type LedgerPage = { items: LedgerEntryDto[]; nextBeforeId: number | null };

beforeAll(async () => {
  t = await startTree();
  superId = Number((await t.p.db.knex('accounts').where({ account: 'superadmin' }).first('id')).id);
});
afterAll(() => t.p.close());

const exportAs = (c: ApiClient, body: unknown, lang = 'zh-CN') =>
  fetch(`${t.p.url}/api/finance/ledger/export`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': lang,
      authorization: `Bearer ${c.token}`,
      cookie: `Auth=${c.cookie}`,
    },
    body: JSON.stringify(body),
  });

describe('GET /api/finance/rates', () => {
  it('lists the strict subtree with balance and rate (the default where none is set)', async () => {
    await t.p.db.knex('billing_rates').where({ account_id: t.ids.op1 }).delete();
    const r = (await t.m1.get<RatesPage>('/api/finance/rates')).body.data!;
    expect(r.items.map((a) => a.accountId)).toEqual([t.ids.op1]);
    const balance = Number(
      (await t.p.db.knex('accounts').where({ id: t.ids.op1 }).first('balance_fen')).balance_fen,
    );
    expect(r.items[0]).toMatchObject({
      account: 'operator01',
      balanceFen: balance,
      ratePerMinFen: 0,
      accuracyS: 60,
      setBy: null,
      updatedAt: null,
    });
    expect(r.nextAfterId).toBeNull();
    await t.m1.put(`/api/finance/rates/${t.ids.op1}`, { ratePerMinFen: 12, accuracyS: 6 });
    const after = (await t.m1.get<RatesPage>('/api/finance/rates')).body.data!.items[0]!;
    expect(after).toMatchObject({ ratePerMinFen: 12, accuracyS: 6, setBy: t.ids.m1 });
  });

  it("never shows another tenant's accounts, pages by id, refuses bad input and callers without the menu", async () => {
    const m2 = (await t.m2.get<RatesPage>('/api/finance/rates')).body.data!.items.map((a) => a.accountId);
    expect(m2).toEqual([t.ids.m2user]);
    const all = (await t.admin.get<RatesPage>('/api/finance/rates')).body.data!.items.map((a) => a.accountId);
    expect(all).toEqual(expect.arrayContaining([t.ids.m1, t.ids.op1, t.ids.m2, t.ids.m2user]));
    expect(all).not.toContain(superId);
    const first = (await t.admin.get<RatesPage>('/api/finance/rates?limit=1')).body.data!;
    expect(first.items).toHaveLength(1);
    const next = (await t.admin.get<RatesPage>(`/api/finance/rates?limit=1&afterId=${first.nextAfterId}`))
      .body.data!;
    expect(next.items[0]!.accountId).toBeGreaterThan(first.items[0]!.accountId);
    for (const q of ['limit=0', 'limit=501', 'afterId=abc', 'afterId=-1'])
      expect((await t.m1.get(`/api/finance/rates?${q}`)).status).toBe(400);
    expect((await t.op1.get('/api/finance/rates')).status).toBe(403);
    expect((await new ApiClient(t.p.url).get('/api/finance/rates')).status).toBe(401);
  });
});

describe('ledger time filter', () => {
  it('keeps the entries inside the range and refuses a reversed or bad range', async () => {
    const r = await t.m1.post('/api/finance/recharges', {
      accountId: t.ids.op1,
      amount: '1.23',
      confirm: true,
      requestId: rid(),
    });
    expect(r.body.code).toBe(200);
    const q = `accountId=${t.ids.op1}&kind=recharge&limit=200`;
    const all = (await t.m1.get<LedgerPage>(`/api/finance/ledger?${q}`)).body.data!.items;
    const newest = all[0]!;
    expect(newest.deltaFen).toBe(123);
    // The API's times are milliseconds, the stored ones microseconds: the range ends 1 ms later.
    const at = encodeURIComponent(newest.createdAt);
    const end = encodeURIComponent(new Date(Date.parse(newest.createdAt) + 1).toISOString());
    const inside = (await t.m1.get<LedgerPage>(`/api/finance/ledger?${q}&from=${at}&to=${end}`)).body.data!
      .items;
    expect(inside.map((e) => e.id)).toContain(newest.id);
    expect(inside.every((e) => e.createdAt === newest.createdAt)).toBe(true);
    const later = encodeURIComponent(new Date(Date.parse(newest.createdAt) + 1000).toISOString());
    expect((await t.m1.get<LedgerPage>(`/api/finance/ledger?${q}&from=${later}`)).body.data!.items).toEqual(
      [],
    );
    expect((await t.m1.get(`/api/finance/ledger?from=${later}&to=${at}`)).status).toBe(400);
    for (const bad of ['from=yesterday', 'to=2026-02-30', 'from=1'])
      expect((await t.m1.get(`/api/finance/ledger?${bad}`)).status).toBe(400);
  });
});

describe('POST /api/finance/ledger/export', () => {
  it('writes the filtered ledger as csv in the caller language behind the export password', async () => {
    await t.m1.post('/api/finance/recharges', {
      accountId: t.ids.op1,
      amount: '2.50',
      description: '=HYPERLINK("x")',
      confirm: true,
      requestId: rid(),
    });
    const query = { accountId: t.ids.op1, kind: 'recharge' };
    const wrong = await t.m1.post('/api/finance/ledger/export', {
      format: 'csv',
      password: 'nope-nope',
      query,
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, Code.WrongPassword]);
    const res = await exportAs(t.m1, { format: 'csv', password: 'demo1234', query }, 'en');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="ledger-.*\.csv"/);
    const lines = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Time,Account,Kind,Amount (yuan),Balance before (yuan),Balance after (yuan),Description,By',
    );
    const page = (
      await t.m1.get<LedgerPage>(`/api/finance/ledger?accountId=${t.ids.op1}&kind=recharge&limit=200`)
    ).body.data!.items;
    // One line per ledger row, newest first, with the ledger's own figures.
    expect(lines.filter(Boolean)).toHaveLength(page.length + 1);
    expect(lines[1]).toContain(',operator01,Recharge,2.50,');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")",merchant01`);
    const e = page[0]!;
    expect(lines[1]).toContain(
      `${(e.balanceBeforeFen / 100).toFixed(2)},${(e.balanceAfterFen / 100).toFixed(2)}`,
    );
    const zh = await exportAs(t.m1, { format: 'xlsx', password: 'demo1234', query });
    expect(zh.status).toBe(200);
    expect(zh.headers.get('content-type')).toContain('spreadsheetml');
  });

  it("refuses another tenant's account (404), bad input (400), an empty result, and callers without the menu", async () => {
    for (const id of [t.ids.m2, t.ids.m2user, superId, 999999]) {
      const r = await t.m1.post('/api/finance/ledger/export', {
        format: 'csv',
        password: 'demo1234',
        query: { accountId: id },
      });
      expect(r.status).toBe(404);
    }
    for (const body of [
      { format: 'pdf', password: 'demo1234' },
      { format: 'csv' },
      { format: 'csv', password: 'demo1234', query: { kind: 'gift' } },
      { format: 'csv', password: 'demo1234', query: { accountId: 'abc' } },
      { format: 'csv', password: 'demo1234', query: { from: '2026-11-02', to: '2026-11-01' } },
      { format: 'csv', password: 'demo1234', query: { sql: 'x' } },
      { format: 'csv', password: 'demo1234', extra: 1 },
    ])
      expect((await t.m1.post('/api/finance/ledger/export', body)).status).toBe(400);
    const empty = await t.m1.post('/api/finance/ledger/export', {
      format: 'csv',
      password: 'demo1234',
      query: { from: '2001-01-01', to: '2001-01-02' },
    });
    expect([empty.status, empty.body.message]).toEqual([400, '没有可以导出的数据']);
    expect(
      (await t.op1.post('/api/finance/ledger/export', { format: 'csv', password: 'demo1234' })).status,
    ).toBe(403);
    expect(
      (await new ApiClient(t.p.url).post('/api/finance/ledger/export', { format: 'csv', password: 'x' }))
        .status,
    ).toBe(401);
  });

  it("the other merchant's export holds only its own tree", async () => {
    await t.admin.post('/api/finance/recharges', {
      accountId: t.ids.m2,
      amount: '5',
      confirm: true,
      requestId: rid(),
    });
    const res = await exportAs(t.m2, { format: 'csv', password: 'secret12', query: {} }, 'en');
    expect(res.status).toBe(200);
    const rows = (await res.text()).split('\r\n').slice(1).filter(Boolean);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((l) => /,(merchant02|m2user01),/.test(l))).toBe(true);
  });
});
