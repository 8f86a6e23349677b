// The transfer to a human seat, server side (domain/transfer.ts has the contract, its Redis side is
// platform/transferChannel.ts; the `transfers` queue's consumer that runs these jobs is
// server/src/processors/transfers.ts). For each 'offer' job from a media worker (which checked that
// the group serves the call's account), until the manual-transfer wait runs out (SPEC §9, 0 = for
// ever), the group's longest-idle pickable seat is claimed (state.pick: atomic, never two calls on one
// seat) and offered:
// - an auto-answer seat takes the call at once;
// - any other seat gets the pop-up (seat:offer, its sockets join call:<uuid> for the live transcript)
//   and rings for OFFER_RING_MS; accepted -> the call goes to it; declined or missed -> the seat is
//   idle again and the next one is tried.
// Each offer is one seat_offers row (the figures of /dialcenter/seatsdialdata). The outcome is written
// to the reply key, which the media worker reads. An 'ended' job puts the seat in wrap-up and stores
// the talk time. The seat's answer comes through answerOffer (the socket's seat:answer). Waits (for a
// free seat, for the answer) end on a pub/sub wake (transferWakes.ts), not on a poll.
import type Redis from 'ioredis';
import type { Knex } from 'knex';
import { decryptSecret } from '../../../../../platform/secrets';
import { Events, rooms, type SeatOfferEvent } from '../../../../../domain/events';
import {
  offerDeadline,
  TRANSFER_POLL_MS,
  WRAP_UP_TIMEOUT_MS,
  type OfferState,
  type TransferEndedJob,
  type TransferFailedJob,
  type TransferWrapUpOverJob,
  type TransferOfferJob,
  type TransferReply,
  type TransferSeat,
} from '../../../../../domain/transfer';
import type { Deps } from '../../../deps';
import { log } from '../../../../../platform/log';
import { TransferChannel } from '../../../../../platform/transferChannel';
import { fillCard } from '../desk/card';
import type { SeatStates } from './state';
import type { SeatTableRow } from '../admin/rows';
import { findStuckSeats, logStuck } from './stuckSeats';

const channelOf = (deps: Deps) => new TransferChannel(deps.redis, deps.config.redisPrefix);

async function reply(deps: Deps, r: TransferReply): Promise<TransferReply> {
  await channelOf(deps).reply(r);
  return r;
}

/** The picked seat with the id of the offer made to it (runOffer's statement). */
interface OfferedSeatRow extends SeatTableRow {
  offer_id: string;
}

function seatOf(deps: Deps, row: SeatTableRow): TransferSeat {
  let mobile: string | null = null;
  if (row.type === 'mobile' && row.mobile_enc) {
    try {
      mobile = decryptSecret(deps.config.secretKey, row.mobile_enc);
    } catch {
      mobile = null;
    }
  }
  return { id: Number(row.id), name: row.name, type: row.type, extension: row.extension ?? null, mobile };
}

/** A running offer's link to its processor: whether the process is stopping, and its alive key. */
export interface Runner {
  stopping(): boolean;
  beat(): Promise<void>;
  /** Until a seat of the group may be free, or `ms` passed. */
  seatFree(groupId: number, ms: number): Promise<unknown>;
  /** Until the offer of the call changed (answered, the customer hung up), or `ms` passed. */
  changed(callUuid: string, ms: number): Promise<unknown>;
}

/** Thrown out of a running offer when its process is stopping. */
export class Stopped extends Error {}

