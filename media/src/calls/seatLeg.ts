// The seat leg of a call, shared by a robot's transfer (session.ts) and a seat-group reception scene
// (inboundSeat.ts): the call is offered to the group's seats (transferClient.ts ->
// modules/seats/state/transfer.ts) with music on hold meanwhile, bridged to the seat that takes it, and
// offered again without a seat whose leg fails the bridge (no microphone, softphone gone), up to
// MAX_SEAT_FAILURES seats. How it ended is kept on the record; the seat's wrap-up follows the call's end.
import type { ConversationLine, DialJob } from '../../../domain/calls';
import type { ReasonMessage } from '../../../domain/reasons';
import {
  bridgeFailure,
  type CallOrigin,
  type TransferCard,
  type TransferOutcome,
} from '../../../domain/transfer';
import type { EslNode } from '../esl/node';
import { seatDialString } from './commands';
import { playHoldMusic } from './holdMusic';
import type { SessionDeps } from './session';
import { log } from '../../../platform/log';
import { setTransferOutcome } from '../../../platform/callRecord';

/** Seats of one call whose leg may fail the bridge before the call gives up on seats. */
const MAX_SEAT_FAILURES = 3;
/** Longest a bridge to a seat may last before its execute is given up (the hang-up ends it anyway). */
const BRIDGE_TIMEOUT_MS = 4 * 60 * 60 * 1000;
/**
 * Set on the customer's channel before each bridge. FreeSWITCH's defaults are the opposite of what a
 * transfer needs (checked on 1.10.12): a failed bridge hangs the customer up (continue_on_fail unset),
 * and when the seat hangs up the customer stays parked in silence (hangup_after_bridge unset).
 */
export const BRIDGE_VARS = ['continue_on_fail=true', 'hangup_after_bridge=true'];

/** Why a transfer found no seat (a message, domain/reasons.ts; an unknown outcome as it came). */
export type SeatFailure = ReasonMessage | string;

/** Why a transfer found no seat, as the call record's reason says it. */
export const TRANSFER_FAILED: Partial<Record<TransferOutcome, ReasonMessage>> = {
  noSeat: { code: 'seat_noSeat' },
  timeout: { code: 'seat_timeout' },
  badGroup: { code: 'seat_badGroup' },
  noService: { code: 'seat_noService' },
};

export interface SeatLegHost {
  readonly uuid: string;
  readonly job: DialJob;
  readonly deps: SessionDeps;
  node(): EslNode;
  /** The call's record (calls.id). */
  recordId(): number;
  /** The line's dial prefix (a mobile seat is reached through the call's line). */
  readonly linePrefix: string;
  over(): boolean;
  /** A seat took the call and its leg is being bridged. */
  bridging(seat: { id: number; name: string }): void;
}

export interface SeatOffer {
  seatGroupId: number;
  waitSeconds: number;
  taskId: number | null;
  card: TransferCard;
  transcript: ConversationLine[];
  origin?: CallOrigin;
}

export class SeatLeg {
  /** How the transfer ended (the ended call:state event carries it to the wallboard). */
  outcome: TransferOutcome | null = null;
  /** The seat that took the call, and when (its talk time is sent when the call ends). */
  private took: { seatId: number; at: number } | null = null;

  constructor(private readonly host: SeatLegHost) {}

