// The safety net under the transfer flow: a seat still busy with a call whose record ended a while
// ago is put in wrap-up (then idle after the wrap-up time), as if the call's 'ended' job had come. That
// job is sent by the media worker that ran the call; a worker killed mid-call (its calls are closed by
// the lost-call sweep) or one that never sent it would otherwise leave the seat busy for ever, taking
// no call until someone notices.
import type { Deps } from '../../../deps';
import { SeatStore } from '../../../../../platform/seatStore';
import { log } from '../../../../../platform/log';

/** How long a call's record must have been ended before its seat counts as stuck. */
export const STUCK_AFTER_MS = 30_000;
/** How often each transfer processor looks. */
export const STUCK_SWEEP_MS = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StuckSeat {
  seatId: number;
  callUuid: string;
  /** The seat's talk time as the records tell it (answered offer to the call's end), ms. */
  talkMs: number;
}

/** Busy seats whose call ended more than `afterMs` ago. */
export async function findStuckSeats(deps: Deps, afterMs = STUCK_AFTER_MS): Promise<StuckSeat[]> {
  const busy = new Map<string, number>();
  for (const s of await new SeatStore(deps.redis, deps.config.redisPrefix).busySeats())
    if (UUID.test(s.callUuid)) busy.set(s.callUuid, s.seatId);
  if (!busy.size) return [];
  const { rows } = await deps.db.raw(
    `SELECT c.call_uuid, (SELECT GREATEST(0, EXTRACT(EPOCH FROM c.ended_at - o.answered_at) * 1000)::bigint
         FROM seat_offers o WHERE o.call_uuid = c.call_uuid::text AND o.answered_at IS NOT NULL
         ORDER BY o.id DESC LIMIT 1) AS talk_ms
     FROM calls c WHERE c.call_uuid = ANY(?::uuid[]) AND c.status = 'ended'
       AND c.ended_at < now() - make_interval(secs => ?)`,
    [[...busy.keys()], afterMs / 1000],
  );
  return (rows as { call_uuid: string; talk_ms: string | null }[]).map((r) => ({
    seatId: busy.get(r.call_uuid)!,
    callUuid: r.call_uuid,
    talkMs: Number(r.talk_ms ?? 0),
  }));
}

/** Logs each seat it frees: a stuck seat means a worker's word was lost, worth knowing about. */
export function logStuck(s: StuckSeat): void {
  log.warn('seat was busy with an ended call: put in wrap-up', { seatId: s.seatId, callUuid: s.callUuid });
}
