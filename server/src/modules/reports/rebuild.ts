// Rebuilds the rollups of a range of local days from the call records and the ledger, one day per
// transaction for a group of accounts (groups rebuilt side by side): their rows of that day are deleted and recounted from
// their settled calls that ended that day (each account's day in its own dialing zone; the same column
// definitions as the settle hook, domain/reports/columns.ts). One pass over a day's calls (index
// calls_account_ended: a range per account), so a rebuild reads each call once. The accounts' rollup
// locks are held exclusively meanwhile (taken in id order), so a settlement of one of their calls
// waits (the time of one day's rebuild) and then adds to the rebuilt rows: nothing is counted twice or
// lost. Hours are UTC hours, rebuilt with the local day they start in (exact for zones a whole number
// of hours from UTC). Ended calls always carry ended_at (the media worker and the sweeps set it).
import type { Knex } from 'knex';
import { ROLLUP_COLUMNS, ROLLUP_COLUMN_NAMES } from '../../../../domain/reports/columns';
import { addDays } from '../../../../domain/reports/figures';
import {
  CAUSE_KEYS,
  FAILED_SQL,
  ROLLUP_LOCK_CLASS,
  SPEND_KEYS,
  SPEND_VALUES,
  addOnConflict,
  rollupUpsert,
} from './sql';
import { GRADE_CODE, gradeSql } from '../../../../domain/dialer/levels';

export interface RebuildRange {
  /** yyyy-MM-dd, local days in each account's dialing zone, both included. */
  from: string;
  to: string;
  /** Only these accounts (default: every account). */
  accountIds?: number[];
}

export interface RebuildResult {
  accounts: number;
  days: number;
  calls: number;
}

const ACCOUNTS_AT_ONCE = 500;

const SUMS = ROLLUP_COLUMNS.map((c) => `sum(${c.sql}) AS ${c.name}`).join(', ');

/** The accounts (id, zone) of the rebuild and the day's bounds per account. */
const ACCTS = `accts AS (
  SELECT a.id, a.tz, (CAST(:day AS date)::timestamp AT TIME ZONE a.tz) AS t0,
         ((CAST(:day AS date) + 1)::timestamp AT TIME ZONE a.tz) AS t1
  FROM unnest(CAST(:ids AS bigint[]), CAST(:tzs AS text[])) AS a(id, tz))`;
/** The day's settled calls of those accounts. */
const CALLS = `FROM accts a JOIN calls c ON c.account_id = a.id AND c.ended_at >= a.t0 AND c.ended_at < a.t1
  WHERE c.status = 'ended' AND c.settled_at IS NOT NULL`;

