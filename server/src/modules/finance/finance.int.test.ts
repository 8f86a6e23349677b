// /api/finance: rates, recharges (new money and merchant-paid, idempotent, low balance), arrears
// resume, the ledger list, and tenant isolation (another tree's ids are 404, one's own account 403).
import type { Socket } from 'socket.io-client';
import type { NoticeDto } from '../../../../domain/api';
import { Events } from '../../../../domain/events';
import type { BillingRateDto, LedgerEntryDto, RechargeReply } from '../../../../domain/finance';
import { ApiClient } from '../../../../test/apiClient';
import { liveSocket, loggedIn, startTree, type Tree } from '../../../../test/fixtures';

let t: Tree;
let superId: number;
let seq = 0;
const rid = () => `req-${Date.now()}-${++seq}`;

const balance = async (id: number) =>
  Number((await t.p.db.knex('accounts').where({ id }).first('balance_fen')).balance_fen);
const ledgerCount = async () => Number((await t.p.db.knex('ledger_entries').count({ n: '*' }).first())!.n);
const noticesOf = (id: number, type: number) =>
  t.p.db.knex('notices').where({ account_id: id, type }).orderBy('id');
const errorPaths = (body: { data: unknown }) =>
  ((body.data as { errors?: { path: string }[] })?.errors ?? []).map((e) => e.path);

beforeAll(async () => {
  t = await startTree();
  superId = Number((await t.p.db.knex('accounts').where({ account: 'superadmin' }).first('id')).id);
});
afterAll(() => t.p.close());

describe('rates', () => {
  it('reads the default rate of a subordinate and its own, 404 outside the subtree', async () => {
    // Without the demo seed's rate, the default applies.
    await t.p.db.knex('billing_rates').where({ account_id: t.ids.op1 }).delete();
    const r = await t.m1.get<BillingRateDto>(`/api/finance/rates/${t.ids.op1}`);
    expect(r.body.data).toEqual({
      accountId: t.ids.op1,
      ratePerMinFen: 0,
      accuracyS: 60,
      setBy: null,
      updatedAt: null,
    });
    expect((await t.m1.get(`/api/finance/rates/${t.ids.m1}`)).body.code).toBe(200);
    for (const id of [t.ids.m2, t.ids.m2user, superId, 999999])
      expect((await t.m1.get(`/api/finance/rates/${id}`)).status).toBe(404);
    expect((await t.m1.get('/api/finance/rates/abc')).status).toBe(400);
  });

  it('a merchant sets its subordinate rate; the super administrator sets a merchant rate', async () => {
    const r = await t.m1.put<BillingRateDto>(`/api/finance/rates/${t.ids.op1}`, {
      ratePerMinFen: 12,
      accuracyS: 6,
    });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({
      accountId: t.ids.op1,
      ratePerMinFen: 12,
      accuracyS: 6,
      setBy: t.ids.m1,
    });
    const again = await t.m1.put<BillingRateDto>(`/api/finance/rates/${t.ids.op1}`, {
      ratePerMinFen: 0,
      accuracyS: 60,
    });
    expect(again.body.data).toMatchObject({ ratePerMinFen: 0, accuracyS: 60 });
    const row = await t.p.db.knex('billing_rates').where({ account_id: t.ids.op1 }).first();
    expect([row.rate_per_min_fen, row.accuracy_s, Number(row.set_by)]).toEqual([0, 60, t.ids.m1]);

    const a = await t.admin.put<BillingRateDto>(`/api/finance/rates/${t.ids.m1}`, {
      ratePerMinFen: 100000,
      accuracyS: 60,
    });
    expect(a.body.data).toMatchObject({ accountId: t.ids.m1, ratePerMinFen: 100000, setBy: superId });
    expect((await t.m1.get<BillingRateDto>(`/api/finance/rates/${t.ids.m1}`)).body.data!.ratePerMinFen).toBe(
      100000,
    );
  });

  it.each([
    [{ ratePerMinFen: -1, accuracyS: 60 }, 'ratePerMinFen'],
    [{ ratePerMinFen: 1.5, accuracyS: 60 }, 'ratePerMinFen'],
    [{ ratePerMinFen: '12', accuracyS: 60 }, 'ratePerMinFen'],
    [{ ratePerMinFen: 100001, accuracyS: 60 }, 'ratePerMinFen'],
    [{ accuracyS: 60 }, 'ratePerMinFen'],
    [{ ratePerMinFen: 5, accuracyS: 30 }, 'accuracyS'],
    [{ ratePerMinFen: 5, accuracyS: '6' }, 'accuracyS'],
    [{ ratePerMinFen: 5 }, 'accuracyS'],
  ])('refuses %p (400 on %s)', async (body, path) => {
    const r = await t.m1.put(`/api/finance/rates/${t.ids.op1}`, body);
    expect(r.status).toBe(400);
    expect(errorPaths(r.body)).toContain(path);
  });

  it('refuses its own account (403), another tree (404) and callers without the menu (403)', async () => {
    const body = { ratePerMinFen: 1, accuracyS: 60 };
    expect((await t.m1.put(`/api/finance/rates/${t.ids.m1}`, body)).status).toBe(403);
    expect((await t.admin.put(`/api/finance/rates/${superId}`, body)).status).toBe(403);
    for (const id of [t.ids.m2, t.ids.m2user, superId])
      expect((await t.m1.put(`/api/finance/rates/${id}`, body)).status).toBe(404);
    expect((await t.op1.get(`/api/finance/rates/${t.ids.op1}`)).status).toBe(403);
    expect(
      await t.p.db
        .knex('billing_rates')
        .whereIn('account_id', [t.ids.m2, t.ids.m2user, t.ids.m1])
        .pluck('account_id'),
    ).toEqual([String(t.ids.m1)]);
  });
});

