// The one statement that adds calls to the rollups, shared by the rebuild (a day's settled calls of
// some accounts, rebuild.ts) and the fold (settled calls waiting in report_pending, fold.ts). The
// caller's CTEs end with `dc`: the calls to add, with DC_COLUMNS and their local `day` (the call
// account's dialing zone, by the call's end). From it, in one statement: the finest rows (day, hour,
// task, line, bot) and the line causes (GROUPING SETS), the daily and hourly rows from those, each
// payer's charge from the ledger, and the count of calls added. Reading the calls is most of the
// work, so they are read once, not once per table. Test calls count only in the spend.
import { ROLLUP_COLUMNS, ROLLUP_COLUMN_NAMES } from '../../../../domain/reports/columns';
import { GRADE_CODE, gradeSql } from '../../../../domain/dialer/levels';
import { CAUSE_KEYS, FAILED_SQL, SPEND_KEYS, SPEND_VALUES, addOnConflict, rollupUpsert } from './sql';

/** The calls columns the counters read (`c` is the calls row; `ended_at` is added by the caller). */
export const DC_COLUMNS = `c.account_id, c.task_id, c.line_id, c.bot_id, c.sip_status, c.hangup_cause,
  c.test, c.result_level, c.answered_at, c.talk_ms, c.ring_ms, c.billable_ms, c.rounds,
  c.transfer_outcome, c.call_uuid`;

/**
 * For the transaction that runs addCallsSql: no JIT (compiling the statement's 40 sums took 1.9 s of
 * a 6.9 s rebuild day and saves nothing on tens of thousands of rows) and room to sort in memory.
 */
export const COUNT_SETTINGS = "SET LOCAL jit = off; SET LOCAL work_mem = '64MB'";

/** A call's charge to one payer is its ledger row by this key (`c` the call, `payer` an account id). */
export const CALL_LEDGER_KEY_SQL = (payer: string) => `'call:' || c.call_uuid || ':' || ${payer}`;
/** The spend rows' counts of a call `c`: a connected call, a lead (A or B). */
export const SPEND_CONNECTED_SQL = gradeSql('c.result_level');
export const SPEND_LEAD_SQL = `c.result_level IN (${GRADE_CODE.A}, ${GRADE_CODE.B})`;

const SUMS = ROLLUP_COLUMNS.map((c) => `sum(${c.sql}) AS ${c.name}`).join(', ');
const COLS = ROLLUP_COLUMN_NAMES.join(', ');
const SUM_COLS = ROLLUP_COLUMN_NAMES.map((n) => `sum(${n})`).join(', ');

/** `WITH <ctes ending in dc>, … SELECT count(*) AS n FROM dc`. */
export const addCallsSql = (ctes: string) => `WITH ${ctes},
  rb AS MATERIALIZED (
    SELECT c.account_id, c.day, date_trunc('hour', c.ended_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour,
           coalesce(c.task_id, 0) AS task_id, coalesce(c.line_id, 0) AS line_id, c.bot_id,
           coalesce(c.sip_status, 0) AS sip_status, left(coalesce(c.hangup_cause, ''), 40) AS cause,
           GROUPING(c.sip_status, c.hangup_cause) AS fine,
           sum(CASE WHEN ${FAILED_SQL} THEN 1 ELSE 0 END) AS failed, ${SUMS}
    FROM dc c WHERE NOT c.test
    GROUP BY GROUPING SETS ((1, 2, 3, 4, 5, 6), (1, 2, 5, c.sip_status, c.hangup_cause))
  ),
  d AS (
    INSERT INTO report_daily (account_id, day, task_id, line_id, bot_id, ${COLS})
    SELECT account_id, day, task_id, line_id, bot_id, ${SUM_COLS} FROM rb WHERE fine = 3
    GROUP BY 1, 2, 3, 4, 5 ${rollupUpsert('report_daily')}
  ),
  h AS (
    INSERT INTO report_hourly (account_id, hour, task_id, line_id, bot_id, ${COLS})
    SELECT account_id, hour, task_id, line_id, bot_id, ${SUM_COLS} FROM rb WHERE fine = 3
    GROUP BY 1, 2, 3, 4, 5 ${rollupUpsert('report_hourly')}
  ),
  lc AS (
    INSERT INTO report_line_causes (${CAUSE_KEYS.join(', ')}, n)
    SELECT account_id, day, line_id, sip_status, cause, sum(failed) FROM rb
    WHERE fine = 0 AND failed > 0 GROUP BY 1, 2, 3, 4, 5
    ${addOnConflict('report_line_causes', CAUSE_KEYS, ['n'])}
  ),
  -- Each payer's charge for a call: its ledger row call:<uuid>:<payer>, payers on the call account's path.
  sp AS (
    INSERT INTO report_spend_daily (${SPEND_KEYS.join(', ')}, ${SPEND_VALUES.join(', ')})
    SELECT l.account_id, c.day, c.account_id, coalesce(c.task_id, 0), coalesce(c.line_id, 0),
           -sum(l.delta_fen), sum(c.billable_ms), count(*),
           count(*) FILTER (WHERE ${SPEND_CONNECTED_SQL}), count(*) FILTER (WHERE ${SPEND_LEAD_SQL})
    FROM dc c JOIN accounts acc ON acc.id = c.account_id
      CROSS JOIN LATERAL unnest(string_to_array(trim(both '/' from acc.path), '/')::bigint[]) AS p(id)
      -- LATERAL with LIMIT 1 (the key is unique; the limit keeps the planner from flattening it):
      -- an index probe per payer's row. As a join the planner, overestimating the rows, hashed
      -- the whole ledger for every day (2.3 s of a 100-account day on the 10M bench).
      CROSS JOIN LATERAL (SELECT l.account_id, l.delta_fen FROM ledger_entries l
        WHERE l.idempotency_key = ${CALL_LEDGER_KEY_SQL('p.id')} LIMIT 1) l
    WHERE c.billable_ms > 0
    GROUP BY 1, 2, 3, 4, 5 ${addOnConflict('report_spend_daily', SPEND_KEYS, SPEND_VALUES)}
  )
  SELECT count(*) AS n FROM dc`;