export async function runOffer(
  deps: Deps,
  states: SeatStates,
  job: TransferOfferJob,
  runner: Runner,
): Promise<TransferReply> {
  const channel = channelOf(deps);
  const { callUuid } = job;
  let offers = 0;
  // Both read in one round trip (each one counts in the pop-up's time on a busy server).
  const [decided, ringing] = await Promise.all([channel.readReply(callUuid), channel.ringingSeat(callUuid)]);
  // Bull delivers at least once: a rerun of a decided transfer answers the same.
  if (decided) return decided;
  // A process that died mid-offer left its seat ringing: that offer ends, the seat is free again.
  if (ringing !== null) {
    const seatId = ringing;
    if (await channel.endOffer(callUuid, seatId, 'expired')) {
      deps.live.toRooms([rooms.seat(seatId)], Events.SeatOfferEnd, { callUuid, seatId, state: 'expired' });
      await states.markIdle(seatId, callUuid).catch(() => undefined);
    }
  }
  // The media worker sends the bare card: the customer's name, tags and last follow-up come from here
  // (read while a seat is picked: the pop-up waits for neither in turn).
  const filled = fillCard(deps.db, job.card).catch(() => job.card);
  const waitEndsAt = job.waitSeconds > 0 ? Date.now() + job.waitSeconds * 1000 : null;
  const cancelled = () => channel.isCancelled(callUuid);
  const over = () => waitEndsAt !== null && Date.now() >= waitEndsAt;

  for (;;) {
    if (runner.stopping()) throw new Stopped();
    await runner.beat();
    if (await cancelled()) return reply(deps, { callUuid, outcome: 'cancelled', offers });
    // Waiting before picking: a seat freed while the pick runs still wakes this transfer. A hangup
    // (the media worker's wake) ends the wait too.
    const freed = Promise.race([
      runner.seatFree(job.seatGroupId, TRANSFER_POLL_MS),
      runner.changed(callUuid, TRANSFER_POLL_MS),
    ]);
    const seatId = await states.pick(job.seatGroupId, callUuid, job.excludeSeatIds ?? []);
    if (seatId === null) {
      if (over()) return reply(deps, { callUuid, outcome: offers ? 'timeout' : 'noSeat', offers });
      await freed;
      continue;
    }
    // The seat and its offer row in one statement (an auto-answer seat's offer is answered at once).
    const { rows } = await deps.db.raw<{ rows: OfferedSeatRow[] }>(
      `WITH s AS (SELECT * FROM seats WHERE id = ?),
        o AS (INSERT INTO seat_offers (account_id, call_uuid, seat_id, answered_at)
          SELECT account_id, ?, id, CASE WHEN auto_answer THEN now() END FROM s RETURNING id)
       SELECT s.*, o.id AS offer_id FROM s, o`,
      [seatId, callUuid],
    );
    const row = rows[0];
    if (!row) continue;
    const seat = seatOf(deps, row);
    const auto = Boolean(row.auto_answer);
    const offer = { id: Number(row.offer_id) };
    offers++;
    await channel.offer(callUuid, seatId, offer.id, auto);
    const expiresAt = offerDeadline(Date.now(), waitEndsAt);
    deps.live.joinRooms(rooms.seat(seatId), [rooms.call(callUuid)]);
    const event: SeatOfferEvent = {
      callUuid,
      seatId,
      accountId: job.accountId,
      card: await filled,
      transcript: job.transcript,
      expiresAt: new Date(expiresAt).toISOString(),
      autoAnswered: auto,
      origin: job.origin ?? 'transfer',
    };
    deps.live.toRooms([rooms.seat(seatId)], Events.SeatOffer, event);
    // The customer may hang up as the seat takes the call: the media worker, gone from the wait, then
    // neither bridges nor ends the call, so the seat is let go here (the worker does the same when it
    // reads this reply after its cancel: whichever comes second sees the other).
    const accepted = async () => {
      const r = await reply(deps, { callUuid, outcome: 'accepted', seat, offers });
      if (await cancelled())
        await runFailed(deps, states, { kind: 'failed', callUuid, seatId, cause: 'ORIGINATOR_CANCEL' });
      return r;
    };
    if (auto) return accepted();

    let state: OfferState;
    try {
      state = await awaitAnswer(deps, callUuid, seatId, expiresAt, cancelled, runner);
    } catch (e) {
      // Stopping: the seat is let go and the offer left to the next process (no reply is written).
      if (e instanceof Stopped && (await channel.endOffer(callUuid, seatId, 'expired'))) {
        deps.live.toRooms([rooms.seat(seatId)], Events.SeatOfferEnd, { callUuid, seatId, state: 'expired' });
        await states.markIdle(seatId, callUuid).catch(() => undefined);
      }
      throw e;
    }
    const column = {
      accepted: 'answered_at',
      declined: 'declined_at',
      expired: 'timed_out_at',
      cancelled: 'ended_at',
    }[state as 'accepted' | 'declined' | 'expired' | 'cancelled'];
    if (column)
      await deps
        .db('seat_offers')
        .where({ id: offer.id })
        .update({ [column]: deps.db.fn.now() });
    deps.live.toRooms([rooms.seat(seatId)], Events.SeatOfferEnd, { callUuid, seatId, state });
    if (state === 'accepted') return accepted();
    deps.live.leaveRooms(rooms.seat(seatId), [rooms.call(callUuid)]);
    await states.markIdle(seatId, callUuid).catch(() => undefined);
    if (state === 'cancelled') return reply(deps, { callUuid, outcome: 'cancelled', offers });
    if (over()) return reply(deps, { callUuid, outcome: 'timeout', offers });
  }
}

/** Waits for the seat's answer, the ring's end (expired) or the customer's hangup (cancelled). */
async function awaitAnswer(
  deps: Deps,
  callUuid: string,
  seatId: number,
  expiresAt: number,
  cancelled: () => Promise<boolean>,
  runner: Runner,
): Promise<OfferState> {
  const channel = channelOf(deps);
  for (;;) {
    if (runner.stopping()) throw new Stopped();
    await runner.beat();
    // Waiting before reading: an answer that comes while the state is read still wakes this.
    const change = runner.changed(callUuid, Math.min(TRANSFER_POLL_MS, Math.max(0, expiresAt - Date.now())));
    const st = await channel.offerState(callUuid);
    if (st && st !== 'offered') return st;
    if (await cancelled()) {
      if (await channel.endOffer(callUuid, seatId, 'cancelled')) return 'cancelled';
      continue;
    }
    if (Date.now() >= expiresAt) {
      if (await channel.endOffer(callUuid, seatId, 'expired')) return 'expired';
      continue;
    }
    await change;
  }
}