describe('recharges', () => {
  it('the super administrator adds new money: one credit row, no debit, notice 98 live', async () => {
    const sock: Socket = await liveSocket(t.p, t.m1);
    const got = new Promise<NoticeDto>((resolve) =>
      sock.on(Events.NoticeNew, (n: NoticeDto) => n.type === 98 && resolve(n)),
    );
    const before = await balance(t.ids.m1);
    const r = await t.admin.post<RechargeReply>('/api/finance/recharges', {
      accountId: t.ids.m1,
      amount: '100.50',
      confirm: true,
      requestId: rid(),
    });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ applied: true, debit: null, resumedTaskIds: [] });
    expect(r.body.data!.credit).toMatchObject({
      accountId: t.ids.m1,
      kind: 'recharge',
      deltaFen: 10050,
      balanceBeforeFen: before,
      balanceAfterFen: before + 10050,
      createdBy: superId,
      createdByAccount: 'superadmin',
    });
    expect(await balance(t.ids.m1)).toBe(before + 10050);
    const notice = await got;
    expect(notice).toMatchObject({ accountId: t.ids.m1, type: 98 });
    expect(notice).toMatchObject({ titleKey: 'recharge.title', params: { amount: '100.50' } });
    sock.disconnect();
  });

  it('a merchant pays a recharge from its own balance, both rows in one transaction', async () => {
    const [m, o] = [await balance(t.ids.m1), await balance(t.ids.op1)];
    const r = await t.m1.post<RechargeReply>('/api/finance/recharges', {
      accountId: t.ids.op1,
      amount: 12.34,
      confirm: true,
      description: '月度充值',
      requestId: rid(),
    });
    expect(r.body.code).toBe(200);
    expect(r.body.data!.credit).toMatchObject({
      accountId: t.ids.op1,
      deltaFen: 1234,
      description: '月度充值',
    });
    expect(r.body.data!.debit).toMatchObject({
      accountId: t.ids.m1,
      deltaFen: -1234,
      balanceAfterFen: m - 1234,
    });
    expect([await balance(t.ids.m1), await balance(t.ids.op1)]).toEqual([m - 1234, o + 1234]);
    expect((await noticesOf(t.ids.op1, 98)).length).toBeGreaterThan(0);
  });

  it('a double submit recharges once, sequential or raced, and a reused id with another amount is 409', async () => {
    const o = await balance(t.ids.op1);
    const rows = await ledgerCount();
    const body = { accountId: t.ids.op1, amount: '5', confirm: true, requestId: rid() };
    const first = await t.m1.post<RechargeReply>('/api/finance/recharges', body);
    const second = await t.m1.post<RechargeReply>('/api/finance/recharges', body);
    expect([first.body.data!.applied, second.body.data!.applied]).toEqual([true, false]);
    expect(second.body.data!.credit.id).toBe(first.body.data!.credit.id);
    expect(second.body.data!.debit!.id).toBe(first.body.data!.debit!.id);

    const raced = { ...body, requestId: rid() };
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => t.m1.post<RechargeReply>('/api/finance/recharges', raced)),
    );
    expect(replies.map((x) => x.body.code)).toEqual(Array(6).fill(200));
    expect(replies.filter((x) => x.body.data!.applied)).toHaveLength(1);
    expect(await balance(t.ids.op1)).toBe(o + 1000);
    expect(await ledgerCount()).toBe(rows + 4);

    const reused = await t.m1.post('/api/finance/recharges', { ...body, amount: '6' });
    expect(reused.status).toBe(409);
    // The X-Request-Id header works as the key too.
    const h = rid();
    const viaHeader = { accountId: t.ids.op1, amount: '1', confirm: true };
    const h1 = await t.m1.request<RechargeReply>('POST', '/api/finance/recharges', viaHeader, {
      'x-request-id': h,
    });
    const h2 = await t.m1.request<RechargeReply>('POST', '/api/finance/recharges', viaHeader, {
      'x-request-id': h,
    });
    expect([h1.body.data!.applied, h2.body.data!.applied]).toEqual([true, false]);
  });

  it('a merchant cannot pay more than its balance: 409 in the envelope, nothing changes', async () => {
    const [m, o, rows] = [await balance(t.ids.m1), await balance(t.ids.op1), await ledgerCount()];
    const r = await t.m1.post('/api/finance/recharges', {
      accountId: t.ids.op1,
      amount: (m + 1) / 100,
      confirm: true,
      requestId: rid(),
    });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('余额不足');
    expect([await balance(t.ids.m1), await balance(t.ids.op1), await ledgerCount()]).toEqual([m, o, rows]);
  });

  const good = () => ({ accountId: t.ids.op1, amount: '1.00', confirm: true, requestId: rid() });
  it.each([
    [{ confirm: undefined }, 'confirm'],
    [{ confirm: false }, 'confirm'],
    [{ confirm: 'true' }, 'confirm'],
    [{ amount: undefined }, 'amount'],
    [{ amount: '1.234' }, 'amount'],
    [{ amount: 1.234 }, 'amount'],
    [{ amount: -5 }, 'amount'],
    [{ amount: '0' }, 'amount'],
    [{ amount: '10000000.01' }, 'amount'],
    [{ amount: 'abc' }, 'amount'],
    [{ amount: true }, 'amount'],
    [{ accountId: undefined }, 'accountId'],
    [{ accountId: String(1) }, 'accountId'],
    [{ accountId: 1.5 }, 'accountId'],
    [{ requestId: 'short' }, 'requestId'],
    [{ requestId: undefined }, 'requestId'],
    [{ description: 'x'.repeat(201) }, 'description'],
  ])('refuses %p (400 on %s) and changes nothing', async (over, path) => {
    const rows = await ledgerCount();
    const r = await t.m1.post('/api/finance/recharges', { ...good(), ...over });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    expect(errorPaths(r.body)).toContain(path);
    expect(await ledgerCount()).toBe(rows);
  });

  it('accepts exactly the 10-million-yuan maximum', async () => {
    const r = await t.admin.post<RechargeReply>('/api/finance/recharges', {
      accountId: t.ids.m2,
      amount: '10000000',
      confirm: true,
      requestId: rid(),
    });
    expect(r.body.data!.credit.deltaFen).toBe(1_000_000_000);
  });

  it('refuses its own account (403), accounts outside the strict subtree (404), users and menu-less callers (403)', async () => {
    const rows = await ledgerCount();
    expect((await t.m1.post('/api/finance/recharges', { ...good(), accountId: t.ids.m1 })).status).toBe(403);
    expect((await t.admin.post('/api/finance/recharges', { ...good(), accountId: superId })).status).toBe(
      403,
    );
    for (const id of [t.ids.m2, t.ids.m2user, superId, 999999])
      expect((await t.m1.post('/api/finance/recharges', { ...good(), accountId: id })).status).toBe(404);
    expect((await t.op1.post('/api/finance/recharges', good())).status).toBe(403);
    // The finance routes ask for the finance menu, not the accounts menu.
    const accountsOnly = (
      await t.m2.post<{ id: number }>('/api/roles', { name: '用户管理', menus: ['system/usermanagemain'] })
    ).body.data!;
    await t.m2.put(`/api/accounts/${t.ids.m2user}`, { roleId: accountsOnly.id });
    const u1 = await loggedIn(t.p, 'm2user01', 'secret12');
    expect((await u1.get('/api/finance/rates')).status).toBe(403);
    // An ordinary user holding the finance menu still cannot handle money.
    const role = (
      await t.m2.post<{ id: number }>('/api/roles', { name: '财务', menus: ['bussinesscentral/financial'] })
    ).body.data!;
    await t.m2.put(`/api/accounts/${t.ids.m2user}`, { roleId: role.id });
    const u2 = await loggedIn(t.p, 'm2user01', 'secret12');
    const refused = await u2.post('/api/finance/recharges', { ...good(), accountId: t.ids.m2user });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('只有超级管理员和商户');
    expect(
      (await u2.put(`/api/finance/rates/${t.ids.m2user}`, { ratePerMinFen: 1, accuracyS: 6 })).status,
    ).toBe(403);
    expect(await ledgerCount()).toBe(rows);
  });
});

