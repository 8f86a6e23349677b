// The engine's inputs and outputs: events in, actions out, with the reason for every
// decision. Contract shared by domain/bot (engine), media (call sessions), server
// (training chat) and client (training page).
import type { IntentionLevel } from './definition';

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
  | { type: 'transferFailed'; why: string; at: number };
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
    | 'hangup';
  flowId?: string;
  nodeId?: string;
  branchId?: string;
  questionId?: string;
  ruleId?: string;
  /** The keywords that matched. */
  keywords?: string[];
  /** Human-readable summary (names, not ids), e.g. `节点「开场白」分支「肯定」命中「可以」`. */
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
  /** Labels collected during the call (branches/questions that add a label, and the rule's label). */
  labels: string[];
  reason: Reason;
}
