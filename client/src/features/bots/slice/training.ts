// The training chat: the engine's opaque state, the conversation so far (customer lines and every
// bot action with its reason), and the grade once the call ended.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TrainReply } from '../../../../../domain/bot/api';
import type { DialogueAct } from '../../../../../domain/bot/definition';
import type { BotAction, BotEvent, GradeResult } from '../../../../../domain/bot/session';
import { authActions } from '../../auth/slice';

/** An event as the chat sends it; the saga stamps `at`. */
export type TrainInput =
  | { type: 'asrFinal'; text: string }
  | { type: 'silence' }
  | { type: 'dtmf'; digit: string }
  | { type: 'hangup'; by: 'customer' };

export type ChatItem = { kind: 'customer'; event: TrainInput } | { kind: 'bot'; action: BotAction };

/**
 * The dialogue acts the engine recognised in the customer line at `index`: those its reasons name
 * in the bot actions that answered it (up to the next customer line), each once, in order.
 */
export function customerActs(items: readonly ChatItem[], index: number): DialogueAct[] {
  const acts: DialogueAct[] = [];
  for (let i = index + 1; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind === 'customer') break;
    for (const a of item.action.reason.acts ?? []) if (!acts.includes(a)) acts.push(a);
  }
  return acts;
}

export interface TrainingState {
  state: string | null;
  items: ChatItem[];
  started: boolean;
  ended: boolean;
  grade: GradeResult | null;
  /** The account LLM's grade A–F, when the bot asks for one. */
  llmGrade: string | null;
  pending: boolean;
  /** Date.now() when the conversation started: events carry ms since then. */
  startedAt: number;
}

export const initialTrainingState: TrainingState = {
  state: null,
  items: [],
  started: false,
  ended: false,
  grade: null,
  llmGrade: null,
  pending: false,
  startedAt: 0,
};

const slice = createSlice({
  name: 'botTraining',
  initialState: initialTrainingState,
  reducers: {
    startRequested(state) {
      Object.assign(state, initialTrainingState);
      state.pending = true;
      state.started = true;
    },
    clockStarted(state, action: PayloadAction<number>) {
      state.startedAt = action.payload;
    },
    eventRequested(state, action: PayloadAction<TrainInput>) {
      state.pending = true;
      state.items.push({ kind: 'customer', event: action.payload });
    },
    /** Automatic events (playback finished, no LLM reply) are not shown. */
    autoEvent(state, _a: PayloadAction<BotEvent>) {
      state.pending = true;
    },
    replied(state, action: PayloadAction<TrainReply>) {
      const r = action.payload;
      state.state = r.state;
      state.items.push(...r.actions.map((a): ChatItem => ({ kind: 'bot', action: a })));
      state.ended = r.ended;
      state.grade = r.grade;
      state.llmGrade = r.llmGrade ?? null;
      state.pending = false;
    },
    failed(state) {
      state.pending = false;
    },
    reset() {
      return initialTrainingState;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialTrainingState),
});

export const trainingActions = slice.actions;
export const trainingReducer = slice.reducer;