describe('low balance and arrears', () => {
  it("a merchant's recharge that takes it below its threshold sends notice 99 once", async () => {
    const m = await balance(t.ids.m1);
    await t.p.db.knex('dial_settings').insert({ account_id: t.ids.m1, low_balance_fen: m - 100 });
    const send = (amount: string) =>
      t.m1.post('/api/finance/recharges', { accountId: t.ids.op1, amount, confirm: true, requestId: rid() });
    expect((await send('1.00')).body.code).toBe(200); // m - 100 -> exactly at the threshold: no notice
    expect(await noticesOf(t.ids.m1, 99)).toHaveLength(0);
    expect((await send('0.01')).body.code).toBe(200); // crosses below
    expect((await send('0.01')).body.code).toBe(200); // already below
    const low = await noticesOf(t.ids.m1, 99);
    expect(low).toHaveLength(1);
    expect(low[0]).toMatchObject({ title_key: 'lowBalance.title', body_key: 'lowBalance.body' });
  });

  it('a recharge takes the recipient’s arrears-paused tasks out of 13 with a billing log row', async () => {
    const task = (account_id: number, status: number, over: Record<string, unknown> = {}) => ({
      account_id,
      name: `任务${status}`,
      robots: 1,
      start_date: '2026-01-01',
      status,
      run_state: 0,
      ...over,
    });
    const ids = (
      await t.p.db
        .knex('tasks')
        .insert([
          task(t.ids.op1, 13),
          task(t.ids.op1, 13),
          task(t.ids.op1, 0),
          task(t.ids.op1, 13, { deleted_at: new Date(), active: false }),
          task(t.ids.m2user, 13),
        ])
        .returning('id')
    ).map((r: { id: string }) => Number(r.id));
    const r = await t.m1.post<RechargeReply>('/api/finance/recharges', {
      accountId: t.ids.op1,
      amount: '2',
      confirm: true,
      requestId: rid(),
    });
    expect(r.body.data!.resumedTaskIds).toEqual(ids.slice(0, 2));
    const rows = await t.p.db.knex('tasks').whereIn('id', ids).orderBy('id').select('status', 'run_state');
    // 'recharged' (domain/dialer/status.ts): 13 -> queued 4 / new 1; the scheduler dispatches it to running.
    expect(rows.map((x) => [x.status, x.run_state])).toEqual([
      [4, 1],
      [4, 1],
      [0, 0],
      [13, 0],
      [13, 0],
    ]);
    const log = await t.p.db.knex('task_status_log').whereIn('task_id', ids).orderBy('id');
    expect(
      log.map((l) => [
        Number(l.task_id),
        l.from_status,
        l.to_status,
        l.actor,
        l.reason_message,
        l.reason,
        Number(l.by_account_id),
      ]),
    ).toEqual([
      [ids[0], 13, 4, 'billing', { code: 'taskRecharged' }, '充值后恢复', t.ids.m1],
      [ids[1], 13, 4, 'billing', { code: 'taskRecharged' }, '充值后恢复', t.ids.m1],
    ]);
  });
});

