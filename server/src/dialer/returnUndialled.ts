// Every claimed number ends in a record or back in its task (issue 21). A call that never reached a
// switch (no originated_at: the worker never sent the originate) was not an attempt: its number goes
// back to pending, with no result, no attempt counted and nothing billed, instead of being settled as
// 90 unknown. Two ways in:
// - withdrawOpen: while no switch is connected (switches.ts), the claimed calls still waiting for a
//   worker are ended here (the worker's originate claim then fails: it requires an open record);
// - returnNeverDialled: calls a worker closed without originating (it gave up: no node connected, no
//   originate token) are taken off the settlement outbox and their numbers returned.
import type { Knex } from 'knex';
import { NOT_PLACED_TEXT, notPlacedReason } from '../../../domain/calls';
import type { Deps } from '../deps';

/** A returned number waits this long before it is claimed again (a failing switch is not hammered). */
export const RETURN_DELAY_MS = 15_000;

interface Undialled {
  id: string;
  call_uuid: string;
  task_number_id: string | null;
  task_id: string;
}

export interface Returned {
  callUuids: string[];
  /** Tasks whose numbers came back (their overview changed). */
  taskIds: Set<number>;
}

/**
 * Runs `pick` (an UPDATE of calls RETURNING the calls it took) and, in the same statement, puts the
 * numbers of those calls back to pending when they still wait on exactly these calls. One statement:
 * atomic without a transaction's extra round trips (the settle loop runs this every 50 ms).
 */
async function takeAndReturn(db: Knex, pick: string, bindings: unknown[]): Promise<Undialled[]> {
  const { rows } = (await db.raw(
    `WITH taken AS (${pick} RETURNING id, call_uuid, task_number_id, task_id),
     back AS (UPDATE task_numbers n SET state = 0, next_attempt_at = now() + make_interval(secs => ?)
       FROM taken t WHERE n.id = t.task_number_id AND n.state = 1 AND n.last_call_uuid = t.call_uuid)
     SELECT * FROM taken`,
    [...bindings, RETURN_DELAY_MS / 1000] as Knex.RawBinding[],
  )) as { rows: Undialled[] };
  return rows;
}

const returned = (rows: Undialled[]): Returned => ({
  callUuids: rows.map((r) => r.call_uuid),
  taskIds: new Set(rows.map((r) => Number(r.task_id))),
});

/** Ends the open task calls no worker has originated yet and returns their numbers. */
export async function withdrawOpen(deps: Deps, why: string): Promise<Returned> {
  // The worker's claimOriginate sets originated_at only on an open record: one of the two wins.
  const rows = await takeAndReturn(
    deps.db,
    `UPDATE calls SET status = 'ended', ended_at = now(), settled_at = now(), charged_fen = 0,
       result_level = NULL, reason = ?::jsonb
     WHERE id IN (SELECT id FROM calls WHERE status = 'dialing' AND originated_at IS NULL
       AND task_id IS NOT NULL ORDER BY id FOR UPDATE)`,
    [JSON.stringify(notPlacedReason(why))],
  );
  // Jobs still waiting need not reach a worker (one that does finds the record ended and stops).
  await Promise.all(
    rows.map(async (r) => {
      const job = await deps.queues.dial.getJob(r.call_uuid).catch(() => null);
      await job?.remove().catch(() => undefined);
    }),
  );
  return returned(rows);
}

/** Task calls closed without an originate, not settled yet: off the outbox, numbers back. */
export async function returnNeverDialled(deps: Deps, limit = 500): Promise<Returned> {
  // settleCall locks the row and re-checks settled_at: a call is either returned or settled.
  const rows = await takeAndReturn(
    deps.db,
    `UPDATE calls SET settled_at = now(), charged_fen = 0, result_level = NULL, grade = NULL,
       reason = jsonb_build_object('kind', 'notPlaced',
         'text', left(? || coalesce(reason->>'text', reason #>> '{}', ''), 300))
     WHERE id IN (SELECT id FROM calls WHERE status = 'ended' AND settled_at IS NULL
       AND originated_at IS NULL AND task_id IS NOT NULL AND NOT test
       ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED)`,
    [NOT_PLACED_TEXT, limit],
  );
  return returned(rows);
}
