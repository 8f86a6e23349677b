// A task's call that was never placed (no originate sent: no FreeSWITCH node, a worker stopping, an
// error before the originate) is not a call result: its number goes back to its task as pending and
// the record says why. The record is closed with no result and marked settled (nothing was dialled:
// nothing to bill, no result to count, no failure streak), so the settlement leaves it alone.
// Calls without a task number (test calls) are closed as unknown (90) by the caller instead.
import type { Knex } from 'knex';
import { notPlacedReason } from '../../../domain/calls';

/** Task number states (migration 2026-11-22-2200-tasks): 0 pending, 1 claimed. */
const PENDING = 0;
const CLAIMED = 1;

/**
 * Returns the number of the never-placed call `callUuid` to its task; true when it did. False when
 * the call has no task number, was originated, or is closed already (the caller then records it).
 */
export async function returnNumber(db: Knex, callUuid: string, why: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    const call = await trx('calls')
      .where({ call_uuid: callUuid })
      .forUpdate()
      .first('id', 'task_number_id', 'originated_at', 'status');
    if (!call || call.task_number_id === null || call.originated_at !== null || call.status === 'ended')
      return false;
    await trx('task_numbers')
      .where({ id: call.task_number_id, state: CLAIMED })
      .update({ state: PENDING, next_attempt_at: trx.fn.now() });
    await trx('calls')
      .where({ id: call.id })
      .update({
        status: 'ended',
        result_level: null,
        reason: JSON.stringify(notPlacedReason(why)),
        ended_at: trx.fn.now(),
        settled_at: trx.fn.now(),
      });
    return true;
  });
}
