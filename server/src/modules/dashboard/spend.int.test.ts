// The dashboard's spend (消费金额) is the ledger: calls of a known billable time are settled at known
// rates (set through the finance API), a softphone leg is charged, and each account's spend today
// and all time equals the sum of its own 'call' ledger rows and the fall of its balance. A merchant's
// spend is what it paid for its subtree's calls at its own rate; its user's is the user's own. A
// charge made just before the local midnight (account time zone) belongs to yesterday. Recharges are
// not spend, another tree's charges never show, and the billing state (own rate, a rate above, none)
// travels with the snapshot.
import { randomUUID } from 'node:crypto';
import { dayStart, localDayKey, type DashboardSnapshot } from '../../../../domain/dashboard';
import { chargeFen } from '../../../../domain/dialer/billing';
import { localDay } from '../../../../domain/localTime';
import { startTree, type Tree } from '../../../../test/fixtures';
import type { ApiClient } from '../../../../test/apiClient';
import { chargeTalk, settleEnded, SettleCache } from '../../dialer/settle';
import { insertCall } from '../callrecords/testHelpers';

let t: Tree;
const M1_RATE = { ratePerMinFen: 12, accuracyS: 6 as const };
const OP1_RATE = { ratePerMinFen: 20, accuracyS: 60 as const };
const SH = 'Asia/Shanghai';

const k = () => t.p.db.knex;
const balance = async (id: number) =>
  Number((await k()('accounts').where({ id }).first('balance_fen')).balance_fen);
/** The sum of the account's 'call' ledger rows as a positive spend, optionally from `since` on. */
const ledgerSpend = async (id: number, since?: Date) => {
  const q = k()('ledger_entries').where({ account_id: id, kind: 'call' });
  if (since) q.where('created_at', '>=', since);
  const row = await q.first(k().raw('coalesce(-sum(delta_fen), 0) AS fen'));
  return Number(row.fen);
};
const summary = async (c: ApiClient, q = '') => {
  const r = await c.get<DashboardSnapshot>(`/api/dashboard/summary${q}`);
  expect(r.status).toBe(200);
  return r.body.data!;
};
const todayStart = () => new Date(dayStart(localDay(Date.now(), SH), SH));

beforeAll(async () => {
  t = await startTree();
  // The rates in force, set the way users set them: the platform's for the merchant, the merchant's
  // for its user (they replace the demo seed's).
  expect((await t.admin.put(`/api/finance/rates/${t.ids.m1}`, M1_RATE)).status).toBe(200);
  expect((await t.m1.put(`/api/finance/rates/${t.ids.op1}`, OP1_RATE)).status).toBe(200);
}, 60_000);
afterAll(() => t.p.close());

