// Finance rules shared by the recharge form, the API and the billing path (SPEC §5 Recharge, §9 limits):
// amounts are parsed from decimal text straight into integer fen (never through a binary float), and
// call rates are whole fen per minute with a billing accuracy of 6 or 60 seconds.
import type { BillingAccuracy } from './dialer/billing';

/** SPEC §5 / §9: a recharge is at most 10 million yuan. */
export const RECHARGE_MAX_YUAN = 10_000_000;
export const RECHARGE_MAX_FEN = RECHARGE_MAX_YUAN * 100;
/** A call rate above 1,000 yuan per minute is a typo, not a price. */
export const RATE_MAX_FEN = 100_000;
export const BILLING_ACCURACIES: readonly BillingAccuracy[] = [6, 60];
/** What an account without a billing_rates row pays: nothing, per whole minute. */
export const DEFAULT_RATE = { ratePerMinFen: 0, accuracyS: 60 as BillingAccuracy };
/** Below this balance (fen) the low-balance notice 99 goes out when dial_settings has no row. */
export const DEFAULT_LOW_BALANCE_FEN = 1000;
export const DESCRIPTION_MAX = 200;

export type AmountProblem = 'required' | 'invalid' | 'decimals' | 'positive' | 'max';

const AMOUNT = /^(\d+)(?:\.(\d+))?$/;

/**
 * A recharge amount in yuan ('12.5', '0.01', 100) as integer fen: at most 2 decimals, more than 0, at
 * most RECHARGE_MAX_YUAN. Numbers are read through their shortest decimal text (12.34 -> '12.34'), so
 * 0.1 + 0.2 (0.30000000000000004) is refused for its decimals instead of being rounded silently.
 */
export function parseYuan(
  input: string | number | null | undefined,
): { ok: true; fen: number } | { ok: false; problem: AmountProblem } {
  if (input === null || input === undefined) return { ok: false, problem: 'required' };
  if (typeof input === 'number' && !Number.isFinite(input)) return { ok: false, problem: 'invalid' };
  const s = String(input).trim();
  if (s === '') return { ok: false, problem: 'required' };
  if (/^-/.test(s)) return { ok: false, problem: 'positive' };
  const m = AMOUNT.exec(s);
  if (!m) return { ok: false, problem: 'invalid' };
  const frac = m[2] ?? '';
  if (frac.length > 2) return { ok: false, problem: 'decimals' };
  const whole = m[1] ?? '';
  if (whole.replace(/^0+/, '').length > 10) return { ok: false, problem: 'max' };
  const fen = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (fen <= 0) return { ok: false, problem: 'positive' };
  if (fen > RECHARGE_MAX_FEN) return { ok: false, problem: 'max' };
  return { ok: true, fen };
}

export type RateProblem = 'required' | 'invalid' | 'max';

/** A call rate per minute in whole fen, 0 to RATE_MAX_FEN. */
export function rateProblem(v: unknown): RateProblem | null {
  if (v === null || v === undefined) return 'required';
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) return 'invalid';
  if (v > RATE_MAX_FEN) return 'max';
  return null;
}

export const isBillingAccuracy = (v: unknown): v is BillingAccuracy => v === 6 || v === 60;

/** Low-balance notice 99: once, when a change takes the balance from at least the threshold to below it. */
export function crossesBelow(beforeFen: number, afterFen: number, thresholdFen: number): boolean {
  return beforeFen >= thresholdFen && afterFen < thresholdFen;
}

/** Who may set rates and recharge (SPEC §6): the super administrator (0) and merchants (2). */
export const canManageMoney = (level: number): boolean => level === 0 || level === 2;

// ---- API shapes ----

export interface BillingRateDto {
  accountId: number;
  ratePerMinFen: number;
  accuracyS: BillingAccuracy;
  /** Null when no parent has set a rate yet (DEFAULT_RATE applies). */
  setBy: number | null;
  updatedAt: string | null;
}

export const LEDGER_KINDS = ['recharge', 'call', 'refund', 'adjust'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerEntryDto {
  id: number;
  accountId: number;
  account: string;
  kind: LedgerKind;
  deltaFen: number;
  balanceBeforeFen: number;
  balanceAfterFen: number;
  description: string;
  createdBy: number | null;
  createdByAccount: string | null;
  createdAt: string;
}

export interface RechargeReply {
  /** False when this request id was seen before: nothing changed, the first recharge is returned. */
  applied: boolean;
  credit: LedgerEntryDto;
  /** The merchant's own debit row; null for the super administrator (new money). */
  debit: LedgerEntryDto | null;
  /** Tasks of the recipient taken out of the arrears pause (13) by this recharge. */
  resumedTaskIds: number[];
}
