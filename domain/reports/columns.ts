// The counters of a rollup row (report_hourly, report_daily: migration 2026-11-27-2730), each defined
// once by its SQL over a call row `c`: the fold and the rebuild (server/src/modules/reports/count.ts)
// sum it over settled calls, the report pages over calls still settling. Test calls are not counted
// (like the dashboard); blacklist refusals (71) are counted in lv71 only, never as dialled.
import { HANGUP_BUCKETS, HANGUP_FROM_MS, ROUND_BUCKETS, ROUNDS_FROM, bucketSql } from './buckets';
import { GRADE_LEVELS, RESULT_LEVELS, gradeSql } from '../dialer/levels';
import { ResultLevel } from '../telephony';

/** Result codes with a column of their own (SPEC §4; an unknown or missing result counts as 90). */
export const RESULT_CODES: readonly number[] = RESULT_LEVELS;
export const GRADE_CODES: readonly number[] = GRADE_LEVELS;
export const GRADE_KEYS = ['ga', 'gb', 'gc', 'gd', 'ge', 'gf'] as const;
/** The result columns of the numbers report, page and export alike (no 62, no blacklist 71). */
export const NUMBERS_RESULT_CODES: readonly number[] = RESULT_CODES.filter(
  (c) => c !== ResultLevel.shutdown && c !== ResultLevel.blacklist,
);
/** Transfer outcomes with a column (domain/transfer.ts TransferOutcome); the rest count as xferOther. */
export const TRANSFER_KEYS = {
  accepted: 'xfer_accepted',
  noSeat: 'xfer_noseat',
  timeout: 'xfer_timeout',
} as const;

export interface RollupColumn {
  name: string;
  /** SQL value of one call row `c` (summed over calls). */
  sql: string;
}

const CONNECTED_SQL = gradeSql('c.result_level');
const LEVEL_SQL = `(CASE WHEN coalesce(c.result_level, 90) IN (${RESULT_CODES.join(',')}) OR ${CONNECTED_SQL} THEN coalesce(c.result_level, 90) ELSE 90 END)`;
const DIALLED_SQL = 'c.result_level IS DISTINCT FROM 71';
const count = (cond: string) => `(CASE WHEN ${cond} THEN 1 ELSE 0 END)`;

export const ROLLUP_COLUMNS: readonly RollupColumn[] = [
  { name: 'dialled', sql: count(DIALLED_SQL) },
  { name: 'connected', sql: count(CONNECTED_SQL) },
  {
    name: 'answered',
    sql: count(`${DIALLED_SQL} AND c.answered_at IS NOT NULL`),
  },
  ...RESULT_CODES.map((code) => ({
    name: `lv${code}`,
    sql: count(`${LEVEL_SQL} = ${code}`),
  })),
  ...GRADE_CODES.map((code, i) => ({
    name: GRADE_KEYS[i]!,
    sql: count(`c.result_level = ${code}`),
  })),
  ...HANGUP_BUCKETS.map((b) => ({
    name: `h_${b}`,
    sql: count(`${CONNECTED_SQL} AND ${bucketSql(HANGUP_BUCKETS, HANGUP_FROM_MS, b, 'c.talk_ms')}`),
  })),
  ...ROUND_BUCKETS.map((b) => ({
    name: `k_${b}`,
    sql: count(`${CONNECTED_SQL} AND ${bucketSql(ROUND_BUCKETS, ROUNDS_FROM, b, 'c.rounds')}`),
  })),
  { name: 'xfer', sql: count('c.transfer_outcome IS NOT NULL') },
  ...Object.entries(TRANSFER_KEYS).map(([outcome, name]) => ({
    name,
    sql: count(`c.transfer_outcome = '${outcome}'`),
  })),
  {
    name: 'xfer_other',
    sql: count(
      `c.transfer_outcome NOT IN (${Object.keys(TRANSFER_KEYS)
        .map((k) => `'${k}'`)
        .join(',')})`,
    ),
  },
  {
    name: 'ring_ms',
    sql: `(CASE WHEN ${DIALLED_SQL} THEN c.ring_ms ELSE 0 END)`,
  },
  {
    name: 'talk_ms',
    sql: `(CASE WHEN ${DIALLED_SQL} THEN c.talk_ms ELSE 0 END)`,
  },
  { name: 'billable_ms', sql: 'c.billable_ms' },
];

export const ROLLUP_COLUMN_NAMES: readonly string[] = ROLLUP_COLUMNS.map((c) => c.name);

/** One counter's SQL over a call row `c`. */
export const columnSql = (name: string): string => {
  const col = ROLLUP_COLUMNS.find((c) => c.name === name);
  if (!col) throw new Error(`no rollup counter ${name}`);
  return col.sql;
};