describe('spend on the dashboard', () => {
  it('equals the ledger rows and the balance change, per account, for robot and softphone calls', async () => {
    const before = {
      m1: await summary(t.m1),
      op1: await summary(t.op1),
      m1Balance: await balance(t.ids.m1),
      op1Balance: await balance(t.ids.op1),
    };
    // Two calls of the user, one of the merchant, one test call of the merchant (billed like any call,
    // not a call figure), all ended now and not settled yet.
    const calls = [
      { accountId: t.ids.op1, billable: 61_000 },
      { accountId: t.ids.op1, billable: 13_000 },
      { accountId: t.ids.m1, billable: 45_500 },
      { accountId: t.ids.m1, billable: 10_000, test: true },
    ];
    for (const c of calls)
      await insertCall(t.p, {
        accountId: c.accountId,
        status: 'ended',
        result_level: 21,
        grade: 21,
        talk_ms: c.billable,
        billable_ms: c.billable,
        test: c.test ?? false,
        ended_at: new Date(),
      });
    await settleEnded(t.p.server.deps);
    // A softphone leg of the user, charged from its CDR the same way (key softphone:<leg>).
    await k().transaction((trx) =>
      chargeTalk(trx, new SettleCache(k()), {
        accountId: t.ids.op1,
        billableMs: 7_000,
        ref: `softphone:${randomUUID()}`,
        what: 'softphone leg',
      }),
    );

    // What the rates say each account pays: the user for its own calls, the merchant for all of them.
    const fee = (ms: number, r: { ratePerMinFen: number; accuracyS: 6 | 60 }) =>
      chargeFen(ms, r.ratePerMinFen, r.accuracyS);
    const opMs = [61_000, 13_000, 7_000];
    const allMs = [...opMs, 45_500, 10_000];
    const opFee = opMs.reduce((s, ms) => s + fee(ms, OP1_RATE), 0);
    const m1Fee = allMs.reduce((s, ms) => s + fee(ms, M1_RATE), 0);
    expect(opFee).toBe(40 + 20 + 20);
    expect(m1Fee).toBe(14 + 4 + 3 + 10 + 3); // 6 s blocks at 1.2 fen, rounded up per call

    const m1 = await summary(t.m1);
    const op1 = await summary(t.op1);
    for (const [s, b, id, expected] of [
      [m1, before.m1, t.ids.m1, m1Fee],
      [op1, before.op1, t.ids.op1, opFee],
    ] as const) {
      const spentToday = s.today.chargedFen - b.today.chargedFen;
      expect(spentToday).toBe(expected);
      expect(s.total.chargedFen - b.total.chargedFen).toBe(expected);
      expect(s.today.chargedFen).toBe(await ledgerSpend(id, todayStart()));
      expect(s.total.chargedFen).toBe(await ledgerSpend(id));
      // The balance shown fell by exactly the spend.
      expect(b.balanceFen - s.balanceFen).toBe(expected);
      expect(s.balanceFen).toBe(await balance(id));
    }
    expect(before.m1Balance - (await balance(t.ids.m1))).toBe(m1Fee);
    expect(before.op1Balance - (await balance(t.ids.op1))).toBe(opFee);
    // The merchant's minutes cover its subtree (the test call apart); its spend is its own payment.
    expect(m1.today.billableMs - before.m1.today.billableMs).toBe(61_000 + 13_000 + 45_500);
    // The merchant looking at its user sees the user's own spend.
    expect((await summary(t.m1, `?accountId=${t.ids.op1}`)).total.chargedFen).toBe(op1.total.chargedFen);

    // A recharge moves the balance, not the spend.
    const r = await t.m1.post('/api/finance/recharges', {
      accountId: t.ids.op1,
      amount: 1,
      confirm: true,
      requestId: `dash-${randomUUID()}`,
    });
    expect(r.body.code).toBe(200);
    const recharged = await summary(t.op1);
    expect(recharged.total.chargedFen).toBe(op1.total.chargedFen);
    expect(recharged.balanceFen).toBe(op1.balanceFen + 100);
  });

  it('dates a charge by its local day in the account time zone', async () => {
    const s = await summary(t.op1);
    const row = await k()('ledger_entries')
      .where({ account_id: t.ids.op1, kind: 'call' })
      .orderBy('id')
      .first('id', 'delta_fen');
    // Charged a second before Shanghai midnight: yesterday's spend, still in the total.
    const lateYesterday = new Date(todayStart().getTime() - 1000);
    await k()('ledger_entries').where({ id: row.id }).update({ created_at: lateYesterday });
    const after = await summary(t.op1);
    const fen = -Number(row.delta_fen);
    expect(after.today.chargedFen).toBe(s.today.chargedFen - fen);
    const yesterday = after.week.find((d) => d.day === localDayKey(lateYesterday.getTime(), SH))!;
    expect(yesterday.chargedFen).toBe(fen);
    expect(after.total.chargedFen).toBe(s.total.chargedFen);
    expect(after.today.chargedFen).toBe(await ledgerSpend(t.ids.op1, todayStart()));
  });

  it('never shows another tree’s charges, and says who has a rate', async () => {
    const m1 = await summary(t.m1);
    // merchant02 gets a rate and a call settled: its own spend, not merchant01's.
    expect((await t.admin.put(`/api/finance/rates/${t.ids.m2}`, M1_RATE)).status).toBe(200);
    const paid = await t.admin.post('/api/finance/recharges', {
      accountId: t.ids.m2,
      amount: 10,
      confirm: true,
      requestId: `dash-${randomUUID()}`,
    });
    expect(paid.body.code).toBe(200);
    await insertCall(t.p, {
      accountId: t.ids.m2,
      status: 'ended',
      result_level: 21,
      billable_ms: 60_000,
      talk_ms: 60_000,
      ended_at: new Date(),
    });
    await settleEnded(t.p.server.deps);
    expect((await summary(t.m1)).total.chargedFen).toBe(m1.total.chargedFen);
    const m2 = await summary(t.m2);
    expect(m2.total.chargedFen).toBe(fee60(M1_RATE.ratePerMinFen));
    expect(m2.total.chargedFen).toBe(await ledgerSpend(t.ids.m2));
    expect((await t.m1.get(`/api/dashboard/summary?accountId=${t.ids.m2}`)).status).toBe(404);

    // Billing state: own rates, a rate only above, none at any level, the platform.
    expect(m1.billing).toEqual({ rate: M1_RATE, ratedAbove: false, platform: false });
    expect((await summary(t.op1)).billing).toEqual({ rate: OP1_RATE, ratedAbove: true, platform: false });
    await k()('billing_rates').where({ account_id: t.ids.op1 }).delete();
    expect((await summary(t.op1)).billing).toEqual({ rate: null, ratedAbove: true, platform: false });
    expect((await summary(t.m2, `?accountId=${t.ids.m2user}`)).billing).toEqual({
      rate: null,
      ratedAbove: true,
      platform: false,
    });
    await k()('billing_rates').where({ account_id: t.ids.m2 }).delete();
    expect((await summary(t.m2, `?accountId=${t.ids.m2user}`)).billing).toEqual({
      rate: null,
      ratedAbove: false,
      platform: false,
    });
    expect((await summary(t.admin)).billing).toMatchObject({ rate: null, platform: true });
  });
});

const fee60 = (rate: number) => chargeFen(60_000, rate, 6);
