// The seat desk's side effects: the current call and recent calls from the server, the disposition
// and quick follow-up writes, and, while the page is open, the socket: the call's lines, partials and
// state, the seat's state (a new call, wrap-up), and a reconnect (the call is fetched again, which
// also puts the new socket back in the call's room).
import type { PayloadAction } from '@reduxjs/toolkit';
import type { EventChannel, SagaIterator, Task } from 'redux-saga';
import { buffers, eventChannel } from 'redux-saga';
import { call, cancel, fork, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import {
  Events,
  type CallLineEvent,
  type CallPartialEvent,
  type CallStateEvent,
  type SeatOfferEndEvent,
  type SeatOfferEvent,
  type SeatStateEvent,
} from '../../../../domain/events';
import type {
  DeskCurrentDto,
  DeskRecentPage,
  DispositionDto,
  DispositionInput,
} from '../../../../domain/seatDesk';
import type { SeatStateDto } from '../../../../domain/seats';
import type { AppSocket } from '../../socket/channel';
import type { FollowUpInput } from '../crm/types';
import { api } from '../../api';
import { failureOf } from '../seats/sagas';
import { softphoneActions, selectSoftphone, type SoftphoneState } from '../softphone/slice';
import { seatDeskActions as D, selectSeatDesk, type SeatDeskState } from './slice';

const quiet = { onError: () => undefined };
const base = (seatId: number) => `/api/seats/${seatId}/desk`;
const RECENT_LIMIT = 20;

export function* currentSaga(): SagaIterator {
  const { seatId } = (yield select(selectSeatDesk)) as SeatDeskState;
  if (seatId === null) return;
  try {
    const data = (yield call(api.get, base(seatId), quiet)) as DeskCurrentDto;
    yield put(D.currentLoaded(data));
  } catch (e) {
    yield put(D.currentFailed(failureOf(e).message));
  }
}

export function* recentSaga(action: PayloadAction<{ more: boolean }>): SagaIterator {
  const s = (yield select(selectSeatDesk)) as SeatDeskState;
  if (s.seatId === null) return;
  const more = action.payload.more && s.recent.nextBefore !== null;
  try {
    const page = (yield call(api.get, `${base(s.seatId)}/calls`, {
      ...quiet,
      query: { limit: RECENT_LIMIT, before: more ? s.recent.nextBefore : undefined },
    })) as DeskRecentPage;
    yield put(D.recentLoaded({ page, more }));
  } catch (e) {
    yield put(D.recentFailed(failureOf(e).message));
  }
}

/**
 * The desk's hang-up. A call this browser's softphone carries is hung up there (a BYE from the
 * phone); any other (a mobile seat, another browser) through the server, whose media worker ends the
 * customer's leg. Either way the call's end puts the seat in wrap-up.
 */
export function* hangupSaga(action: PayloadAction<{ callUuid: string }>): SagaIterator {
  const { seatId } = (yield select(selectSeatDesk)) as SeatDeskState;
  if (seatId === null) return;
  const { callUuid } = action.payload;
  const phone = ((yield select(selectSoftphone)) as SoftphoneState).call;
  if (phone && phone.callUuid === callUuid && phone.phase !== 'ended') {
    yield put(softphoneActions.hangupRequested());
    yield put(D.hangupDone());
    return;
  }
  try {
    yield call(api.post, `${base(seatId)}/calls/${callUuid}/hangup`, {}, quiet);
    yield put(D.hangupDone());
  } catch (e) {
    yield put(D.hangupFailed(failureOf(e).message));
    // Refused as not on the call any more: the desk shows how the call is now.
    yield put(D.currentRequested());
  }
}

export function* dispositionSaga(
  action: PayloadAction<{ callUuid: string; input: DispositionInput }>,
): SagaIterator {
  const { seatId } = (yield select(selectSeatDesk)) as SeatDeskState;
  if (seatId === null) return;
  const { callUuid, input } = action.payload;
  try {
    const r = (yield call(api.post, `${base(seatId)}/calls/${callUuid}/disposition`, input, quiet)) as {
      disposition: DispositionDto;
      state: SeatStateDto;
    };
    yield put(D.dispositionSaved(r));
    yield put(D.recentRequested({ more: false }));
  } catch (e) {
    yield put(D.dispositionFailed(failureOf(e)));
    // Refused as already disposed: the stored one is shown.
    yield put(D.currentRequested());
  }
}

export function* followUpSaga(
  action: PayloadAction<{ callUuid: string; input: FollowUpInput }>,
): SagaIterator {
  const { seatId } = (yield select(selectSeatDesk)) as SeatDeskState;
  if (seatId === null) return;
  const { callUuid, input } = action.payload;
  try {
    yield call(api.post, `${base(seatId)}/calls/${callUuid}/follow-ups`, input, quiet);
    yield put(D.followUpSaved());
    // The card's last follow-up and the customer's stage changed.
    yield put(D.currentRequested());
  } catch (e) {
    yield put(D.followUpFailed(failureOf(e)));
  }
}

export type DeskMessage =
  | { type: 'line'; event: CallLineEvent }
  | { type: 'partial'; event: CallPartialEvent }
  | { type: 'call'; event: CallStateEvent }
  | { type: 'seat'; event: SeatStateEvent }
  /** The seat took a call: accepted, or auto-answered. */
  | { type: 'taken'; seatId: number }
  | { type: 'reconnect' };

/** The desk's socket events; unsubscribing removes exactly these listeners. */
export function deskChannel(socket: Pick<AppSocket, 'on' | 'off'>): EventChannel<DeskMessage> {
  return eventChannel<DeskMessage>((emit) => {
    const onLine = (event: CallLineEvent) => emit({ type: 'line', event });
    const onPartial = (event: CallPartialEvent) => emit({ type: 'partial', event });
    const onCall = (event: CallStateEvent) => emit({ type: 'call', event });
    const onSeat = (event: SeatStateEvent) => emit({ type: 'seat', event });
    const onConnect = () => emit({ type: 'reconnect' });
    const onOffer = (e: SeatOfferEvent) => e.autoAnswered && emit({ type: 'taken', seatId: e.seatId });
    const onOfferEnd = (e: SeatOfferEndEvent) =>
      e.state === 'accepted' && emit({ type: 'taken', seatId: e.seatId });
    socket.on(Events.CallLine, onLine);
    socket.on(Events.CallPartial, onPartial);
    socket.on(Events.CallState, onCall);
    socket.on(Events.SeatState, onSeat);
    socket.on('connect', onConnect);
    socket.on(Events.SeatOffer, onOffer);
    socket.on(Events.SeatOfferEnd, onOfferEnd);
    return () => {
      socket.off(Events.CallLine, onLine);
      socket.off(Events.CallPartial, onPartial);
      socket.off(Events.CallState, onCall);
      socket.off(Events.SeatState, onSeat);
      socket.off('connect', onConnect);
      socket.off(Events.SeatOffer, onOffer);
      socket.off(Events.SeatOfferEnd, onOfferEnd);
    };
  }, buffers.expanding<DeskMessage>(64));
}

export function* watchDesk(socket: AppSocket): SagaIterator {
  const ch = (yield call(deskChannel, socket)) as EventChannel<DeskMessage>;
  // After a (re)connect the server sends the seat's state once its socket sits in the seat's room:
  // fetched again then, the call's room is joined by this socket too.
  let resync = true;
  try {
    while (true) {
      const m = (yield take(ch)) as DeskMessage;
      if (m.type === 'line') yield put(D.lineReceived(m.event));
      else if (m.type === 'partial') yield put(D.partialReceived(m.event));
      else if (m.type === 'call') yield put(D.callStateReceived(m.event));
      else if (m.type === 'taken') {
        const s = (yield select(selectSeatDesk)) as SeatDeskState;
        if (m.seatId === s.seatId) yield put(D.currentRequested());
      } else if (m.type === 'reconnect') {
        resync = true;
        yield put(D.currentRequested());
      } else {
        const s = (yield select(selectSeatDesk)) as SeatDeskState;
        if (m.event.seatId !== s.seatId) continue;
        const before = s.current?.state;
        yield put(D.stateChanged({ seatId: m.event.seatId, state: m.event.state }));
        // A new call, or the call moved on (taken, ended): the server says what the desk shows.
        const moved =
          before?.callUuid !== m.event.state.callUuid || before?.activity !== m.event.state.activity;
        if (moved || resync) {
          resync = false;
          yield put(D.currentRequested());
          yield put(D.recentRequested({ more: false }));
        }
      }
    }
  } finally {
    ch.close();
  }
}

/** Forked once per socket session (socket/saga.ts): follows the socket while the desk page is open. */
export function* seatDeskLiveSaga(socket: AppSocket): SagaIterator {
  while (true) {
    const { watching } = (yield select(selectSeatDesk)) as SeatDeskState;
    if (!watching) yield take(D.opened);
    const task = (yield fork(watchDesk, socket)) as Task;
    // The page may have opened before this socket connected: fetch with the socket in place.
    yield put(D.currentRequested());
    yield take(D.closed);
    yield cancel(task);
  }
}

export function* seatDeskSaga(): SagaIterator {
  yield takeLatest(D.currentRequested.type, currentSaga);
  yield takeLatest(D.recentRequested.type, recentSaga);
  yield takeEvery(D.dispositionRequested.type, dispositionSaga);
  yield takeLatest(D.hangupRequested.type, hangupSaga);
  yield takeEvery(D.followUpRequested.type, followUpSaga);
}
