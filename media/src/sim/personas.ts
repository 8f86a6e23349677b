// Virtual customers: what the callee of a simulated call does. Data only (JSON-friendly), plus the
// pure rules that turn a persona and what the robot said into the callee's next move.
import { HangupCause, type HangupCauseName } from '../../../domain/telephony';
import defaults from './personas.default.json';
import type { Rng } from './random';

export type Outcome =
  | 'answer'
  | 'busy'
  | 'inCall'
  | 'noAnswer'
  | 'vacant'
  | 'poweredOff'
  | 'suspended'
  | 'refused'
  | 'barred'
  | 'unreachable'
  | 'voicemail'
  | 'assistant';

export interface ScriptRule {
  /** Any of these words in the prompt text triggers the rule (case-insensitive substring). */
  when: string[];
  say?: string;
  /** Digits the callee presses instead of (or after) speaking. */
  dtmf?: string;
  /** The callee hangs up after saying/pressing this. */
  hangup?: boolean;
}

export interface Persona {
  name: string;
  /** Regular expression on the dialled number (after the gateway). Matched personas win. */
  match?: string;
  /** Share in the random mix among personas without `match` (default 1). */
  weight?: number;
  outcome: Outcome;
  /** Time from INVITE to answer or to the final failure response, ms (scaled by timeScale). */
  ringMs?: [number, number];
  /** 183 + announcement before the failure (Chinese carriers do this for powered off / suspended). */
  earlyMedia?: boolean;
  /** Said right after answering ("喂？", or the voicemail / assistant greeting). */
  greeting?: string;
  /** When the greeting starts after the answer, ms (default 300-700). */
  greetingAtMs?: [number, number];
  rules?: ScriptRule[];
  /** Reply when no rule matches; null or absent = stays silent. */
  otherwise?: string | null;
  /** Rounds (1-based prompt count) in which the callee says nothing at all. */
  silentRounds?: number[];
  /** Speaks while the prompt of these rounds is still playing (barge-in). */
  interrupt?: { rounds: number[]; afterMs: number; say: string };
  /** Pause between the end of a prompt and the callee starting to speak, ms. */
  replyDelayMs?: [number, number];
  /** Hangs up once this many prompts have finished. */
  hangupAfterRounds?: number;
  /** Hangs up this long after answering, whatever is happening, ms. */
  hangupAtMs?: number;
  /** Speaking speed used for how long an utterance takes, ms per character (default 180). */
  msPerChar?: number;
  /** ASR confidence reported for this callee's speech, 0-100 (default 90). */
  confidence?: number;
  /**
   * Voicemail only: the box beeps (heard by mod_avmd as avmd::beep) once its greeting is over;
   * default true for outcome voicemail. Other outcomes never beep.
   */
  beep?: boolean;
  /** Pause between the end of the greeting and the beep, ms (default 400-800). */
  beepGapMs?: [number, number];
}

/** What the carrier sends back for each outcome: the cause FreeSWITCH reports and the SIP status. */
export interface Signalling {
  answered: boolean;
  cause: HangupCauseName;
  sip: number;
}

/**
 * Failure signalling as carriers send it (see domain/telephony.ts for the sofia mapping):
 * - noAnswer: FreeSWITCH's own originate_timeout fires; it CANCELs and the far end answers
 *   487 Request Terminated, so the cause is NO_ANSWER with sip_term_status 487
 *   (switch_ivr_originate.c sets NO_ANSWER when the timeout expires).
 * - poweredOff: 480 with `Reason: Q.850;cause=20` -> SUBSCRIBER_ABSENT.
 * - suspended: 403 Forbidden after an announcement -> CALL_REJECTED; 403 tells it from 603.
 * - barred: 403 with `Reason: Q.850;cause=54` -> INCOMING_CALL_BARRED.
 * - inCall: 600 Busy Everywhere -> USER_BUSY.
 */
export const SIGNALLING: Record<Outcome, Signalling> = {
  answer: { answered: true, cause: HangupCause.NORMAL_CLEARING, sip: 200 },
  voicemail: { answered: true, cause: HangupCause.NORMAL_CLEARING, sip: 200 },
  assistant: { answered: true, cause: HangupCause.NORMAL_CLEARING, sip: 200 },
  busy: { answered: false, cause: HangupCause.USER_BUSY, sip: 486 },
  inCall: { answered: false, cause: HangupCause.USER_BUSY, sip: 600 },
  noAnswer: { answered: false, cause: HangupCause.NO_ANSWER, sip: 487 },
  vacant: { answered: false, cause: HangupCause.UNALLOCATED_NUMBER, sip: 404 },
  poweredOff: { answered: false, cause: HangupCause.SUBSCRIBER_ABSENT, sip: 480 },
  suspended: { answered: false, cause: HangupCause.CALL_REJECTED, sip: 403 },
  refused: { answered: false, cause: HangupCause.CALL_REJECTED, sip: 603 },
  barred: { answered: false, cause: HangupCause.INCOMING_CALL_BARRED, sip: 403 },
  unreachable: { answered: false, cause: HangupCause.NORMAL_TEMPORARY_FAILURE, sip: 503 },
};

export const DEFAULT_PERSONAS: Persona[] = defaults as Persona[];

/** The persona for a dialled number: the first whose `match` fits, else a weighted draw. */
export function pickPersona(personas: readonly Persona[], number: string, rng: Rng): Persona {
  for (const p of personas) if (p.match && new RegExp(p.match).test(number)) return p;
  const pool = personas.filter((p) => !p.match);
  const total = pool.reduce((s, p) => s + (p.weight ?? 1), 0);
  let x = rng() * total;
  for (const p of pool) {
    x -= p.weight ?? 1;
    if (x < 0) return p;
  }
  return pool[pool.length - 1] ?? FALLBACK;
}

const FALLBACK: Persona = { name: 'fallback', outcome: 'answer', otherwise: '好的' };

export interface Reply {
  say?: string;
  dtmf?: string;
  hangup?: boolean;
}

/** The callee's answer to the prompt of round `round` (1-based), whose text is `prompt`. */
export function replyTo(p: Persona, round: number, prompt: string): Reply {
  if (p.silentRounds?.includes(round)) return {};
  const text = prompt.toLowerCase();
  const rule = p.rules?.find((r) => r.when.some((w) => text.includes(w.toLowerCase())));
  const reply: Reply = rule
    ? { say: rule.say, dtmf: rule.dtmf, hangup: rule.hangup }
    : { say: p.otherwise ?? undefined };
  if (p.hangupAfterRounds !== undefined && round >= p.hangupAfterRounds) reply.hangup = true;
  return reply;
}

/** How long saying `text` takes, ms (before timeScale). */
export const speakingMs = (p: Persona, text: string): number =>
  Math.max(400, [...text].length * (p.msPerChar ?? 180));

/** NLSML result as mod_unimrcp and pocketsphinx put it in the DETECTED_SPEECH body. */
export function nlsml(text: string, confidence: number, grammar = 'default'): string {
  const esc = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    `<?xml version="1.0"?>\n<result grammar="${grammar}">\n` +
    `  <interpretation grammar="${grammar}" confidence="${confidence}">\n` +
    `    <input mode="speech">${esc}</input>\n  </interpretation>\n</result>\n`
  );
}
