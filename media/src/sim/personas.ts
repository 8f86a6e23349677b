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
  /** Other ways of saying it: one of `say` and `says` is picked with the call's seeded rng. */
  says?: string[];
  /** Digits the callee presses instead of (or after) speaking. */
  dtmf?: string;
  /** The callee hangs up after saying/pressing this. */
  hangup?: boolean;
  /**
   * The rule answers once a call; after that the next rule whose words match does. A name instead
   * of true: one answer a call among all the rules with that name (ask the price once, whichever way).
   */
  once?: boolean | string;
  /**
   * Chance (0-1) that the rule answers when its words match (default 1), drawn once each time; when
   * it does not, the next matching rule does. For what only some callees of a persona do.
   */
  chance?: number;
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
  /**
   * A test control: the greeting (and a voicemail's beep after it) is timed from when a recognizer
   * starts listening instead of from the answer, so a test of what a heard greeting does never
   * races the worker's start of recognition (at a fast time scale the greeting is over in ms).
   */
  greetsWhenHeard?: boolean;
  rules?: ScriptRule[];
  /** Reply when no rule matches (several: one picked with the rng); null or absent = stays silent. */
  otherwise?: string | string[] | null;
  /** Rounds (1-based prompt count) in which the callee says nothing at all. */
  silentRounds?: number[];
  /** Speaks while the prompt of these rounds is still playing (barge-in). */
  interrupt?: { rounds: number[]; afterMs: number; say: string };
  /** Pause between the end of a prompt and the callee starting to speak, ms. */
  replyDelayMs?: [number, number];
  /** Hangs up once this many prompts have finished. */
  hangupAfterRounds?: number;
  /**
   * Hangs up after its reply once it has answered this many times (said something or pressed keys),
   * however many prompts the robot played: "不需要，谢谢" twice, then gone.
   */
  hangupAfterReplies?: number;
  /** Hangs up this long after answering, whatever is happening, ms. */
  hangupAtMs?: number;
  /** Speaking speed used for how long an utterance takes, ms per character (default 180). */
  msPerChar?: number;
  /** espeak-ng voice of this callee in the call recordings (default: cmn for Chinese text, else en). */
  voice?: string;
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

/**
 * The default callees (personas.default.json): the fixed test numbers (`match`), then the random
 * mix, whose weights add up to 200. The people who pick up weigh 100, so their weights read as
 * percent of them: interested 20, asks for a person 8 (asks-human, wants-manager), lukewarm 12,
 * busy / call later 12, polite no 22 (declines, already-done, not-now, not-interested,
 * too-expensive), stop calling / hostile 6, wrong person 4, silent 4, hangs up early 5, interrupter
 * 5, presses keys 2. Voicemail 7 and the phone's assistant 5; no answer, busy, off, vacant… 88.
 * Their rules listen for the words any script of the kind uses (贷款, 试听, 出租, 几室, 哪天, 转接…),
 * not for one bot's sentences.
 */
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

/** What a callee remembers during one call: the `once` rules used up (names, or indices as text), how often it answered. */
export interface CalleeMemory {
  used: string[];
  replies: number;
}

/** The key a `once` rule is remembered by: its name, or its index. */
const onceKey = (r: ScriptRule, index: number): string | null =>
  typeof r.once === 'string' ? r.once : r.once ? String(index) : null;

export const newMemory = (): CalleeMemory => ({ used: [], replies: 0 });

/**
 * The callee's answer to the prompt of round `round` (1-based), whose text is `prompt`: the first
 * rule whose words are in the prompt (skipping `once` rules already used and rules whose `chance`
 * fails), else `otherwise`. Phrasings and chances are drawn from `rng` (the call's seeded stream);
 * without one the first phrasing is said and every chance holds. `memory` (the call's, kept by the
 * caller) is updated when a `once` rule answers and on every answer (it counts them for
 * hangupAfterReplies, which needs it).
 */
export function replyTo(p: Persona, round: number, prompt: string, rng?: Rng, memory?: CalleeMemory): Reply {
  if (p.silentRounds?.includes(round)) return {};
  const text = prompt.toLowerCase();
  const used = (r: ScriptRule, i: number) => {
    const key = onceKey(r, i);
    return key !== null && !!memory?.used.includes(key);
  };
  const at = (p.rules ?? []).findIndex(
    (r, i) =>
      r.when.some((w) => text.includes(w.toLowerCase())) &&
      !used(r, i) &&
      (r.chance === undefined || r.chance >= 1 || (rng ? rng() : 0) < r.chance),
  );
  const rule = at >= 0 ? p.rules![at]! : undefined;
  const key = rule ? onceKey(rule, at) : null;
  if (key !== null) memory?.used.push(key);
  const reply: Reply = rule
    ? { say: pick(rng, rule.say, rule.says), dtmf: rule.dtmf, hangup: rule.hangup }
    : { say: typeof p.otherwise === 'string' ? p.otherwise : pick(rng, undefined, p.otherwise ?? undefined) };
  if (p.hangupAfterRounds !== undefined && round >= p.hangupAfterRounds) reply.hangup = true;
  if (memory && (reply.say || reply.dtmf)) {
    memory.replies++;
    if (p.hangupAfterReplies !== undefined && memory.replies >= p.hangupAfterReplies) reply.hangup = true;
  }
  return reply;
}

/** One of `say` and `says` (undefined when there is none). */
function pick(
  rng: Rng | undefined,
  say: string | undefined,
  says: readonly string[] | undefined,
): string | undefined {
  const all = say === undefined ? (says ?? []) : [say, ...(says ?? [])];
  if (all.length <= 1) return all[0];
  return all[Math.min(all.length - 1, Math.floor((rng ? rng() : 0) * all.length))];
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
