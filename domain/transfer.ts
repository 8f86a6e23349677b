// Transfer to a human seat (issue 7), shared by the media worker (asks and bridges), the server (offers
// the call to the group's seats one at a time, ARCHITECTURE §3 step 5) and the browser (the pop-up).
// Pure data: the job and reply shapes and the wait rules (SPEC §9: manual-transfer wait 0 = forever,
// in multiples of 5 s). The jobs go over the transfers queue (TransferJob: 'offer' from the media
// worker; 'ended' when the call ends); the offer, reply and wakes meet in Redis (platform/transferChannel.ts).
import type { ConversationLine } from './calls';
import type { ReasonMessage } from './reasons';

export const TRANSFER_QUEUE = 'transfers';

/** How long one seat's pop-up rings before the next seat is tried (within the whole wait). */
export const OFFER_RING_MS = 20_000;
/**
 * How often both sides read the keys (the offer's answer, the reply, a cancel) when no wake came
 * (platform/transferChannel.ts): a wake is a hint, the keys are the truth.
 */
export const TRANSFER_POLL_MS = 1000;

export const TRANSFER_WAIT_STEP_S = 5;
export const TRANSFER_WAIT_MAX_S = 600;
export const DEFAULT_TRANSFER_WAIT_S = 30;

/** SPEC §9: 0 (wait for ever) or a multiple of 5 s, at most 10 minutes. */
export const validTransferWait = (s: unknown): s is number =>
  typeof s === 'number' &&
  Number.isInteger(s) &&
  s >= 0 &&
  s <= TRANSFER_WAIT_MAX_S &&
  s % TRANSFER_WAIT_STEP_S === 0;

/** How a call reached a seat: a robot transferred it, or an inbound call went straight to the seats. */
export type CallOrigin = 'transfer' | 'inbound';

/** The customer card the pop-up shows (phone masked as the settings say; SPEC §2 seats). */
export interface TransferCard {
  customerId: number | null;
  name: string;
  phoneMasked: string;
  /** The grade so far (21–26), when the engine has one. */
  grade: number | null;
  tags: string[];
  /**
   * The customer's newest follow-up record: its text, and for an AI-visit record the reason's code
   * and parameters (domain/reasons.ts) that the pop-up renders in the seat's language.
   */
  lastFollowUp: { at: string; content: string; message?: ReasonMessage | null } | null;
}

/**
 * The card as the media worker knows it (the customer, the masked number, the grade so far); the
 * server fills in the customer's name, tags and last follow-up before the pop-up shows it.
 */
export const bareCard = (call: {
  customerId: number | null;
  phoneMasked: string;
  grade: number | null;
}): TransferCard => ({
  customerId: call.customerId,
  name: '',
  phoneMasked: call.phoneMasked,
  grade: call.grade,
  tags: [],
  lastFollowUp: null,
});

/** The conversation so far, as the call's call:line events carry it (seq orders and dedupes). */
export type TransferTranscriptLine = ConversationLine;

export interface TransferOfferJob {
  kind: 'offer';
  callUuid: string;
  accountId: number;
  taskId: number | null;
  seatGroupId: number;
  /** SPEC §9, 0 = for ever. */
  waitSeconds: number;
  card: TransferCard;
  transcript: TransferTranscriptLine[];
  /** A robot's transfer to a human (default), or an inbound call put straight through to a seat. */
  origin?: CallOrigin;
  /**
   * Seats that accepted this call but whose leg never answered the bridge (no microphone, softphone
   * gone): not offered the same call again.
   */
  excludeSeatIds?: number[];
}

/** The call ended after a seat took it: the seat goes to wrap-up and its offer row gets the talk time. */
export interface TransferEndedJob {
  kind: 'ended';
  callUuid: string;
  seatId: number;
  talkMs: number;
}

/**
 * The seat accepted but its leg did not answer the bridge (the browser had no microphone, the
 * softphone was gone): its offer ends as failed and the seat is free again; the media worker offers
 * the call anew without it, or goes on at the fallback.
 */
export interface TransferFailedJob {
  kind: 'failed';
  callUuid: string;
  seatId: number;
  /** The bridge's hang-up cause (USER_NOT_REGISTERED, CALL_REJECTED…). */
  cause: string;
}

/** Wrap-up ran out without a disposition: the seat is idle again (if it still wraps up that call). */
export interface TransferWrapUpOverJob {
  kind: 'wrapupOver';
  callUuid: string;
  seatId: number;
}

export type TransferJob = TransferOfferJob | TransferEndedJob | TransferFailedJob | TransferWrapUpOverJob;

/** How long a seat may wrap up a call before it is idle again by itself. */
export const WRAP_UP_TIMEOUT_MS = 60_000;

/** The channel variables of a finished bridge that say how it went (CHANNEL_EXECUTE_COMPLETE). */
export interface BridgeDone {
  /** Application-Response: "_none_" on FreeSWITCH whether the seat's leg came up or not. */
  response?: string | null;
  /** variable_originate_disposition: SUCCESS, or the cause the seat's leg failed with. */
  originateDisposition?: string | null;
}

const HANGUP_CAUSE = /^[A-Z][A-Z_]+$/;

/**
 * Why a finished bridge never reached the seat (USER_NOT_REGISTERED, CALL_REJECTED, USER_BUSY…), or
 * null when it bridged. FreeSWITCH 1.10.12 completes `bridge` with "_none_" either way; each bridge sets
 * the caller's originate_disposition to SUCCESS or the failure cause (checked on the real switch).
 * DIALSTATUS renames some causes (USER_BUSY is BUSY) and originate_failed_cause /
 * last_bridge_hangup_cause keep an earlier bridge's, so neither decides. A reply that is itself a
 * cause counts too (what a switch may answer instead of "_none_").
 */
export function bridgeFailure(done: BridgeDone): string | null {
  const cause = done.originateDisposition?.trim() || done.response?.trim() || '';
  return HANGUP_CAUSE.test(cause) && !['NORMAL_CLEARING', 'SUCCESS'].includes(cause) ? cause : null;
}

/** Where the call goes: an extension registered on the switch, or a mobile through the line. */
export interface TransferSeat {
  id: number;
  name: string;
  type: 'extension' | 'mobile';
  extension: string | null;
  mobile: string | null;
}

/** badGroup: the group does not serve the account; noService: no server took the offer job. */
export type TransferOutcome = 'accepted' | 'noSeat' | 'timeout' | 'cancelled' | 'badGroup' | 'noService';

export interface TransferReply {
  callUuid: string;
  outcome: TransferOutcome;
  seat?: TransferSeat;
  /** Seats offered the call before this outcome (declined or missed). */
  offers: number;
}

/** failed: accepted, but the seat's leg never answered the bridge. */
export type OfferState = 'offered' | 'accepted' | 'declined' | 'expired' | 'cancelled' | 'failed';

/** The pop-up's deadline: the seat's ring, cut to the whole wait's end (null = for ever). */
export function offerDeadline(now: number, waitEndsAt: number | null): number {
  return waitEndsAt === null ? now + OFFER_RING_MS : Math.min(now + OFFER_RING_MS, waitEndsAt);
}