describe('ledger list', () => {
  it('pages one account of the subtree newest first by keyset', async () => {
    type Page = { items: LedgerEntryDto[]; nextBeforeId: number | null };
    const all = (await t.m1.get<Page>(`/api/finance/ledger?accountId=${t.ids.op1}&limit=200`)).body.data!;
    expect(all.items.length).toBeGreaterThan(5);
    expect(all.items.every((e) => e.accountId === t.ids.op1 && e.account === 'operator01')).toBe(true);
    const first = (await t.m1.get<Page>(`/api/finance/ledger?accountId=${t.ids.op1}&limit=2`)).body.data!;
    const second = (
      await t.m1.get<Page>(
        `/api/finance/ledger?accountId=${t.ids.op1}&limit=2&beforeId=${first.nextBeforeId}`,
      )
    ).body.data!;
    expect([...first.items, ...second.items].map((e) => e.id)).toEqual(
      all.items.slice(0, 4).map((e) => e.id),
    );
    const e = all.items[0]!;
    expect(e.balanceAfterFen - e.balanceBeforeFen).toBe(e.deltaFen);
    expect(Object.keys(e).sort()).toEqual(
      [
        'account',
        'accountId',
        'balanceAfterFen',
        'balanceBeforeFen',
        'createdAt',
        'createdBy',
        'createdByAccount',
        'deltaFen',
        'description',
        'id',
        'kind',
      ].sort(),
    );
  });

  it('lists only the subtree, filters by kind, 404 for another tree, 400 for bad input', async () => {
    type Page = { items: LedgerEntryDto[] };
    const mine = (await t.m1.get<Page>('/api/finance/ledger?limit=200&kind=recharge')).body.data!.items;
    expect(new Set(mine.map((e) => e.accountId))).toEqual(new Set([t.ids.m1, t.ids.op1]));
    expect(mine.every((e) => e.kind === 'recharge')).toBe(true);
    const adminAll = (await t.admin.get<Page>('/api/finance/ledger?limit=200')).body.data!.items;
    expect(adminAll.some((e) => e.accountId === t.ids.m2)).toBe(true);
    for (const id of [t.ids.m2, t.ids.m2user, superId])
      expect((await t.m1.get(`/api/finance/ledger?accountId=${id}`)).status).toBe(404);
    for (const q of ['limit=0', 'limit=201', 'accountId=abc', 'kind=gift', 'beforeId=-3'])
      expect((await t.m1.get(`/api/finance/ledger?${q}`)).status).toBe(400);
    expect((await t.op1.get('/api/finance/ledger')).status).toBe(403);
    expect((await new ApiClient(t.p.url).get('/api/finance/ledger')).status).toBe(401);
  });
});
