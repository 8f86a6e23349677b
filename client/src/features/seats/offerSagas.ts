// The transfer pop-up's side effects, forked once per socket session (socket/saga.ts): the socket's
// seat:offer, seat:offerEnd and the offered calls' call:line actions become the pop-up's, and the
// user's answer goes back as seat:answer with its ack.
import type { Action, PayloadAction } from '@reduxjs/toolkit';
import type { Channel, SagaIterator } from 'redux-saga';
import { buffers } from 'redux-saga';
import { actionChannel, call, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import type { SocketAck } from '../../../../domain/events';
import { api } from '../../api';
import { i18n } from '../../app/i18n';
import { socketActions } from '../../socket/actions';
import type { SocketEmitter } from '../../socket/rooms';
import { showToast } from '../../ui/toaster';
import { selectSoftphone, softphoneActions, type SoftphoneState } from '../softphone/slice';
import { checkMicrophone, type MicProblem } from './mic';
import { offersActions as O, selectOffers, type AnswerRequest, type OffersState } from './offerSlice';

/** The actions the pop-up follows (put by the one socket saga). */
export const OFFER_ACTIONS = [
  socketActions.seatOffer.type,
  socketActions.seatOfferEnd.type,
  socketActions.callLine.type,
];

export function* watchOffers(): SagaIterator {
  const ch = (yield actionChannel(OFFER_ACTIONS, buffers.expanding<Action>(64))) as Channel<Action>;
  try {
    while (true) {
      const a = (yield take(ch)) as Action;
      if (socketActions.seatOffer.match(a)) yield put(O.offerReceived(a.payload));
      else if (socketActions.seatOfferEnd.match(a)) yield put(O.offerEnded(a.payload));
      else if (socketActions.callLine.match(a)) {
        // The account's rooms carry the lines of every call it makes: only an open offer's are news.
        const s = (yield select(selectOffers)) as OffersState;
        if (s.byUuid[a.payload.callUuid]) yield put(O.lineReceived(a.payload));
      }
    }
  } finally {
    ch.close();
  }
}

const ANSWER_TIMEOUT_MS = 10_000;

/** Sends the answer; no ack in time reads as 408. */
export async function sendAnswer(
  socket: Pick<SocketEmitter, 'timeout'>,
  req: AnswerRequest,
): Promise<SocketAck> {
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

export function* answerSaga(socket: SocketEmitter, action: PayloadAction<AnswerRequest>): SagaIterator {
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

export function* seatOfferSaga(socket: SocketEmitter): SagaIterator {
  yield fork(watchOffers);
  yield takeEvery(O.answerRequested.type, answerSaga, socket);
}
