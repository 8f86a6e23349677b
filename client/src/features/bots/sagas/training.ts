// Training: every event goes to POST /train with the engine state of the previous reply; the
// events a real call would add by itself (playback finished, LLM reply) are sent automatically.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { TrainReply } from '../../../../../domain/bot/api';
import type { BotEvent } from '../../../../../domain/bot/session';
import { api } from '../../../api';
import { selectEditor, selectTraining } from '../slice';
import type { EditorState } from '../slice/editor';
import { trainingActions as T, type ChatItem, type TrainInput, type TrainingState } from '../slice/training';

export const now = (): number => Date.now();
export const MAX_AUTO_EVENTS = 6;

/**
 * The event the chat sends by itself after this reply, if any: an LLM question gets no answer
 * (null), and a prompt finishes playing at once (the engine ignores most speech over a prompt).
 */
export function followUp(reply: TrainReply, at: number): BotEvent | null {
  if (reply.ended) return null;
  if (reply.actions.some((a) => a.type === 'askLlm')) return { type: 'llmReply', text: null, at };
  return reply.actions.some((a) => a.type === 'play') ? { type: 'playbackFinished', at } : null;
}

/** What the chat shows, as the LLM grade reads it: customer sentences and the bot's spoken lines. */
export function transcriptOf(items: ChatItem[]): { role: 'bot' | 'customer'; text: string }[] {
  const out: { role: 'bot' | 'customer'; text: string }[] = [];
  for (const i of items) {
    if (i.kind === 'customer' && i.event.type === 'asrFinal')
      out.push({ role: 'customer', text: i.event.text });
    if (i.kind === 'bot' && i.action.type === 'play') out.push({ role: 'bot', text: i.action.text });
  }
  return out.slice(-400);
}

export function* trainSaga(action: PayloadAction<TrainInput | undefined>): SagaIterator {
  const ed = (yield select(selectEditor)) as EditorState;
  if (ed.id === null) return;
  const t0 = (yield call(now)) as number;
  let state: string | null = null;
  let event: BotEvent;
  if (action.type === T.startRequested.type) {
    yield put(T.clockStarted(t0));
    event = { type: 'answered', at: 0 };
  } else {
    const tr = (yield select(selectTraining)) as TrainingState;
    state = tr.state;
    event = { ...(action.payload as TrainInput), at: t0 - tr.startedAt } as BotEvent;
  }
  try {
    for (let i = 0; i <= MAX_AUTO_EVENTS; i++) {
      const items = ((yield select(selectTraining)) as TrainingState).items;
      const reply = (yield call(
        api.post,
        `/api/bots/${ed.id}/train`,
        { state, event, transcript: transcriptOf(items) },
        { successToast: false },
      )) as TrainReply;
      yield put(T.replied(reply));
      const next = followUp(reply, event.at);
      if (!next) return;
      state = reply.state;
      event = next;
      yield put(T.autoEvent(next));
    }
  } catch {
    yield put(T.failed());
  }
}

export function* trainingSaga(): SagaIterator {
  yield takeLatest([T.startRequested.type, T.eventRequested.type], trainSaga);
}
