// A media worker that died (SIGKILL, a lost machine) leaves its outbound calls open. The server's sweep
// (server/src/dialer/lostOutbound.ts) finds them by the worker's lapsed alive key and closes each with
// what is known: the hang-up the switch reported when a living worker heard it (busy, no answer, the
// customer hanging up), and talk billed up to the last moment the call was known alive (calls.alive_at,
// stamped by the worker's alive loop), never up to when the loss was noticed. Pure.
import { faultReason, isLineFaultCause } from './fsProbe';
import { coded } from './reasons';
import { resultLevelOf, ResultLevel } from './telephony';

/** How often a media worker stamps its open calls alive (calls.alive_at and its alive key). */
export const CALLS_ALIVE_MS = 2000;
/** The worker's alive key lives this long: gone this soon after its last stamp, it is dead. */
export const CALLS_ALIVE_TTL_MS = 6000;
/** A call stamped this recently is never swept, whatever Redis says (a Redis blip is no death). */
export const CALLS_ALIVE_STALE_S = 4;
/**
 * A dead worker's call not answered yet is closed only once its stamp is this old: the switch usually
 * reports its end (busy, no answer…) by then, and that result is kept. Still within 15 s of the
 * death (the last stamp is at most CALLS_ALIVE_MS before it). An answered one (a customer in silence)
 * is closed as soon as its worker is found dead.
 */
export const RINGING_GRACE_S = 10;
/** The server looks for lost calls this often. */
export const LOST_SWEEP_MS = 1000;

/** Redis key: present (value: ms of the last stamp) while the media worker `id` runs its alive loop. */
export const callsAliveKey = (prefix: string, id: string): string => `${prefix}:media:calls-alive:${id}`;
/**
 * Redis connection name of the worker's lost-channel subscriber: open while its process lives (a
 * killed process's sockets close at once, and Redis drops the client).
 */
export const aliveConnectionName = (prefix: string, id: string): string => `${prefix}:media:alive:${id}`;
/**
 * A worker whose alive key lapsed while its connection is still open is starved (a held-up event
 * loop), not dead: its calls are swept only once their stamps are this old (a lost machine's
 * connection stays open until Redis notices, so it is not trusted for ever).
 */
export const STARVED_GRACE_S = 60;
/** Redis key: how a channel no living worker drove ended (JSON LostHangup), written by living workers. */
export const lostHangupKey = (prefix: string, uuid: string): string => `${prefix}:calls:lost-hangup:${uuid}`;
/** How long such a hang-up is kept (its owner's death shows long before). */
export const LOST_HANGUP_TTL_S = 600;
/** Redis pub/sub: JSON LostChannels; a worker driving the node hangs the channels up. */
export const lostChannelsChannel = (prefix: string): string => `${prefix}:calls:lost-channels`;

export interface LostHangup {
  cause: string;
  sipStatus: number | null;
  /** µs timestamps of the switch (0: never). */
  createdUs: number;
  answeredUs: number;
  hangupUs: number;
}

export interface LostChannels {
  calls: { uuid: string; fsNode: string | null }[];
}

/** What the record of a dead worker's call says of it. */
export interface LostCallFacts {
  originatedAt: Date;
  answeredAt: Date | null;
  /** The last moment the worker's alive loop saw the call open. */
  aliveAt: Date | null;
}

export interface LostCallClose {
  resultLevel: number;
  hangupCause: string | null;
  sipStatus: number | null;
  ringMs: number;
  talkMs: number;
  totalMs: number;
  billableMs: number;
  reason: unknown;
}

const msOf = (us: number) => Math.max(0, Math.round(us / 1000));

/**
 * How a dead worker's call is closed. Never answered with a reported hang-up: the switch's result
 * (busy 67, no answer 68…; a line fault is not placed). Anything else is unknown (90): the
 * conversation's state died with the worker; an answered call's talk is billed up to the last alive
 * stamp, or up to the reported hang-up when that came first.
 */
export function lostCallClose(f: LostCallFacts, seen: LostHangup | null): LostCallClose {
  const us = (d: Date) => d.getTime() * 1000;
  const createdUs = seen?.createdUs || us(f.originatedAt);
  const answeredUs = seen?.answeredUs || (f.answeredAt ? us(f.answeredAt) : 0);
  if (seen && !answeredUs) {
    const endUs = Math.max(seen.hangupUs || createdUs, createdUs);
    const ringMs = msOf(endUs - createdUs);
    const base = { hangupCause: seen.cause, sipStatus: seen.sipStatus, ringMs, talkMs: 0, totalMs: ringMs };
    if (isLineFaultCause(seen.cause))
      return {
        ...base,
        resultLevel: ResultLevel.unknown,
        billableMs: 0,
        reason: faultReason({ kind: 'line', cause: seen.cause }),
      };
    const level = resultLevelOf({ hangupCause: seen.cause, sipStatus: seen.sipStatus, answered: false });
    return { ...base, resultLevel: level ?? ResultLevel.unknown, billableMs: 0, reason: null };
  }
  const aliveUs = f.aliveAt ? us(f.aliveAt) : 0;
  // The last sign of life: the alive stamp (never before the answer), or the hang-up if earlier.
  const lastUs = Math.max(aliveUs, answeredUs, createdUs);
  const endUs = seen?.hangupUs ? Math.min(seen.hangupUs, lastUs) : lastUs;
  const talkMs = answeredUs ? msOf(endUs - answeredUs) : 0;
  return {
    resultLevel: ResultLevel.unknown,
    hangupCause: seen?.cause ?? null,
    sipStatus: seen?.sipStatus ?? null,
    ringMs: msOf((answeredUs || endUs) - createdUs),
    talkMs,
    totalMs: msOf(endUs - createdUs),
    billableMs: talkMs,
    reason: {
      kind: 'hangup',
      // The dead worker's retried job hangs the channel up if it is still there (media recover.ts).
      lost: true,
      ...coded(seen ? 'lostEndedOnSwitch' : 'lostClosedByServer'),
    },
  };
}
