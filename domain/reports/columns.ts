// The counters of a rollup row (report_hourly, report_daily: migration 2026-11-27-2730), each defined
// once with its SQL (the rebuild aggregates call rows `c` with it) and its JS (the settle hook adds one
// call with it), so the two ways of filling a rollup cannot drift apart. Test calls are not counted
// (like the dashboard); blacklist refusals (71) are counted in lv71 only, never as dialled.
import {
  HANGUP_BUCKETS,
  HANGUP_FROM_MS,
  ROUND_BUCKETS,
  ROUNDS_FROM,
  bucketSql,
  hangupBucket,
  roundBucket,
} from './buckets';
import { GRADE_LEVELS, RESULT_LEVELS, gradeSql, isGrade } from '../dialer/levels';
import { ResultLevel } from '../telephony';

/** The call fields the counters read. */
export interface RollupCall {
  resultLevel: number | null;
  answered: boolean;
  talkMs: number;
  ringMs: number;
  billableMs: number;
  rounds: number;
  transferOutcome: string | null;
}

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
  /** SQL value of one call row `c` (summed by the rebuild). */
  sql: string;
  /** The same value in JS (added by the settle hook). */
  of: (c: RollupCall) => number;
}

const level = (c: RollupCall) => {
  const l = c.resultLevel ?? 90;
  return RESULT_CODES.includes(l) || isGrade(l) ? l : 90;
};
const CONNECTED_SQL = gradeSql('c.result_level');
const LEVEL_SQL = `(CASE WHEN coalesce(c.result_level, 90) IN (${RESULT_CODES.join(',')}) OR ${CONNECTED_SQL} THEN coalesce(c.result_level, 90) ELSE 90 END)`;
const isConnected = (c: RollupCall) => isGrade(level(c));
const DIALLED_SQL = 'c.result_level IS DISTINCT FROM 71';
const n = (b: boolean) => (b ? 1 : 0);
const count = (cond: string) => `(CASE WHEN ${cond} THEN 1 ELSE 0 END)`;

export const ROLLUP_COLUMNS: readonly RollupColumn[] = [
  { name: 'dialled', sql: count(DIALLED_SQL), of: (c) => n(level(c) !== 71) },
  { name: 'connected', sql: count(CONNECTED_SQL), of: (c) => n(isConnected(c)) },
  {
    name: 'answered',
    sql: count(`${DIALLED_SQL} AND c.answered_at IS NOT NULL`),
    of: (c) => n(level(c) !== 71 && c.answered),
  },
  ...RESULT_CODES.map((code) => ({
    name: `lv${code}`,
    sql: count(`${LEVEL_SQL} = ${code}`),
    of: (c: RollupCall) => n(level(c) === code),
  })),
  ...GRADE_CODES.map((code, i) => ({
    name: GRADE_KEYS[i]!,
    sql: count(`c.result_level = ${code}`),
    of: (c: RollupCall) => n(level(c) === code),
  })),
  ...HANGUP_BUCKETS.map((b) => ({
    name: `h_${b}`,
    sql: count(`${CONNECTED_SQL} AND ${bucketSql(HANGUP_BUCKETS, HANGUP_FROM_MS, b, 'c.talk_ms')}`),
    of: (c: RollupCall) => n(isConnected(c) && hangupBucket(c.talkMs) === b),
  })),
  ...ROUND_BUCKETS.map((b) => ({
    name: `k_${b}`,
    sql: count(`${CONNECTED_SQL} AND ${bucketSql(ROUND_BUCKETS, ROUNDS_FROM, b, 'c.rounds')}`),
    of: (c: RollupCall) => n(isConnected(c) && roundBucket(c.rounds) === b),
  })),
  { name: 'xfer', sql: count('c.transfer_outcome IS NOT NULL'), of: (c) => n(c.transferOutcome !== null) },
  ...Object.entries(TRANSFER_KEYS).map(([outcome, name]) => ({
    name,
    sql: count(`c.transfer_outcome = '${outcome}'`),
    of: (c: RollupCall) => n(c.transferOutcome === outcome),
  })),
  {
    name: 'xfer_other',
    sql: count(
      `c.transfer_outcome NOT IN (${Object.keys(TRANSFER_KEYS)
        .map((k) => `'${k}'`)
        .join(',')})`,
    ),
    of: (c) => n(c.transferOutcome !== null && !(c.transferOutcome in TRANSFER_KEYS)),
  },
  {
    name: 'ring_ms',
    sql: `(CASE WHEN ${DIALLED_SQL} THEN c.ring_ms ELSE 0 END)`,
    of: (c) => (level(c) !== 71 ? c.ringMs : 0),
  },
  {
    name: 'talk_ms',
    sql: `(CASE WHEN ${DIALLED_SQL} THEN c.talk_ms ELSE 0 END)`,
    of: (c) => (level(c) !== 71 ? c.talkMs : 0),
  },
  { name: 'billable_ms', sql: 'c.billable_ms', of: (c) => c.billableMs },
];

export const ROLLUP_COLUMN_NAMES: readonly string[] = ROLLUP_COLUMNS.map((c) => c.name);

/** The counters one call adds to its rollup rows. */
export function rollupValues(c: RollupCall): Record<string, number> {
  const out: Record<string, number> = {};
  for (const col of ROLLUP_COLUMNS) out[col.name] = col.of(c);
  return out;
}
