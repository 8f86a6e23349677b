import type { LedgerEntryDto, RechargeReply } from '../../../../domain/finance';
import { financeActions as F, financeReducer, initialFinanceState, type FinanceState } from './slice';
import type { SubordinateRate } from './types';

const entry = (id: number, over: Partial<LedgerEntryDto> = {}): LedgerEntryDto => ({
  id,
  accountId: 3,
  account: 'operator01',
  kind: 'recharge',
  deltaFen: 1000,
  balanceBeforeFen: 0,
  balanceAfterFen: 1000,
  description: '',
  createdBy: 2,
  createdByAccount: 'merchant01',
  createdAt: '2026-11-27T01:00:00.000Z',
  ...over,
});

const sub = (accountId: number, over: Partial<SubordinateRate> = {}): SubordinateRate => ({
  accountId,
  account: `acct${accountId}`,
  realName: null,
  level: 1,
  parentId: 2,
  balanceFen: 500,
  ratePerMinFen: 0,
  accuracyS: 60,
  setBy: null,
  updatedAt: null,
  ...over,
});

const run = (...actions: { type: string }[]): FinanceState =>
  actions.reduce((s, a) => financeReducer(s, a as never), initialFinanceState);

describe('finance slice', () => {
  it('loads accounts, then appends the next page', () => {
    let s = run(F.accountsRequested(), F.accountsLoaded({ items: [sub(3)], nextAfterId: 3, append: false }));
    expect(s.accounts).toMatchObject({ loading: false, loaded: true, nextAfterId: 3 });
    s = financeReducer(s, F.accountsRequested({ more: true }));
    expect(s.accounts.nextAfterId).toBe(3);
    s = financeReducer(s, F.accountsLoaded({ items: [sub(4)], nextAfterId: null, append: true }));
    expect(s.accounts.items.map((a) => a.accountId)).toEqual([3, 4]);
    expect(run(F.accountsRequested(), F.accountsFailed('boom')).accounts).toMatchObject({
      loading: false,
      error: 'boom',
    });
  });

  it('keeps each ledger view apart: its filter, its pages and its error', () => {
    const filter = { accountId: 3, kind: '' as const, from: '2026-11-01', to: '2026-11-27' };
    let s = run(F.ledgerRequested({ tab: 'records', filter }));
    expect(s.views.records).toMatchObject({ filter, loading: true });
    expect(s.views.ledger.filter.accountId).toBeNull();
    s = financeReducer(
      s,
      F.ledgerLoaded({ tab: 'records', items: [entry(9)], nextBeforeId: 9, append: false }),
    );
    s = financeReducer(s, F.ledgerRequested({ tab: 'records', more: true }));
    expect(s.views.records.filter).toEqual(filter);
    s = financeReducer(
      s,
      F.ledgerLoaded({ tab: 'records', items: [entry(8)], nextBeforeId: null, append: true }),
    );
    expect(s.views.records.items.map((e) => e.id)).toEqual([9, 8]);
    expect(s.views.records.nextBeforeId).toBeNull();
    s = financeReducer(s, F.ledgerFailed({ tab: 'ledger', error: 'nope' }));
    expect(s.views.ledger.error).toBe('nope');
    expect(s.views.records.error).toBeNull();
  });

  it('gives each opening of the recharge dialog its own request id', () => {
    const a = F.rechargeOpened(3);
    const b = F.rechargeOpened(null);
    expect(a.payload.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(a.payload.requestId).not.toBe(b.payload.requestId);
    const s = run(a);
    expect(s.recharge).toMatchObject({ open: true, initialAccountId: 3, requestId: a.payload.requestId });
  });

  it('takes one submit at a time and none after the recharge landed', () => {
    const form = { accountId: 3, amount: '10', description: '', confirm: true };
    let s = run(F.rechargeOpened(3), F.rechargeSubmitted(form));
    expect(s.recharge.saving).toBe(true);
    const reply = { applied: true, credit: entry(1), debit: null, resumedTaskIds: [] } as RechargeReply;
    s = financeReducer(s, F.rechargeDone(reply));
    expect(s.recharge).toMatchObject({ saving: false, result: reply });
    s = financeReducer(s, F.rechargeSubmitted(form));
    expect(s.recharge.saving).toBe(false);
  });

  it('shows the API refusal by field and clears on close', () => {
    let s = run(
      F.rechargeOpened(3),
      F.rechargeSubmitted({ accountId: 3, amount: '1', description: '', confirm: true }),
      F.rechargeFailed({ error: null, problems: { amount: '金额最多两位小数' } }),
    );
    expect(s.recharge).toMatchObject({ saving: false, problems: { amount: '金额最多两位小数' } });
    s = financeReducer(s, F.rechargeClosed());
    expect(s.recharge).toEqual(initialFinanceState.recharge);
  });

  it('writes a saved rate into its row and closes the rate dialog', () => {
    let s = run(
      F.accountsLoaded({ items: [sub(3), sub(4)], nextAfterId: null, append: false }),
      F.rateOpened(4),
    );
    expect(s.rate.accountId).toBe(4);
    s = financeReducer(s, F.rateSubmitted({ accountId: 4, ratePerMinFen: 15, accuracyS: 6 }));
    expect(s.rate.saving).toBe(true);
    s = financeReducer(
      s,
      F.rateSaved({
        accountId: 4,
        ratePerMinFen: 15,
        accuracyS: 6,
        setBy: 2,
        updatedAt: '2026-11-27T01:00:00Z',
      }),
    );
    expect(s.accounts.items[1]).toMatchObject({ ratePerMinFen: 15, accuracyS: 6, setBy: 2 });
    expect(s.accounts.items[0]!.ratePerMinFen).toBe(0);
    expect(s.rate.accountId).toBeNull();
  });

  it('counts finished exports and keeps a failure until reset', () => {
    let s = run(F.exportRequested({ tab: 'records', format: 'csv', password: 'x' }), F.exportDone());
    expect(s).toMatchObject({ exporting: false, exported: 1 });
    s = financeReducer(s, F.exportFailed('bad password'));
    expect(s.exportError).toBe('bad password');
    expect(financeReducer(s, F.exportReset()).exportError).toBeNull();
  });
});
