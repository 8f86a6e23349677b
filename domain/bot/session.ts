// The engine's inputs and outputs: events in, actions out, with the reason for every
// decision. Contract shared by domain/bot (engine), media (call sessions), server
// (training chat) and client (training page).
import type { ReasonCode, ReasonMessage, ReasonParams } from '../reasons';
import type { DialogueAct, IntentionLevel } from './definition';

/**
 * A callback time the customer named ("明天下午三点", "半小时后", "周六"), relative to the call.
 * Resolved to a wall-clock time by resolveCallback() (domain/callback.ts) with the
 * call's own clock and time zone. `afterMinutes` (relative: "半小时后", "晚点") wins when set;
 * else the day `dayOffset` days after the call's day (or the next `weekday`, 1 = Monday … 7 =
 * Sunday) at hour:minute (null hour = 10:00 on a future day, or 2 hours later today).
 */
export interface CallbackTime {
  afterMinutes?: number;
  dayOffset?: number;
  weekday?: number;
  hour?: number | null;
  minute?: number | null;
  /** The words it was read from, e.g. 「明天下午三点」. */
  text: string;
}

export type BotEvent =
  | { type: 'answered'; at: number }
  | { type: 'asrPartial'; text: string; at: number }
  | { type: 'asrFinal'; text: string; at: number }
  | { type: 'silence'; at: number }
  | { type: 'playbackFinished'; at: number }
  | { type: 'dtmf'; digit: string; at: number }
  | { type: 'hangup'; at: number; by: 'customer' | 'bot' }
  /** The caller's reply to an askLlm action: the answer text, or null on timeout/failure/off. */
  | { type: 'llmReply'; text: string | null; at: number }
  /**
   * No seat took a transfer (none free, timeout, declined): the bot goes on at the transfer's
   * fallback flow when it has one. Ignored otherwise (the caller then hangs up politely).
   */
  | { type: 'transferFailed'; why: string | ReasonMessage; at: number };
// `at` is milliseconds since the call was answered's clock origin (any monotonic ms clock).

/** Why the engine did something: shown in training, stored with the call. */
export interface Reason {
  kind:
    | 'start'
    | 'branch'
    | 'knowledge'
    | 'noMatch'
    | 'silence'
    | 'dtmf'
    | 'jump'
    | 'interrupt'
    | 'intercept'
    | 'maxDuration'
    | 'llm'
    | 'rule'
    | 'defaultRule'
    | 'global'
    /** A question the bot had no answer for (the generic line): collected for learning like a no-match. */
    | 'unanswered'
    | 'hangup';
  flowId?: string;
  nodeId?: string;
  branchId?: string;
  questionId?: string;
  ruleId?: string;
  /** The keywords that matched. */
  keywords?: string[];
  /** The dialogue acts recognised in the sentence (training shows them). */
  acts?: DialogueAct[];
  /**
   * The message as a code with parameters (domain/reasons.ts), rendered in the reader's language;
   * `more` are the clauses said after it. Absent on reasons stored before codes existed.
   */
  code?: ReasonCode;
  params?: ReasonParams;
  more?: ReasonMessage[];
  /** Human-readable summary in zh-CN (names, not ids), e.g. `节点「开场白」分支「肯定」命中「可以」`. */
  text: string;
}

export type BotAction =
  | { type: 'play'; text: string; recordingId: number | null; interruptible: boolean; reason: Reason }
  | { type: 'stopPlayback'; reason: Reason }
  | { type: 'listen'; waitSeconds: number; reason: Reason }
  | { type: 'transfer'; seatGroupId: number | null; reason: Reason }
  | { type: 'hangup'; result: number | null; reason: Reason }
  | { type: 'sendSms'; templateId: number; reason: Reason }
  | { type: 'setLevel'; level: IntentionLevel; reason: Reason }
  | { type: 'addLabel'; label: string; reason: Reason }
  /**
   * The customer asked not to be called again (or complained): the caller adds the number to the
   * account's do-not-call blacklist with `sentence` as the reason. Training shows it and writes nothing.
   */
  | { type: 'optOut'; sentence: string; reason: Reason }
  /**
   * The customer asked to be called back: the caller writes a work reminder for the customer's
   * owner at `when` (resolved with resolveCallback), or at its default when nothing was named.
   */
  | { type: 'remind'; when: CallbackTime | null; sentence: string; reason: Reason }
  /**
   * Only when the bot's llm.answerUnmatched is on: the caller asks the account's LLM
   * (domain/bot/llm.ts) within its timeout and answers with an llmReply event; until then
   * the engine waits. A null reply makes the engine take its own no-match fallback.
   */
  | {
      type: 'askLlm';
      utterance: string;
      history: { role: 'bot' | 'customer'; text: string }[];
      reason: Reason;
    };

/** Facts the engine knows only from outside, given to grade(). */
export interface CallFacts {
  /** Talk time in seconds. */
  durationSeconds: number;
  /** SPEC §4 call status the rules compare against (5008), e.g. 'answered'. */
  callStatus?: string;
}

export interface GradeResult {
  level: IntentionLevel;
  /**
   * The facts behind the level, in words (e.g. 询问利率 2 次、同意回电、通话 95 秒); reason.text
   * reads "facts → 规则「name」→ A".
   */
  facts?: string[];
  /** The same facts as messages (domain/reasons.ts), for the reader's language. */
  factMessages?: ReasonMessage[];
  /** Labels collected during the call (branches/questions that add a label, and the rule's label). */
  labels: string[];
  reason: Reason;
}
