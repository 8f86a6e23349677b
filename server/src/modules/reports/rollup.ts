// The settlement's rollup hook (called once from server/src/dialer/settle.ts, inside the settlement's
// transaction, after the call is billed): queues the call for the rollups (report_pending; fold.ts
// adds it to its hourly and daily rows, its line's failure causes and each payer's spend within a
// second). Exactly once per call: the settlement holds the call row and sets settled_at in the same
// transaction, so a retried or concurrent settlement never gets here twice for one call, and a
// rolled-back one leaves nothing behind. One narrow insert, its advisory lock first, riding on the
// settlement's own last statement (settled_at): the rollups add no round trip and no hot-row update
// to a settlement.
import type { Knex } from 'knex';
import { ROLLUP_LOCK_CLASS } from './sql';
import type { CallRow } from '../../dialer/rows';

/** The calls columns the hook reads (the settlement passes the whole row). */
export type RollupCallRow = Pick<CallRow, 'id' | 'account_id' | 'created_at' | 'ended_at'>;

/**
 * Queues one settled call for the rollups. `counted` is false for a call whose account the settlement
 * did not find: nothing is counted for it.
 */
export async function rollUpCall(
  trx: Knex.Transaction,
  call: RollupCallRow,
  counted: boolean,
  /** The statement the rollups ride on (their CTEs run with it: no round trip of their own). */
  then: { sql: string; bindings: Knex.RawBinding[] } = { sql: 'SELECT 1', bindings: [] },
): Promise<void> {
  if (!counted) {
    await trx.raw(then.sql, then.bindings);
    return;
  }
  // The account's rollup lock (shared; a rebuild of the account holds it exclusively) is taken first:
  // the insert reads from `lk`, so a rebuild never misses a call queued while it recounts.
  await trx.raw(
    `WITH lk AS (SELECT pg_advisory_xact_lock_shared(?, ?) AS locked),
       q AS (INSERT INTO report_pending (call_id, account_id, ended_at)
         SELECT ?::bigint, ?::bigint, ?::timestamptz FROM lk)
     ${then.sql}`,
    [
      ROLLUP_LOCK_CLASS,
      Number(call.account_id),
      Number(call.id),
      Number(call.account_id),
      new Date(call.ended_at ?? call.created_at),
      ...then.bindings,
    ],
  );
}
