import { call, put, select } from 'redux-saga/effects';
import type { TrainReply } from '../../../../../domain/bot/api';
import { api } from '../../../api';
import { initialEditorState } from '../slice/editor';
import { selectEditor, selectTraining } from '../slice';
import {
  customerActs,
  initialTrainingState,
  trainingActions as T,
  trainingReducer,
  type ChatItem,
} from '../slice/training';
import { followUp, now, trainSaga } from './training';

jest.mock('../../../app/env', () => ({ API_BASE: '' }));

const reason = { kind: 'start' as const, text: '接通' };
const reply = (actions: TrainReply['actions'], ended = false): TrainReply => ({
  state: 's1',
  actions,
  ended,
  grade: null,
});
const opts = { successToast: false };

describe('training', () => {
  it('sends playback finished after a prompt and no answer to an LLM question', () => {
    const play = { type: 'play' as const, text: '您好', recordingId: null, interruptible: true, reason };
    expect(followUp(reply([play, { type: 'listen', waitSeconds: 5, reason }]), 9)).toEqual({
      type: 'playbackFinished',
      at: 9,
    });
    expect(followUp(reply([{ type: 'askLlm', utterance: 'x', history: [], reason }]), 9)).toEqual({
      type: 'llmReply',
      text: null,
      at: 9,
    });
    expect(followUp(reply([play], true), 9)).toBeNull();
    expect(followUp(reply([]), 9)).toBeNull();
  });

  it('starts with answered at 0, then follows up until the engine waits', () => {
    const g = trainSaga(T.startRequested());
    expect(g.next().value).toEqual(select(selectEditor));
    expect(g.next({ ...initialEditorState, id: 7 }).value).toEqual(call(now));
    expect(g.next(1000).value).toEqual(put(T.clockStarted(1000)));
    expect(g.next().value).toEqual(select(selectTraining));
    expect(g.next(initialTrainingState).value).toEqual(
      call(
        api.post,
        '/api/bots/7/train',
        { state: null, event: { type: 'answered', at: 0 }, transcript: [] },
        opts,
      ),
    );
    const first = reply([{ type: 'play', text: '您好', recordingId: null, interruptible: true, reason }]);
    expect(g.next(first).value).toEqual(put(T.replied(first)));
    expect(g.next().value).toEqual(put(T.autoEvent({ type: 'playbackFinished', at: 0 })));
    const shown = trainingReducer(initialTrainingState, T.replied(first));
    expect(g.next().value).toEqual(select(selectTraining));
    expect(g.next(shown).value).toEqual(
      call(
        api.post,
        '/api/bots/7/train',
        {
          state: 's1',
          event: { type: 'playbackFinished', at: 0 },
          transcript: [{ role: 'bot', text: '您好' }],
        },
        opts,
      ),
    );
    expect(g.next(reply([])).value).toEqual(put(T.replied(reply([]))));
    expect(g.next().done).toBe(true);
  });

  it('stamps customer events with the time since the start and keeps them in the chat', () => {
    const g = trainSaga(T.eventRequested({ type: 'asrFinal', text: '可以' }));
    g.next();
    g.next({ ...initialEditorState, id: 7 });
    expect(g.next(4500).value).toEqual(select(selectTraining));
    const tr = trainingReducer(
      { ...initialTrainingState, state: 's1', startedAt: 1000 },
      T.eventRequested({ type: 'asrFinal', text: '可以' }),
    );
    expect(g.next(tr).value).toEqual(select(selectTraining));
    expect(g.next(tr).value).toEqual(
      call(
        api.post,
        '/api/bots/7/train',
        {
          state: 's1',
          event: { type: 'asrFinal', text: '可以', at: 3500 },
          transcript: [{ role: 'customer', text: '可以' }],
        },
        opts,
      ),
    );
    let s = trainingReducer(initialTrainingState, T.startRequested());
    s = trainingReducer(s, T.eventRequested({ type: 'silence' }));
    s = trainingReducer(
      s,
      T.replied({
        ...reply([{ type: 'hangup', result: null, reason }], true),
        grade: { level: 21, labels: [], reason },
      }),
    );
    expect(s).toMatchObject({ ended: true, pending: false, grade: { level: 21 } });
    expect(s.items.map((i) => i.kind)).toEqual(['customer', 'bot']);
  });

  it("shows the acts the engine read in a customer line, and the new actions and the grade's facts", () => {
    const heard = {
      kind: 'global' as const,
      acts: ['complaint' as const, 'refuse' as const],
      text: '客户要求不再来电',
    };
    const items: ChatItem[] = [
      { kind: 'bot', action: { type: 'play', text: '您好', recordingId: null, interruptible: true, reason } },
      { kind: 'customer', event: { type: 'asrFinal', text: '别再打了，我要投诉' } },
      {
        kind: 'bot',
        action: { type: 'play', text: '抱歉', recordingId: null, interruptible: false, reason: heard },
      },
      {
        kind: 'bot',
        action: { type: 'optOut', sentence: '别再打了，我要投诉', reason: { ...heard, acts: ['refuse'] } },
      },
      { kind: 'bot', action: { type: 'remind', when: null, sentence: 'x', reason } },
      { kind: 'customer', event: { type: 'silence' } },
      {
        kind: 'bot',
        action: { type: 'hangup', result: null, reason: { kind: 'silence', acts: ['silence'], text: '' } },
      },
    ];
    expect(customerActs(items, 1)).toEqual(['complaint', 'refuse']);
    expect(customerActs(items, 5)).toEqual(['silence']);
    expect(customerActs(items, 6)).toEqual([]);
    const s = trainingReducer(
      initialTrainingState,
      T.replied({
        ...reply([items[3]!.kind === 'bot' ? items[3]!.action : (null as never)], true),
        grade: { level: 26, facts: ['要求不再来电', '通话12秒'], labels: [], reason },
      }),
    );
    expect(s.items[0]).toMatchObject({ kind: 'bot', action: { type: 'optOut' } });
    expect(s.grade!.facts).toEqual(['要求不再来电', '通话12秒']);
  });
});
