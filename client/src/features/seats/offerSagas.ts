// The transfer pop-up's side effects, forked once per socket session (socket/saga.ts): seat:offer,
// seat:offerEnd and the offered calls' call:line become actions, and the user's answer goes back as
// seat:answer with its ack.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { EventChannel, SagaIterator } from 'redux-saga';
import { buffers, eventChannel } from 'redux-saga';
import { call, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import {
  Events,
  type CallLineEvent,
  type SeatOfferEndEvent,
  type SeatOfferEvent,
  type SocketAck,
} from '../../../../domain/events';
import { api } from '../../api';
import { i18n } from '../../app/i18n';
import type { AppSocket } from '../../socket/channel';
import { showToast } from '../../ui/toaster';
import { selectSoftphone, softphoneActions, type SoftphoneState } from '../softphone/slice';
import { checkMicrophone, type MicProblem } from './mic';
import { offersActions as O, selectOffers, type AnswerRequest, type OffersState } from './offerSlice';

export type OfferMessage =
  | { type: 'offer'; event: SeatOfferEvent }
  | { type: 'end'; event: SeatOfferEndEvent }
  | { type: 'line'; event: CallLineEvent };

/** The pop-up's events; unsubscribing removes exactly these listeners. */
export function offerChannel(socket: Pick<AppSocket, 'on' | 'off'>): EventChannel<OfferMessage> {
  return eventChannel<OfferMessage>((emit) => {
    const onOffer = (event: SeatOfferEvent) => emit({ type: 'offer', event });
    const onEnd = (event: SeatOfferEndEvent) => emit({ type: 'end', event });
    const onLine = (event: CallLineEvent) => emit({ type: 'line', event });
    socket.on(Events.SeatOffer, onOffer);
    socket.on(Events.SeatOfferEnd, onEnd);
    socket.on(Events.CallLine, onLine);
    return () => {
      socket.off(Events.SeatOffer, onOffer);
      socket.off(Events.SeatOfferEnd, onEnd);
      socket.off(Events.CallLine, onLine);
    };
  }, buffers.expanding<OfferMessage>(64));
}

export function* watchOffers(socket: AppSocket): SagaIterator {
  const ch = (yield call(offerChannel, socket)) as EventChannel<OfferMessage>;
  try {
    while (true) {
      const m = (yield take(ch)) as OfferMessage;
      if (m.type === 'offer') yield put(O.offerReceived(m.event));
      else if (m.type === 'end') yield put(O.offerEnded(m.event));
      else {
        // The account's rooms carry the lines of every call it makes: only an open offer's are news.
        const s = (yield select(selectOffers)) as OffersState;
        if (s.byUuid[m.event.callUuid]) yield put(O.lineReceived(m.event));
      }
    }
  } finally {
    ch.close();
  }
}

const ANSWER_TIMEOUT_MS = 10_000;

/** Sends the answer; no ack in time reads as 408. */
export async function sendAnswer(socket: Pick<AppSocket, 'timeout'>, req: AnswerRequest): Promise<SocketAck> {
  return socket
    .timeout(ANSWER_TIMEOUT_MS)
    .emitWithAck('seat:answer', req)
    .catch(() => ({ code: 408 }));
}

/**
 * Whether this browser's softphone works the offered seat (an extension seat worked here): the
 * pop-up's accept is then the phone's answer, and needs a microphone.
 */
export function* answersOnThisPhone(seatId: number): SagaIterator {
  const cfg = ((yield select(selectSoftphone)) as SoftphoneState).config;
  return cfg?.seatId === seatId;
}

/** Do-not-disturb on the seat; a failure changes nothing for the decline that follows. */
export async function quietDnd(seatId: number): Promise<void> {
  await api
    .put(`/api/seats/${seatId}/state`, { dnd: true }, { onError: () => undefined, successToast: false })
    .catch(() => undefined);
}

export function* answerSaga(socket: AppSocket, action: PayloadAction<AnswerRequest>): SagaIterator {
  const { callUuid, accept } = action.payload;
  let req = action.payload;
  if (accept && (yield call(answersOnThisPhone, req.seatId))) {
    const problem = (yield call(checkMicrophone)) as MicProblem | null;
    if (problem) {
      // No microphone: the seat cannot talk. It goes do-not-disturb first (so the server does not
      // offer it this call or the next ones again), then the offer is declined and the server offers
      // the call to the next seat, or the bot goes on at its fallback. The seat is told why.
      yield call(showToast, 'error', i18n.t(`seats:offer.noMic.${problem}`));
      // ...and the phone keeps saying it (the toast goes away).
      yield put(softphoneActions.mediaFailed(problem));
      yield call(quietDnd, req.seatId);
      req = { ...req, accept: false };
    }
  }
  const r = (yield call(sendAnswer, socket, req)) as SocketAck;
  if (r.code === 200) {
    yield put(O.answerSent({ callUuid, accept: req.accept }));
    return;
  }
  yield put(O.answerFailed(callUuid));
  const message = r.message || i18n.t(r.code === 408 ? 'errors:timeout' : 'errors:unknown');
  yield call(showToast, 'error', message);
}

export function* seatOfferSaga(socket: AppSocket): SagaIterator {
  yield fork(watchOffers, socket);
  yield takeEvery(O.answerRequested.type, answerSaga, socket);
}
