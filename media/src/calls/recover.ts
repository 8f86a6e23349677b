// The retry of a dial job whose earlier attempt originated the call and then died with its worker.
// The dialogue state died with it, so the call cannot be resumed: a channel that is still up (FreeSWITCH
// keeps a parked channel when its ESL client goes) is hung up, and the record closes as unknown (90).
import type { Knex } from 'knex';
import type { EslNode } from '../esl/node';
import { outcomeOf, UNKNOWN_FACTS, type Outcome } from './outcome';
import { recordStatus } from './record';

/** A lock lost to a Redis hiccup must not kill a live call: wait while its worker still beats. */
const OWNER_WAIT_MS = 30000;

/**
 * The job came back while the worker that dialled may still be alive (its Bull lock lapsed). Waits
 * until that worker's heartbeat is gone or the record is closed; true when the call is ours to close.
 */
export async function waitForOwner(
  deps: { db: Knex; workerAlive(id: string): Promise<boolean> },
  recordId: number,
  owner: string,
): Promise<boolean> {
  const until = Date.now() + OWNER_WAIT_MS;
  while (Date.now() < until && (await deps.workerAlive(owner))) {
    if ((await recordStatus(deps.db, recordId)) === 'ended') return false;
    await new Promise((r) => setTimeout(r, 500));
  }
  return (await recordStatus(deps.db, recordId)) !== 'ended';
}

export async function lostCallOutcome(
  node: EslNode | null,
  uuid: string,
  facts?: OrphanFacts,
): Promise<Outcome> {
  // Without the node we cannot tell: throwing makes Bull retry the job later.
  if (!node?.connected) throw new Error('FreeSWITCH node of the call is not connected');
  const exists = (await node.api(`uuid_exists ${uuid}`)).trim() === 'true';
  if (exists) await node.api(`uuid_kill ${uuid} NORMAL_CLEARING`).catch(() => undefined);
  // With the record's facts, the talk up to the last alive stamp is billed (orphanOutcome).
  if (facts) return orphanOutcome(facts, null, exists ? 'killed' : 'gone');
  const now = Date.now() * 1000;
  return outcomeOf({
    ...UNKNOWN_FACTS,
    createdUs: now,
    hangupUs: now,
    unknown: exists
      ? 'worker lost the call; channel hung up by the retry'
      : 'worker lost the call; channel gone',
  });
}

/** How a channel nobody here drove ended, as the switch reported it (orphans.ts HangupMemory). */
export interface SeenHangup {
  cause: string;
  sipStatus: number | null;
  createdUs: number;
  answeredUs: number;
  hangupUs: number;
}

/** What the record of an orphaned call (its worker died) says of it. */
export interface OrphanFacts {
  originatedAt: Date;
  answeredAt: Date | null;
  /** The last moment the dead worker's heartbeat saw the call alive (calls.alive_at). */
  aliveAt: Date | null;
}

/**
 * The outcome of a dead worker's call. The switch's report when a living worker heard it: a call that
 * was never answered gets its real result (busy, no answer, refused…); an answered one is unknown
 * (90: the conversation's state died with the worker). Talk is billed up to the last moment the call
 * was known alive, never up to when the loss was noticed.
 */
export function orphanOutcome(
  f: OrphanFacts,
  seen: SeenHangup | null,
  channel: 'killed' | 'gone' | 'unknown',
): Outcome {
  const us = (d: Date) => d.getTime() * 1000;
  const aliveUs = f.aliveAt ? us(f.aliveAt) : 0;
  if (seen && !seen.answeredUs)
    return outcomeOf({
      ...UNKNOWN_FACTS,
      unknown: null,
      hangupCause: seen.cause,
      sipStatus: seen.sipStatus,
      createdUs: seen.createdUs || us(f.originatedAt),
      hangupUs: seen.hangupUs,
    });
  const answeredUs = seen?.answeredUs || (f.answeredAt ? us(f.answeredAt) : 0);
  const createdUs = seen?.createdUs || us(f.originatedAt);
  // Billed up to the last sign of life: the heartbeat's stamp, or the hang-up when that came first.
  const lastUs = Math.max(aliveUs, answeredUs, createdUs);
  const hangupUs = seen ? Math.min(seen.hangupUs || lastUs, lastUs) : lastUs;
  const text = seen
    ? 'worker lost the call; the customer hung up'
    : channel === 'killed'
      ? 'worker lost the call; channel hung up by the sweep'
      : 'worker lost the call; channel gone';
  return outcomeOf({
    ...UNKNOWN_FACTS,
    answered: !!answeredUs,
    createdUs,
    answeredUs,
    hangupUs,
    unknown: text,
  });
}
