// What /api/reports answers (server and client share these).
import type { Counters } from './figures';

export const REPORT_GROUPS = ['day', 'task', 'bot', 'line', 'account'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export interface ReportFilter {
  from: string;
  to: string;
  taskId?: number;
  botId?: number;
  lineId?: number;
  /** An account of the caller's subtree: its subtree (default: the caller's). */
  accountId?: number;
}

export interface ReportRow {
  /** The day (yyyy-MM-dd) or the id of the task, bot, line or account (0: none). */
  key: string;
  /** A name for ids (task, bot, line or account name). */
  label: string;
  counters: Counters;
}

export interface NumberReport {
  by: ReportGroup;
  rows: ReportRow[];
  total: Counters;
  /** Ended calls still being settled that the figures include. */
  settling: number;
  asOf: string;
}

export interface LineCause {
  lineId: number;
  sipStatus: number;
  cause: string;
  n: number;
}

export interface LineReport {
  by: 'line' | 'day';
  rows: (ReportRow & { flagged: boolean })[];
  total: Counters;
  causes: LineCause[];
  thresholdPct: number;
  asOf: string;
}

export interface SpendFigures {
  fen: number;
  billableMs: number;
  calls: number;
  connected: number;
  leads: number;
}

export const SPEND_GROUPS = ['day', 'task', 'account', 'line'] as const;
export type SpendGroup = (typeof SPEND_GROUPS)[number];

export interface ExpenseReport {
  by: SpendGroup;
  /** Whose ledger: the viewed account (what it was charged for calls). */
  payerId: number;
  rows: { key: string; label: string; spend: SpendFigures }[];
  total: SpendFigures;
  asOf: string;
}

export interface BusinessRow {
  accountId: number;
  account: string;
  level: number;
  /** The subtree's counters, and `fen`: what the account itself was charged for calls. */
  current: Counters;
  previous: Counters;
}

export interface BusinessReport {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  rows: BusinessRow[];
  asOf: string;
}
