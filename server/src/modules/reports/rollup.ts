// The settlement's rollup hook (called once from server/src/dialer/settle.ts, inside the settlement's
// transaction, after the call is billed): adds the call to its hourly and daily rollup rows, its
// line's failure causes, and each payer's spend (read back from the ledger rows the billing just
// wrote, keys call:<uuid>:<payer>). Exactly once per call: the settlement holds the call row and sets
// settled_at in the same transaction, so a retried or concurrent settlement never gets here twice for
// one call, and a rolled-back one leaves nothing behind. One statement, its advisory lock first, and
// it is the settlement's own last statement (settled_at): the rollups add no round trip to a settlement.
import type { Knex } from 'knex';
import { pathIds } from '../../../../domain/accountPath';
import { ROLLUP_COLUMN_NAMES, rollupValues, type RollupCall } from '../../../../domain/reports/columns';
import { CAUSE_KEYS, ROLLUP_LOCK_CLASS, SPEND_KEYS, SPEND_VALUES, addOnConflict, rollupUpsert } from './sql';
import { GRADE_CODE, isGrade } from '../../../../domain/dialer/levels';
import type { CallRow } from '../../dialer/rows';

/** The calls columns a settled call is rolled up from (the settlement passes the whole row). */
export type RollupCallRow = Pick<
  CallRow,
  | 'call_uuid'
  | 'account_id'
  | 'task_id'
  | 'line_id'
  | 'bot_id'
  | 'result_level'
  | 'answered_at'
  | 'talk_ms'
  | 'ring_ms'
  | 'billable_ms'
  | 'rounds'
  | 'transfer_outcome'
  | 'sip_status'
  | 'hangup_cause'
  | 'test'
  | 'created_at'
  | 'ended_at'
>;

const HOUR_MS = 3_600_000;

export const rollupCallOf = (c: RollupCallRow): RollupCall => ({
  resultLevel: c.result_level === null ? null : Number(c.result_level),
  answered: c.answered_at !== null && c.answered_at !== undefined,
  talkMs: Number(c.talk_ms ?? 0),
  ringMs: Number(c.ring_ms ?? 0),
  billableMs: Number(c.billable_ms ?? 0),
  rounds: Number(c.rounds ?? 0),
  transferOutcome: c.transfer_outcome ?? null,
});

const DEFAULT_TZ = 'Asia/Shanghai';

/**
 * Adds one settled call to the rollups. `account` is the call's account as the settlement read it
 * (its path for the payers, its dialing zone for the day); without it nothing is counted.
 */
export async function rollUpCall(
  trx: Knex.Transaction,
  call: RollupCallRow,
  account: { path: string; tz: string } | undefined,
  /** The statement the rollups ride on (their CTEs run with it: no round trip of their own). */
  then: { sql: string; bindings: Knex.RawBinding[] } = { sql: 'SELECT 1', bindings: [] },
): Promise<void> {
  if (!account) {
    await trx.raw(then.sql, then.bindings);
    return;
  }
  const accountId = Number(call.account_id);
  const end = new Date(call.ended_at ?? call.created_at);
  const tz = account.tz || DEFAULT_TZ;
  const key = {
    account_id: accountId,
    task_id: call.task_id === null ? 0 : Number(call.task_id),
    line_id: call.line_id === null ? 0 : Number(call.line_id),
    bot_id: call.bot_id === null ? 0 : Number(call.bot_id),
  };
  const v = rollupValues(rollupCallOf(call));
  const level = call.result_level === null ? 90 : Number(call.result_level);
  const connected = isGrade(level) ? 1 : 0;
  const lead = level === GRADE_CODE.A || level === GRADE_CODE.B ? 1 : 0;
  const failed = level !== 71 && !connected;
  const payerKeys = pathIds(account.path).map((id) => `call:${call.call_uuid}:${id}`);
  const cols = ['account_id', 'task_id', 'line_id', 'bot_id', ...ROLLUP_COLUMN_NAMES];
  const vals = [
    key.account_id,
    key.task_id,
    key.line_id,
    key.bot_id,
    ...ROLLUP_COLUMN_NAMES.map((n) => v[n]!),
  ];
  // Typed placeholders: INSERT … SELECT does not take the column types the way VALUES does.
  const marks = [
    ...['bigint', 'bigint', 'bigint', 'bigint'],
    ...ROLLUP_COLUMN_NAMES.map((n) => (n.endsWith('_ms') ? 'bigint' : 'int')),
  ]
    .map((t) => `?::${t}`)
    .join(', ');
  // The account's rollup lock (shared; a rebuild of the account holds it exclusively) is the first
  // thing the statement does: every insert below reads from `lk`.
  const parts = ['lk AS (SELECT pg_advisory_xact_lock_shared(?, ?) AS locked)'];
  const bindings: Knex.RawBinding[] = [ROLLUP_LOCK_CLASS, accountId];
  if (!call.test) {
    parts.push(
      `h AS (INSERT INTO report_hourly (hour, ${cols.join(', ')}) SELECT ?::timestamptz, ${marks} FROM lk ${rollupUpsert('report_hourly')} RETURNING 1)`,
      `d AS (INSERT INTO report_daily (day, ${cols.join(', ')}) SELECT (?::timestamptz AT TIME ZONE ?)::date, ${marks} FROM lk ${rollupUpsert('report_daily')} RETURNING 1)`,
    );
    bindings.push(new Date(Math.floor(end.getTime() / HOUR_MS) * HOUR_MS), ...vals, end, tz, ...vals);
    if (failed) {
      parts.push(
        `lc AS (INSERT INTO report_line_causes (${CAUSE_KEYS.join(', ')}, n) SELECT ?::bigint, (?::timestamptz AT TIME ZONE ?)::date, ?::bigint, ?::smallint, ?, 1 FROM lk ${addOnConflict('report_line_causes', CAUSE_KEYS, ['n'])} RETURNING 1)`,
      );
      bindings.push(
        accountId,
        end,
        tz,
        key.line_id,
        Number(call.sip_status ?? 0),
        String(call.hangup_cause ?? '').slice(0, 40),
      );
    }
  }
  parts.push(`sp AS (INSERT INTO report_spend_daily (${SPEND_KEYS.join(', ')}, ${SPEND_VALUES.join(', ')})
    SELECT l.account_id, (?::timestamptz AT TIME ZONE ?)::date, ?::bigint, ?::bigint, ?::bigint, -l.delta_fen, ?::bigint, 1, ?::int, ?::int
      FROM lk, ledger_entries l WHERE l.idempotency_key = ANY(?::text[])
    ${addOnConflict('report_spend_daily', SPEND_KEYS, SPEND_VALUES)})`);
  bindings.push(
    end,
    tz,
    accountId,
    key.task_id,
    key.line_id,
    Number(call.billable_ms ?? 0),
    connected,
    lead,
    payerKeys,
  );
  await trx.raw(`WITH ${parts.join(', ')} ${then.sql}`, [...bindings, ...then.bindings]);
}
