// Shapes of /api/finance the page reads that domain/finance.ts does not hold: a subordinate with its
// balance and call rate (server/src/modules/finance/repo.ts SubordinateRateRow, GET /api/finance/rates).
import type { BillingAccuracy } from '../../../../domain/dialer/billing';
import type { LedgerKind } from '../../../../domain/finance';

export interface SubordinateRate {
  accountId: number;
  account: string;
  realName: string | null;
  level: number;
  parentId: number | null;
  balanceFen: number;
  ratePerMinFen: number;
  accuracyS: BillingAccuracy;
  setBy: number | null;
  updatedAt: string | null;
}

/** The two ledger views of the page: recharges only (the recharge records) and every entry. */
export type LedgerTab = 'records' | 'ledger';

export interface LedgerFilter {
  accountId: number | null;
  /** Only on the ledger tab; the records tab is always 'recharge'. */
  kind: LedgerKind | '';
  /** yyyy-MM-dd local days, '' for an open end. */
  from: string;
  to: string;
}

export const EMPTY_FILTER: LedgerFilter = { accountId: null, kind: '', from: '', to: '' };
