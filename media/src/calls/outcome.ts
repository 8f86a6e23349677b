// How a finished call is scored: pure, from what the switch reported and what the engine decided.
// Not answered -> the cause/SIP table (resultLevelOf). Answered -> the intention grade A-F (21-26),
// or 70 (assistant intercept) when a voicemail / call assistant answered, with no billable talk time.
// An originate the switch refused for the line (GATEWAY_DOWN, INVALID_GATEWAY: no channel, nothing
// rang) is no call result: its reason says not placed with the line fault, and the dialer gives the
// number back and marks the line (server/src/dialer/callFaults.ts).
import { faultReason, isLineFaultCause } from '../../../domain/fsProbe';
import { resultLevelOf, ResultLevel, type GreetingKind } from '../../../domain/telephony';
import { coded, type ReasonMessage } from '../../../domain/reasons';
import type { GradeResult, Reason } from '../../../domain/bot';

export interface CallFactsIn {
  answered: boolean;
  hangupCause: string | null;
  sipStatus: number | null;
  /** µs timestamps from CHANNEL_HANGUP_COMPLETE (0 = never). */
  createdUs: number;
  answeredUs: number;
  hangupUs: number;
  /** The call was lost (worker crash, channel vanished): result 90 whatever else is known. */
  unknown: ReasonMessage | string | null;
  /** The first thing said sounded like a machine. */
  greeting: GreetingKind | null;
  /** The engine hung up with a result of its own (70 = intercept keyword). */
  engineResult: number | null;
  engineReason: Reason | null;
  grade: GradeResult | null;
  rounds: number;
}

/** Facts of a call nothing is known about (lost or never placed); callers set times and `unknown`. */
export const UNKNOWN_FACTS: CallFactsIn = {
  answered: false,
  hangupCause: null,
  sipStatus: null,
  createdUs: 0,
  answeredUs: 0,
  hangupUs: 0,
  unknown: 'unknown',
  greeting: null,
  engineResult: null,
  engineReason: null,
  grade: null,
  rounds: 0,
};

export interface Outcome {
  resultLevel: number;
  grade: number | null;
  labels: string[];
  ringMs: number;
  talkMs: number;
  totalMs: number;
  billableMs: number;
  reason: unknown;
}

export function outcomeOf(f: CallFactsIn): Outcome {
  const ms = (us: number) => Math.max(0, Math.round(us / 1000));
  const ended = f.hangupUs || f.createdUs;
  const ringMs = f.createdUs ? ms((f.answeredUs || ended) - f.createdUs) : 0;
  const talkMs = f.answeredUs ? ms(ended - f.answeredUs) : 0;
  const totalMs = f.createdUs ? ms(ended - f.createdUs) : 0;
  const base = { ringMs, talkMs, totalMs, labels: f.grade?.labels ?? [] };
  if (f.unknown)
    return {
      ...base,
      resultLevel: ResultLevel.unknown,
      grade: null,
      billableMs: talkMs,
      reason: {
        kind: 'hangup',
        ...(typeof f.unknown === 'string' ? { text: f.unknown } : coded(f.unknown.code, f.unknown.params)),
      },
    };
  if (!f.answered && isLineFaultCause(f.hangupCause))
    return {
      ...base,
      resultLevel: ResultLevel.unknown,
      grade: null,
      billableMs: 0,
      reason: faultReason({ kind: 'line', cause: f.hangupCause }),
    };
  if (!f.answered) {
    const level = resultLevelOf({
      hangupCause: f.hangupCause ?? '',
      sipStatus: f.sipStatus,
      answered: false,
    });
    return { ...base, resultLevel: level ?? ResultLevel.unknown, grade: null, billableMs: 0, reason: null };
  }
  const grade = f.grade?.level ?? null;
  if (f.greeting || f.engineResult === ResultLevel.assistant) {
    const reason = f.greeting
      ? {
          kind: 'intercept',
          ...coded(f.greeting === 'voicemail' ? 'greetingVoicemail' : 'greetingAssistant'),
        }
      : f.engineReason;
    return { ...base, resultLevel: ResultLevel.assistant, grade, billableMs: 0, reason };
  }
  return {
    ...base,
    resultLevel: grade ?? ResultLevel.unknown,
    grade,
    billableMs: talkMs,
    reason: f.grade?.reason ?? null,
  };
}
