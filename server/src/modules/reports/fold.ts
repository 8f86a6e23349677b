// Adds the settled calls waiting in report_pending to the rollups, a batch per transaction: the batch's
// rows are deleted and their calls counted (count.ts) in one statement, so a call is counted exactly
// once whatever fails or runs twice. One folder at a time (a transaction-scoped try-lock: a second
// caller returns at once), so the upserts of two batches never cross. Only accounts whose rollup lock
// it gets (shared; a rebuild of the account holds it exclusively) are folded: a rebuild in progress
// recounts those calls itself. Run every second by the server's background loop (tasks/foldRollups.ts);
// the report pages add the waiting calls as live rows meanwhile (repo.ts).
import type { Knex } from 'knex';
import { ROLLUP_LOCK_CLASS } from './sql';
import { COUNT_SETTINGS, DC_COLUMNS, addCallsSql } from './count';
import { dialZoneSql } from '../../../../domain/taskStart';

/** One folder at a time (advisory lock key in the rollups' class). */
const FOLDER_LOCK = 0;

export const FOLD_BATCH = 2000;

/** Folds one batch; returns the calls added (0: nothing waiting, or another folder is at work). */
export async function foldBatch(db: Knex, batch = FOLD_BATCH): Promise<number> {
  // Most seconds nothing waits: one read, not a transaction (three round trips), tells.
  const { rows: waiting } = await db.raw<{ rows: unknown[] }>('SELECT 1 FROM report_pending LIMIT 1');
  if (!waiting.length) return 0;
  return db.transaction(async (trx) => {
    const { rows } = await trx.raw<{ rows: { id: string }[] }>(
      `SELECT s.id FROM (SELECT DISTINCT account_id AS id FROM report_pending) s
       WHERE pg_try_advisory_xact_lock(?, ?) AND pg_try_advisory_xact_lock_shared(?, s.id::int)`,
      [ROLLUP_LOCK_CLASS + 1, FOLDER_LOCK, ROLLUP_LOCK_CLASS],
    );
    if (!rows.length) return 0;
    await trx.raw(COUNT_SETTINGS);
    const r = await trx.raw(
      addCallsSql(`q AS (
         DELETE FROM report_pending WHERE call_id IN (SELECT call_id FROM report_pending
           WHERE account_id = ANY(CAST(:ids AS bigint[])) ORDER BY call_id LIMIT :batch)
         RETURNING call_id, ended_at),
       dc AS MATERIALIZED (
         SELECT ${DC_COLUMNS}, q.ended_at, (q.ended_at AT TIME ZONE ${dialZoneSql('s')})::date AS day
         FROM q JOIN calls c ON c.id = q.call_id LEFT JOIN dial_settings s ON s.account_id = c.account_id)`),
      { ids: rows.map((x) => Number(x.id)), batch },
    );
    return Number(r.rows[0].n);
  });
}

/** Folds until nothing is left (or another folder holds the lock); returns the calls added. */
export async function foldPending(db: Knex, batch = FOLD_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await foldBatch(db, batch);
    total += n;
    if (n < batch) return total;
  }
}
