// What an ended call changes on its customer (issue 19 item 1), pure: the settlement
// (server/src/dialer/customerResult.ts) reads the customer row, asks this, and writes the answer in
// the call's settlement transaction, so it happens once per call.
import { Stage } from './crm';
import { isGrade } from './dialer/levels';

/** The customer fields the rules read. */
export interface CustomerCallState {
  stage: number;
  grade: number | null;
  lastCalledAt: Date | null;
}

/** What the ended call's record holds. */
export interface EndedCallFacts {
  /** The call's result level (grades A–F 21–26, or a SPEC §4 result level 62–90). */
  resultLevel: number | null;
  /** Intention labels the engine set. */
  labels: string[];
  llmGrade: string | null;
  /** When the call was placed (calls.created_at): the customer's "last call". */
  startedAt: Date;
}

/** The columns to write; a field left out is kept as it is. */
export interface CustomerCallUpdate {
  stage: number;
  lastCalledAt: Date;
  /** This call is the customer's newest: its result replaces the last one. */
  newest: boolean;
  lastResult?: number | null;
  grade?: number | null;
  intentionLabel?: string;
  llmGrade?: string;
}

/** Most characters of customers.intention_label. */
export const INTENTION_LABEL_MAX = 64;

/** A grade A–F (21–26): the call was a conversation the bot graded. */
export const isIntentionGrade = (level: number | null | undefined): level is number =>
  typeof level === 'number' && isGrade(level);

/**
 * The stage after an AI call: a new customer (100) has had its AI first visit (200). Any other stage
 * is further along the SPEC §4 pipeline (or a person chose it), so the call never moves it.
 */
export const stageAfterCall = (stage: number): number => (stage === Stage.New ? Stage.AiFirstVisit : stage);

/** The labels as one intention label, cut to the column's length. */
export const intentionLabelOf = (labels: readonly string[]): string =>
  [
    ...labels
      .map((l) => l.trim())
      .filter(Boolean)
      .join('、'),
  ]
    .slice(0, INTENTION_LABEL_MAX)
    .join('');

/**
 * The customer after an ended call:
 * - the stage moves 100 → 200 only;
 * - last call time: the later of the customer's and the call's;
 * - the call's result replaces the last one only when the call is the newest (settlements of one
 *   customer's calls may come in any order);
 * - grade: a graded conversation (A–F) sets it; a call that did not connect (no answer, busy…) sets
 *   the result level only while the customer has no A–F grade, so a no-answer on a redial never wipes
 *   out the intention an earlier conversation showed;
 * - the intention label follows the graded conversation; the LLM grade follows the call that has one.
 */
export function customerAfterCall(c: CustomerCallState, call: EndedCallFacts): CustomerCallUpdate {
  const newest = c.lastCalledAt === null || call.startedAt.getTime() >= c.lastCalledAt.getTime();
  const out: CustomerCallUpdate = {
    stage: stageAfterCall(c.stage),
    lastCalledAt: newest ? call.startedAt : c.lastCalledAt!,
    newest,
  };
  if (!newest) return out;
  out.lastResult = call.resultLevel;
  if (isIntentionGrade(call.resultLevel)) {
    out.grade = call.resultLevel;
    out.intentionLabel = intentionLabelOf(call.labels);
  } else if (call.resultLevel !== null && !isIntentionGrade(c.grade)) out.grade = call.resultLevel;
  if (call.llmGrade) out.llmGrade = call.llmGrade;
  return out;
}

/** The text of the AI-visit follow-up: the engine's reason for the result, else nothing. */
export function visitDetails(reason: unknown): string {
  if (reason && typeof reason === 'object' && typeof (reason as { text?: unknown }).text === 'string')
    return (reason as { text: string }).text;
  return typeof reason === 'string' ? reason : '';
}
