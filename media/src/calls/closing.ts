// The end of a call: its outcome from what the switch reported and what the engine decided, then the
// record closed once and the call's slots freed. A call our platform broke (a prompt the switch could
// not play, a missing recognizer) closes as a fault: result 90, nothing billed, the fault as reason.
import { grade, step, type BotAction, type Reason, type SessionState } from '../../../domain/bot';
import { platformFaultReason } from '../../../domain/calls';
import { ResultLevel, type GreetingKind } from '../../../domain/telephony';
import { reasonZh, type ReasonMessage } from '../../../domain/reasons';
import type { EslEvent } from '../esl/events';
import type { LoadedBot } from './bots';
import { outcomeOf, type Outcome } from './outcome';

export type Hangup = Extract<EslEvent, { name: 'CHANNEL_HANGUP_COMPLETE' }>;

export interface RobotCallEnd {
  bot: LoadedBot | null;
  state: SessionState | null;
  answered: boolean;
  /** The engine hung up itself (else the customer did, as far as the engine knows). */
  engineEnded: boolean;
  hangup: Hangup | null;
  /** The originate's failure (`-ERR <cause>`) when no hang-up event says more. */
  failedCause: string | null;
  startedWall: number;
  answeredWall: number;
  unknown: ReasonMessage | string | null;
  greeting: GreetingKind | null;
  machineReason: ReasonMessage | null;
  engineResult: number | null;
  engineReason: Reason | null;
  /** Why the platform broke the call, null when it did not. */
  fault: ReasonMessage | null;
  /** The engine's clock now. */
  at: number;
  /** The customer's requests among the engine's last actions (requests.ts). */
  note(a: BotAction): void;
}

/** A robot call's outcome, and the engine state after the customer's hang-up (when it had not ended). */
export function robotOutcome(e: RobotCallEnd): { outcome: Outcome; state: SessionState | null } {
  let state = e.state;
  let g = null;
  if (e.bot && state && e.answered) {
    if (!e.engineEnded) {
      const r = step(e.bot.compiled, state, { type: 'hangup', by: 'customer', at: e.at });
      state = r.state;
      for (const a of r.actions) e.note(a);
    }
    const talkSec = e.hangup?.answeredUs
      ? Math.round((e.hangup.hangupUs - e.hangup.answeredUs) / 1e6)
      : Math.round((Date.now() - e.answeredWall) / 1000);
    g = grade(e.bot.compiled, state, { durationSeconds: talkSec, callStatus: 'answered' });
  }
  const h = e.hangup;
  const o = outcomeOf({
    answered: e.answered,
    hangupCause: h?.cause ?? e.failedCause,
    sipStatus: h?.sipStatus ?? null,
    createdUs: h?.createdUs || e.startedWall * 1000,
    answeredUs: h ? h.answeredUs : e.answeredWall * 1000,
    hangupUs: h?.hangupUs || Date.now() * 1000,
    unknown: e.unknown,
    greeting: e.greeting,
    engineResult: e.engineResult,
    engineReason: e.engineReason,
    grade: g,
    rounds: state?.c[4] ?? 0,
  });
  if (e.engineReason?.kind === 'maxDuration' || (e.engineReason && !g)) o.reason = e.engineReason;
  if (o.resultLevel === ResultLevel.assistant && e.machineReason)
    o.reason = { kind: 'intercept', ...e.machineReason, text: reasonZh(e.machineReason) };
  return { outcome: e.fault ? faultOutcome(o, e.fault) : o, state };
}

/** A call the platform broke: the times as they were, result 90, no grade, nothing billed. */
export function faultOutcome(o: Outcome, why: ReasonMessage): Outcome {
  return {
    ...o,
    resultLevel: ResultLevel.unknown,
    grade: null,
    labels: [],
    billableMs: 0,
    reason: platformFaultReason(why),
  };
}
