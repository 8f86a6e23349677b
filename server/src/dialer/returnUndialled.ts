// Every claimed number ends in a record or back in its task (issue 21). A call that never reached a
// switch (no originated_at: the worker never sent the originate) was not an attempt: its number goes
// back to pending, with no result, no attempt counted and nothing billed, instead of being settled as
// 90 unknown. Two ways in:
// - withdrawOpen: while no switch is connected (switches.ts), the claimed calls still waiting for a
//   worker are ended here (the worker's originate claim then fails: it requires an open record);
// - returnNeverDialled: calls a worker closed without originating (it gave up: no node connected, no
//   originate token, or no node fit: media/src/calls/nodeFit.ts), and calls whose originate the switch
//   refused for the line (reason kind notPlaced: GATEWAY_DOWN, INVALID_GATEWAY, never answered), are
//   taken off the settlement outbox and their numbers returned. Their faults (reason.fault) go to
//   callFaults.ts.
// The UPDATEs of the call records are the call record's (platform/callRecord.ts); the return of their
// numbers rides on each in one statement here.
import type { Knex } from 'knex';
import { notPlacedReason } from '../../../domain/calls';
import { returnNeverDialledSql, withdrawOpenSql, type CallsPick } from '../../../platform/callRecord';
import type { CallFault } from '../../../domain/fsProbe';
import type { ReasonParam } from '../../../domain/reasons';
import type { Deps } from '../deps';

/** A returned number waits this long before it is claimed again (a failing switch is not hammered). */
export const RETURN_DELAY_MS = 15_000;

interface Undialled {
  id: string;
  call_uuid: string;
  task_number_id: string | null;
  task_id: string;
  line_id: string;
  account_id: string;
  reason: { fault?: CallFault } | null;
}

/** A returned call's fault (why no node could carry it), with where it happened. */
export interface ReturnedFault {
  fault: CallFault;
  lineId: number;
  taskId: number;
  accountId: number;
}

export interface Returned {
  callUuids: string[];
  /** Tasks whose numbers came back (their overview changed). */
  taskIds: Set<number>;
  faults: ReturnedFault[];
}

/**
 * Runs `pick` (an UPDATE of calls RETURNING the calls it took) and, in the same statement, puts the
 * numbers of those calls back to pending when they still wait on exactly these calls. One statement:
 * atomic without a transaction's extra round trips (the settle loop runs this every 50 ms).
 */
async function takeAndReturn(db: Knex, pick: CallsPick): Promise<Undialled[]> {
  const { rows } = (await db.raw(
    `WITH taken AS (${pick.sql} RETURNING id, call_uuid, task_number_id, task_id, line_id, account_id, reason),
     back AS (UPDATE task_numbers n SET state = 0, next_attempt_at = now() + make_interval(secs => ?)
       FROM taken t WHERE n.id = t.task_number_id AND n.state = 1 AND n.last_call_uuid = t.call_uuid)
     SELECT * FROM taken`,
    [...pick.bindings, RETURN_DELAY_MS / 1000],
  )) as { rows: Undialled[] };
  return rows;
}

const returned = (rows: Undialled[]): Returned => ({
  callUuids: rows.map((r) => r.call_uuid),
  taskIds: new Set(rows.map((r) => Number(r.task_id))),
  faults: rows.flatMap((r) =>
    r.reason?.fault
      ? [
          {
            fault: r.reason.fault,
            lineId: Number(r.line_id),
            taskId: Number(r.task_id),
            accountId: Number(r.account_id),
          },
        ]
      : [],
  ),
});

/** Ends the open task calls no worker has originated yet and returns their numbers. */
export async function withdrawOpen(deps: Deps, why: ReasonParam): Promise<Returned> {
  // The worker's claimOriginate sets originated_at only on an open record: one of the two wins.
  const rows = await takeAndReturn(deps.db, withdrawOpenSql(notPlacedReason(why)));
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
  const rows = await takeAndReturn(deps.db, returnNeverDialledSql(limit));
  return returned(rows);
}