export async function runEnded(deps: Deps, states: SeatStates, job: TransferEndedJob): Promise<void> {
  await deps
    .db('seat_offers')
    .where({ call_uuid: job.callUuid, seat_id: job.seatId })
    .whereNotNull('answered_at')
    .whereNull('ended_at')
    .update({ ended_at: deps.db.fn.now(), talk_ms: Math.max(0, Math.round(job.talkMs)) });
  deps.live.toRooms([rooms.seat(job.seatId)], Events.SeatOfferEnd, {
    callUuid: job.callUuid,
    seatId: job.seatId,
    state: 'accepted',
  });
  deps.live.leaveRooms(rooms.seat(job.seatId), [rooms.call(job.callUuid)]);
  await states.markWrapUp(job.seatId, job.callUuid).catch(() => undefined);
  // A seat that never files a disposition is idle again after the wrap-up time.
  const over: TransferWrapUpOverJob = { kind: 'wrapupOver', callUuid: job.callUuid, seatId: job.seatId };
  await deps.queues.transfers.add(over, {
    jobId: `transfer-wrapup:${job.callUuid}:${job.seatId}`,
    delay: wrapUp.timeoutMs,
    removeOnComplete: 1000,
    removeOnFail: 1000,
  });
}

/** The wrap-up time (mutable so tests can shorten it; the server runs in-process there). */
export const wrapUp = { timeoutMs: WRAP_UP_TIMEOUT_MS };

/** Wrap-up ran out: idle again, unless the seat already moved on (ready, a disposition, another call). */
export async function runWrapUpOver(states: SeatStates, job: TransferWrapUpOverJob): Promise<void> {
  const ref = await states.refOf(job.seatId);
  if (!ref) return;
  const s = await states.read(ref);
  if (s.activity === 'wrapup' && s.callUuid === job.callUuid)
    await states.markIdle(job.seatId, job.callUuid).catch(() => undefined);
}

/**
 * The seat accepted but its leg never answered the bridge: its offer ends as failed (the pop-up
 * closes), and the seat is free again. The media worker offers the call anew without it.
 */
export async function runFailed(deps: Deps, states: SeatStates, job: TransferFailedJob): Promise<void> {
  await deps
    .db('seat_offers')
    .where({ call_uuid: job.callUuid, seat_id: job.seatId })
    .whereNull('ended_at')
    .update({ ended_at: deps.db.fn.now(), talk_ms: 0 });
  deps.live.toRooms([rooms.seat(job.seatId)], Events.SeatOfferEnd, {
    callUuid: job.callUuid,
    seatId: job.seatId,
    state: 'failed',
  });
  deps.live.leaveRooms(rooms.seat(job.seatId), [rooms.call(job.callUuid)]);
  await states.markIdle(job.seatId, job.callUuid).catch(() => undefined);
  log.warn('transfer: the seat accepted but did not answer the bridge', {
    callUuid: job.callUuid,
    seatId: job.seatId,
    cause: job.cause,
  });
}

/**
 * The seat's user answers the offer (socket seat:answer). Null when it counted; else why not: the
 * offer is not this seat's any more (taken, expired, another seat's), or the seat is not the user's.
 */
export async function answerOffer(
  d: { db: Knex; redis: Redis; prefix: string },
  userId: number,
  req: { callUuid: string; seatId: number; accept: boolean },
): Promise<'notYourSeat' | 'offerGone' | null> {
  const seat = await d
    .db('seats')
    .where({ id: req.seatId, user_id: userId })
    .first<{ id: string } | undefined>('id');
  if (!seat) return 'notYourSeat';
  const won = await new TransferChannel(d.redis, d.prefix).endOffer(
    req.callUuid,
    req.seatId,
    req.accept ? 'accepted' : 'declined',
  );
  return won ? null : 'offerGone';
}

/**
 * The safety net (stuckSeats.ts): each seat left busy by a call that ended a while ago goes to wrap-up,
 * as the call's 'ended' job would have put it. Returns the seats freed.
 */
export async function freeStuckSeats(deps: Deps, states: SeatStates, afterMs?: number): Promise<number[]> {
  const stuck = await findStuckSeats(deps, afterMs);
  for (const s of stuck) {
    logStuck(s);
    await runEnded(deps, states, { kind: 'ended', callUuid: s.callUuid, seatId: s.seatId, talkMs: s.talkMs });
  }
  return stuck.map((s) => s.seatId);
}
