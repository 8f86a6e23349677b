// Scripted conversations used as test vectors (and as training examples in the UI):
// a list of customer turns, replayed against the engine with a playbackFinished before each.
import { compile, type CompiledBot } from '../compile';
import type { IntentionLevel } from '../definition';
import { start, step, type SessionState } from '../engine';
import { grade } from '../grade';
import type { BotAction, BotEvent, GradeResult } from '../session';

/** A customer turn: a sentence, silence, a key press, a partial sentence (interruption) or an LLM reply. */
export type Turn =
  string | { silence: true } | { dtmf: string } | { partial: string } | { llm: string | null };

export interface Transcript {
  name: string;
  turns: Turn[];
  expected: {
    level: IntentionLevel;
    /** true when the engine ended the call itself (false: the customer hung up after the last turn). */
    ended: boolean;
    lastAction: BotAction['type'];
    /** Call result when the engine hung up with one (70 = assistant intercept). */
    result?: number | null;
  };
}

export const TURN_MS = 6000;

/** The events a transcript sends, with `at` 6 s apart. */
export function transcriptEvents(turns: Turn[]): BotEvent[] {
  const events: BotEvent[] = [{ type: 'answered', at: 0 }];
  let at = 0;
  for (const turn of turns) {
    at += TURN_MS;
    if (typeof turn === 'object' && 'partial' in turn) {
      events.push({ type: 'asrPartial', text: turn.partial, at });
      continue;
    }
    if (!(typeof turn === 'object' && 'llm' in turn)) events.push({ type: 'playbackFinished', at: at - 1 });
    if (typeof turn === 'string') events.push({ type: 'asrFinal', text: turn, at });
    else if ('silence' in turn) events.push({ type: 'silence', at });
    else if ('dtmf' in turn) events.push({ type: 'dtmf', digit: turn.dtmf, at });
    else events.push({ type: 'llmReply', text: turn.llm, at });
  }
  return events;
}

export interface TranscriptRun {
  actions: BotAction[];
  state: SessionState;
  /** The engine ended the call before the customer hung up. */
  ended: boolean;
  grade: GradeResult;
}

export function runTranscript(bot: CompiledBot, turns: Turn[]): TranscriptRun {
  let state = start(bot);
  const actions: BotAction[] = [];
  let ended = false;
  let at = 0;
  for (const event of transcriptEvents(turns)) {
    if (ended) break;
    at = event.at;
    const r = step(bot, state, event);
    actions.push(...r.actions);
    state = r.state;
    ended = r.ended;
  }
  if (!ended) state = step(bot, state, { type: 'hangup', by: 'customer', at: at + 1000 }).state;
  return {
    actions,
    state,
    ended,
    grade: grade(bot, state, { durationSeconds: Math.round(at / 1000), callStatus: 'answered' }),
  };
}

export { compile };