/** Rebuilds the accounts' rollups of one local day; returns the calls counted. */
export async function rebuildDay(
  db: Knex,
  accounts: { id: number; tz: string }[],
  day: string,
): Promise<number> {
  const p = { day, ids: accounts.map((a) => a.id), tzs: accounts.map((a) => a.tz) };
  return db.transaction(async (trx) => {
    await trx.raw(
      `SELECT count(pg_advisory_xact_lock(${ROLLUP_LOCK_CLASS}, id::int))
       FROM (SELECT id FROM unnest(CAST(:ids AS bigint[])) AS id ORDER BY id) s`,
      p,
    );
    for (const table of ['report_daily', 'report_line_causes', 'report_spend_daily'])
      await trx.raw(
        `DELETE FROM ${table} WHERE account_id = ANY(CAST(:ids AS bigint[])) AND day = CAST(:day AS date)`,
        p,
      );
    await trx.raw(
      `WITH ${ACCTS} DELETE FROM report_hourly h USING accts a
       WHERE h.account_id = a.id AND h.hour >= a.t0 AND h.hour < a.t1`,
      p,
    );
    // One read of the day's calls (dc: only the columns the counters use), then from it: the finest
    // rows (hour, task, line, bot) and the line causes (GROUPING SETS), the daily and hourly rows from
    // those, each payer's charge from the ledger, and the count, in one statement. Reading the calls is
    // most of a rebuild's time (a row fetch per call), so they are read once, not once per table.
    const cols = ROLLUP_COLUMN_NAMES.join(', ');
    const sumCols = ROLLUP_COLUMN_NAMES.map((n) => `sum(${n})`).join(', ');
    const END = 'c.ended_at';
    const n = await trx.raw(
      `WITH ${ACCTS}, dc AS MATERIALIZED (
         SELECT c.account_id, c.ended_at, c.task_id, c.line_id, c.bot_id, c.sip_status, c.hangup_cause,
                c.test, c.result_level, c.answered_at, c.talk_ms, c.ring_ms, c.billable_ms, c.rounds,
                c.transfer_outcome, c.call_uuid
         ${CALLS}
       ),
       rb AS MATERIALIZED (
         SELECT c.account_id, date_trunc('hour', ${END} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour,
                coalesce(c.task_id, 0) AS task_id, coalesce(c.line_id, 0) AS line_id, c.bot_id,
                coalesce(c.sip_status, 0) AS sip_status, left(coalesce(c.hangup_cause, ''), 40) AS cause,
                GROUPING(c.sip_status, c.hangup_cause) AS fine,
                sum(CASE WHEN ${FAILED_SQL} THEN 1 ELSE 0 END) AS failed, ${SUMS}
         FROM dc c WHERE NOT c.test
         GROUP BY GROUPING SETS ((1, 2, 3, 4, 5), (1, 4, c.sip_status, c.hangup_cause))
       ),
       d AS (
         INSERT INTO report_daily (account_id, day, task_id, line_id, bot_id, ${cols})
         SELECT account_id, CAST(:day AS date), task_id, line_id, bot_id, ${sumCols} FROM rb WHERE fine = 3
         GROUP BY 1, 3, 4, 5 ${rollupUpsert('report_daily')}
       ),
       h AS (
         INSERT INTO report_hourly (account_id, hour, task_id, line_id, bot_id, ${cols})
         SELECT account_id, hour, task_id, line_id, bot_id, ${sumCols} FROM rb WHERE fine = 3
         GROUP BY 1, 2, 3, 4, 5 ${rollupUpsert('report_hourly')}
       ),
       lc AS (
         INSERT INTO report_line_causes (${CAUSE_KEYS.join(', ')}, n)
         SELECT account_id, CAST(:day AS date), line_id, sip_status, cause, sum(failed) FROM rb
         WHERE fine = 0 AND failed > 0 GROUP BY 1, 3, 4, 5
         ${addOnConflict('report_line_causes', CAUSE_KEYS, ['n'])}
       ),
       -- Each payer's charge for a call: its ledger row call:<uuid>:<payer>, payers on the call account's path.
       sp AS (
         INSERT INTO report_spend_daily (${SPEND_KEYS.join(', ')}, ${SPEND_VALUES.join(', ')})
         SELECT l.account_id, CAST(:day AS date), c.account_id, coalesce(c.task_id, 0), coalesce(c.line_id, 0),
                -sum(l.delta_fen), sum(c.billable_ms), count(*),
                count(*) FILTER (WHERE ${gradeSql('c.result_level')}), count(*) FILTER (WHERE c.result_level IN (${GRADE_CODE.A}, ${GRADE_CODE.B}))
         FROM dc c JOIN accounts acc ON acc.id = c.account_id
           CROSS JOIN LATERAL unnest(string_to_array(trim(both '/' from acc.path), '/')::bigint[]) AS p(id)
           -- LATERAL with LIMIT 1 (the key is unique; the limit keeps the planner from flattening it):
           -- an index probe per payer's row. As a join the planner, overestimating the rows, hashed
           -- the whole ledger for every day (2.3 s of a 100-account day on the 10M bench).
           CROSS JOIN LATERAL (SELECT l.account_id, l.delta_fen FROM ledger_entries l
             WHERE l.idempotency_key = 'call:' || c.call_uuid || ':' || p.id LIMIT 1) l
         WHERE c.billable_ms > 0
         GROUP BY 1, 2, 3, 4, 5 ${addOnConflict('report_spend_daily', SPEND_KEYS, SPEND_VALUES)}
       )
       SELECT count(*) AS n FROM dc`,
      p,
    );
    return Number(n.rows[0].n);
  });
}

/**
 * Rebuilds every account's (or the given accounts') rollups of the days [from, to], a day at a time.
 * A day's accounts are split into `parallel` groups rebuilt at once on connections of their own (the
 * pool needs that many): the groups' accounts, and so their rollup locks and rows, never overlap.
 */
export async function rebuildRollups(
  db: Knex,
  range: RebuildRange,
  onDay?: (done: number, total: number) => void,
  parallel = 2,
): Promise<RebuildResult> {
  const q = db('accounts as a')
    .leftJoin('dial_settings as s', 's.account_id', 'a.id')
    .orderBy('a.id')
    .select('a.id', db.raw(`coalesce(s.time_zone, 'Asia/Shanghai') AS tz`));
  if (range.accountIds) q.whereIn('a.id', range.accountIds);
  const accounts = (await q).map((a: { id: string; tz: string }) => ({ id: Number(a.id), tz: a.tz }));
  const days: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) days.push(d);
  // Contiguous groups of at most ACCOUNTS_AT_ONCE (rollup locks take lock table slots), at least
  // `parallel` of them when there are that many accounts.
  const size = Math.min(ACCOUNTS_AT_ONCE, Math.max(1, Math.ceil(accounts.length / Math.max(1, parallel))));
  const groups: (typeof accounts)[] = [];
  for (let a = 0; a < accounts.length; a += size) groups.push(accounts.slice(a, a + size));
  let calls = 0;
  for (const [i, day] of days.entries()) {
    let next = 0;
    const lane = async () => {
      while (next < groups.length) {
        // Not `calls += await …`: that reads `calls` before the await and loses the other lane's count.
        const n = await rebuildDay(db, groups[next++]!, day);
        calls += n;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, groups.length)) }, lane));
    onDay?.(i + 1, days.length);
  }
  return { accounts: accounts.length, days: days.length, calls };
}
