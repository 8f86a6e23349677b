// The seat desk's side effects: the current call and recent calls from the server, the disposition
// and quick follow-up writes, and, while the page is open, the socket's actions: the call's lines, partials and
// state, the seat's state (a new call, wrap-up), and a reconnect (the call is fetched again, which
// also puts the new socket back in the call's room).
import type { Action, PayloadAction } from '@reduxjs/toolkit';
import type { Channel, SagaIterator } from 'redux-saga';
import { buffers } from 'redux-saga';
import { actionChannel, call, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type {
  DeskCallDto,
  DeskCurrentDto,
  DeskRecentPage,
  DispositionDto,
  DispositionInput,
} from '../../../../domain/seatDesk';
import type { SeatStateDto } from '../../../../domain/seats';
import { socketActions } from '../../socket/actions';
import { whilePageOpen, type LivePage } from '../../socket/snapshotLive';
import type { CustomerInput, FollowUpInput } from '../crm/types';
import { api } from '../../api';
import { failureOf } from '../seats/sagas';
import { seatsActions } from '../seats/slice';
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

/**
 * A customer made of the call's unknown caller. The number is the server's (the call's): the form's
 * phone is not sent.
 */
export function* newCustomerSaga(
  action: PayloadAction<{ callUuid: string; input: CustomerInput }>,
): SagaIterator {
  const { seatId } = (yield select(selectSeatDesk)) as SeatDeskState;
  if (seatId === null) return;
  const { callUuid, input } = action.payload;
  const { phone: _phone, ...body } = input;
  try {
    // The panel says what happened (created, or linked to the customer the number already was).
    const opts = { ...quiet, successToast: false };
    const r = (yield call(api.post, `${base(seatId)}/calls/${callUuid}/customer`, body, opts)) as {
      call: DeskCallDto;
      created: boolean;
    };
    yield put(D.newCustomerSaved(r));
    yield put(D.recentRequested({ more: false }));
  } catch (e) {
    yield put(D.newCustomerFailed(failureOf(e)));
    // Refused as having a customer already (another tab, a supervisor): the desk shows it.
    yield put(D.currentRequested());
  }
}

/** The actions the desk follows while its page is open (put by the one socket saga). */
export const DESK_ACTIONS = [
  socketActions.callLine.type,
  socketActions.callPartial.type,
  socketActions.callState.type,
  seatsActions.stateReceived.type,
  socketActions.connected.type,
  socketActions.seatOffer.type,
  socketActions.seatOfferEnd.type,
];

/** The seat that took a call, if the action says one did: accepted, or auto-answered. */
export function takenBy(a: Action): number | null {
  if (socketActions.seatOffer.match(a)) return a.payload.autoAnswered ? a.payload.seatId : null;
  if (socketActions.seatOfferEnd.match(a)) return a.payload.state === 'accepted' ? a.payload.seatId : null;
  return null;
}

export function* watchDesk(): SagaIterator {
  const ch = (yield actionChannel(DESK_ACTIONS, buffers.expanding<Action>(64))) as Channel<Action>;
  // After a (re)connect the server sends the seat's state once its socket sits in the seat's room:
  // fetched again then, the call's room is joined by this socket too.
  let resync = true;
  try {
    while (true) {
      const a = (yield take(ch)) as Action;
      if (socketActions.callLine.match(a)) yield put(D.lineReceived(a.payload));
      else if (socketActions.callPartial.match(a)) yield put(D.partialReceived(a.payload));
      else if (socketActions.callState.match(a)) yield put(D.callStateReceived(a.payload));
      else if (socketActions.seatOffer.match(a) || socketActions.seatOfferEnd.match(a)) {
        const seatId = takenBy(a);
        if (seatId === null) continue;
        const s = (yield select(selectSeatDesk)) as SeatDeskState;
        if (seatId === s.seatId) yield put(D.currentRequested());
      } else if (socketActions.connected.match(a)) {
        resync = true;
        yield put(D.currentRequested());
      } else if (seatsActions.stateReceived.match(a)) {
        const event = a.payload;
        const s = (yield select(selectSeatDesk)) as SeatDeskState;
        if (event.seatId !== s.seatId) continue;
        const before = s.current?.state;
        yield put(D.stateChanged({ seatId: event.seatId, state: event.state }));
        // A new call, or the call moved on (taken, ended): the server says what the desk shows.
        const moved = before?.callUuid !== event.state.callUuid || before?.activity !== event.state.activity;
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
export const SEAT_DESK_PAGE: LivePage = {
  isOpen: (state: { seatDesk: SeatDeskState }) => selectSeatDesk(state).watching,
  opened: D.opened.type,
  closed: D.closed.type,
  // The page may have opened before this socket connected: fetch with the socket in place.
  onStart: D.currentRequested(),
};

export function* seatDeskLiveSaga(): SagaIterator {
  yield call(whilePageOpen, SEAT_DESK_PAGE, watchDesk);
}

export function* seatDeskSaga(): SagaIterator {
  yield takeLatest(D.currentRequested.type, currentSaga);
  yield takeLatest(D.recentRequested.type, recentSaga);
  yield takeEvery(D.dispositionRequested.type, dispositionSaga);
  yield takeLatest(D.hangupRequested.type, hangupSaga);
  yield takeEvery(D.followUpRequested.type, followUpSaga);
  yield takeLatest(D.newCustomerRequested.type, newCustomerSaga);
}