  /**
   * Offers the call to the group's seats (never those in `exclude`) and bridges it to the one that
   * takes it; no seat: `fail(why)`.
   */
  async offer(o: SeatOffer, fail: (why: SeatFailure) => unknown, exclude: number[] = []): Promise<void> {
    const h = this.host;
    const node = h.node();
    const hold = playHoldMusic(node, h.uuid, () => h.over());
    const reply = await h.deps.transfers.offer(
      {
        kind: 'offer',
        callUuid: h.uuid,
        accountId: h.job.accountId,
        taskId: o.taskId,
        seatGroupId: o.seatGroupId,
        waitSeconds: o.waitSeconds,
        card: o.card,
        transcript: o.transcript,
        ...(o.origin ? { origin: o.origin } : {}),
        ...(exclude.length ? { excludeSeatIds: exclude } : {}),
      },
      () => h.over(),
    );
    // The music stops before the seat is bridged, the fallback flow speaks, or the call hangs up.
    await hold.stop();
    if (!reply) return this.record('cancelled', null);
    const seat = reply.outcome === 'accepted' ? reply.seat : undefined;
    // The customer may hang up between the seat's accept and the bridge (while the music stops, while
    // the outcome is written): nobody bridges or ends that call, so the seat is let go here, or it
    // would stay busy for ever. From the check on, `took` is set before any await: a later hang-up
    // puts the seat in wrap-up when the call closes (wrapUp).
    if (seat && h.over()) return this.letGo(seat.id, 'ORIGINATOR_CANCEL');
    await this.record(reply.outcome, reply.seat?.id ?? null);
    if (seat && h.over()) return this.letGo(seat.id, 'ORIGINATOR_CANCEL');
    if (h.over()) return;
    if (!seat) {
      await fail(TRANSFER_FAILED[reply.outcome] ?? reply.outcome);
      return;
    }
    let dial: string;
    try {
      dial = seatDialString(seat, { lineId: h.job.lineId, prefix: h.linePrefix }, h.uuid);
    } catch {
      await this.letGo(seat.id, 'INVALID_NUMBER_FORMAT');
      // The record said accepted: no seat had the call after all.
      await this.record('noSeat', null);
      await fail({ code: 'seat_badNumber' });
      return;
    }
    this.took = { seatId: seat.id, at: Date.now() };
    h.bridging(seat);
    // The bridge lasts as long as the conversation with the seat; the hangup event ends the call.
    // A bridge that ends with the customer still here and a failure cause: the seat never answered.
    // The lane runs them in order: the variables are set before the bridge starts.
    for (const v of BRIDGE_VARS) void node.execute(h.uuid, 'set', v, 10_000).catch(() => undefined);
    void node
      .execute(h.uuid, 'bridge', dial, BRIDGE_TIMEOUT_MS)
      .then(
        (done) => {
          const cause = bridgeFailure({
            response: done.response,
            originateDisposition: done.headers.get('variable_originate_disposition'),
          });
          if (!cause) return;
          // The seat's phone never answered and the customer is gone: not an accepted transfer.
          if (h.over()) return this.record('cancelled', null);
          log.warn('call: bridge to seat failed', { callUuid: h.uuid, seatId: seat.id, cause });
          return this.seatDidNotAnswer(o, fail, [...exclude, seat.id], cause);
        },
        () => undefined,
      )
      .catch((err: Error) =>
        log.error('call: re-offer after a failed bridge failed', { callUuid: h.uuid, err: err.message }),
      );
  }

  /** How the transfer ended, on the call record (calls.transfer_outcome / transfer_seat_id). */
  async record(outcome: TransferOutcome, seatId: number | null): Promise<void> {
    this.outcome = outcome;
    await setTransferOutcome(this.host.deps.db, this.host.recordId(), outcome, seatId).catch((err: Error) =>
      log.error('call: transfer outcome not stored', { callUuid: this.host.uuid, err: err.message }),
    );
  }

  /** The call ended: the seat that had it goes to wrap-up with its talk time. */
  async wrapUp(): Promise<void> {
    if (!this.took) return;
    await this.host.deps.transfers
      .ended({
        kind: 'ended',
        callUuid: this.host.uuid,
        seatId: this.took.seatId,
        talkMs: Date.now() - this.took.at,
      })
      .catch((err: Error) =>
        log.error('call: seat wrap-up not sent', { callUuid: this.host.uuid, err: err.message }),
      );
  }

  /** A seat that took the call will never be bridged to it: its offer ends as failed, the seat is free. */
  private async letGo(seatId: number, cause: string): Promise<void> {
    await this.host.deps.transfers
      .failed({ kind: 'failed', callUuid: this.host.uuid, seatId, cause })
      .catch((err: Error) =>
        log.error('call: seat not let go', { callUuid: this.host.uuid, seatId, err: err.message }),
      );
    if (cause === 'ORIGINATOR_CANCEL') await this.record('cancelled', null);
  }

  /** The seat's leg failed the bridge: its offer ends, and the call goes to the next seat or `fail`. */
  private async seatDidNotAnswer(
    o: SeatOffer,
    fail: (why: SeatFailure) => unknown,
    failed: number[],
    cause: string,
  ): Promise<void> {
    this.took = null;
    const seatId = failed[failed.length - 1]!;
    await this.host.deps.transfers
      .failed({ kind: 'failed', callUuid: this.host.uuid, seatId, cause })
      .catch((err: Error) =>
        log.error('call: seat failure not sent', { callUuid: this.host.uuid, seatId, err: err.message }),
      );
    // The record said accepted: the customer left before any seat answered.
    if (this.host.over()) return this.record('cancelled', null);
    if (failed.length >= MAX_SEAT_FAILURES) {
      await this.record('noSeat', null);
      await fail({ code: 'seat_noPickup' });
      return;
    }
    return this.offer(o, fail, failed);
  }
}
