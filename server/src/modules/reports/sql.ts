// SQL pieces shared by the settle hook and the rebuild: the rollup tables' keys and their upserts.
import { ROLLUP_COLUMN_NAMES } from '../../../../domain/reports/columns';
import { gradeSql } from '../../../../domain/dialer/levels';

export const ROLLUP_KEYS = {
  report_hourly: ['account_id', 'hour', 'task_id', 'line_id', 'bot_id'],
  report_daily: ['account_id', 'day', 'task_id', 'line_id', 'bot_id'],
} as const;
export type RollupTable = keyof typeof ROLLUP_KEYS;

export const SPEND_KEYS = ['payer_id', 'day', 'account_id', 'task_id', 'line_id'];
export const SPEND_VALUES = ['fen', 'billable_ms', 'calls', 'connected', 'leads'];
export const CAUSE_KEYS = ['account_id', 'day', 'line_id', 'sip_status', 'cause'];

/** `ON CONFLICT (keys) DO UPDATE SET v = t.v + EXCLUDED.v` for each value column. */
export const addOnConflict = (table: string, keys: readonly string[], values: readonly string[]) =>
  `ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${values
    .map((v) => `${v} = ${table}.${v} + EXCLUDED.${v}`)
    .join(', ')}`;

export const rollupUpsert = (table: RollupTable) =>
  addOnConflict(table, ROLLUP_KEYS[table], ROLLUP_COLUMN_NAMES);

/**
 * Serialises rollup writes of one account's calls with a rebuild of that account (the settlement
 * takes it shared, the rebuild exclusive; both for the rest of their transaction).
 */
export const ROLLUP_LOCK_CLASS = 2730;

/** The local day of a timestamptz expression in the account's dialing zone `tz` expression. */
export const localDaySql = (ts: string, tz: string) => `(${ts} AT TIME ZONE ${tz})::date`;

/** A not-connected, dialled call (its line's failure cause is counted). */
export const FAILED_SQL = `c.result_level IS DISTINCT FROM 71 AND NOT coalesce(${gradeSql('c.result_level')}, false)`;
