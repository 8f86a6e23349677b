// The softphone's side effects: on login it loads the seat's SIP configuration and registers
// (phone.ts); phone events become actions and dial records (POST / PUT /api/softphone/calls); the
// buttons (dial, answer, hang up, mute, hold, DTMF) drive the phone. Logging out stops it.
import type { PayloadAction } from '@reduxjs/toolkit';
import { buffers, eventChannel, type EventChannel, type SagaIterator, type Task } from 'redux-saga';
import {
  call,
  cancel,
  delay,
  fork,
  put,
  race,
  select,
  take,
  takeEvery,
  takeLatest,
} from 'redux-saga/effects';
import type { SeatDto } from '../../../../domain/seats';
import {
  dialNumberProblem,
  normalizeDialNumber,
  outcomeOf,
  type SoftphoneCallDto,
  type SoftphoneConfigDto,
} from '../../../../domain/softphone';
import { api, isApiError } from '../../api';
import { i18n } from '../../app/i18n';
import { SOCKET_STOPPERS } from '../../socket/saga';
import { authActions } from '../auth/slice';
import { offersActions, selectOffers, type OffersState } from '../seats/offerSlice';
import { selectSeats } from '../seats/slice';
import { showToast } from '../../ui/toaster';
import { createPhone, type Phone, type PhoneEvent } from './phone';
import { softphoneActions as A, selectSoftphone, type SoftphoneState } from './slice';

// Records are bookkeeping: no toasts either way (the phone's own state shows what happened).
const quiet = { onError: () => undefined, successToast: false };
const CALLS = '/api/softphone/calls';

function* loadRecords(): SagaIterator {
  try {
    yield put(A.recordsLoaded((yield call(api.get, `${CALLS}?limit=50`, quiet)) as SoftphoneCallDto[]));
  } catch {
    yield put(A.recordsFailed());
  }
}

/** The seat's live answer mode and do-not-disturb (the desk's switches), else the configuration's. */
function* seatMode(cfg: SoftphoneConfigDto): SagaIterator {
  const seat = ((yield select(selectSeats)) as { mine: { items: SeatDto[] } }).mine.items.find(
    (s) => s.id === cfg.seatId,
  );
  return { autoAnswer: seat?.state.autoAnswer ?? cfg.autoAnswer, dnd: seat?.state.dnd ?? false };
}

/** Whether the call is one this user accepted (or is accepting) in the transfer pop-up. */
export function* acceptedInPopup(callUuid: string | null): SagaIterator {
  if (!callUuid) return false;
  const o = ((yield select(selectOffers)) as OffersState).byUuid[callUuid];
  return !!o && (o.phase === 'accepted' || o.answering);
}

function* onIncoming(
  phone: Phone,
  cfg: SoftphoneConfigDto,
  e: Extract<PhoneEvent, { type: 'incoming' }>,
): SagaIterator {
  const mode = (yield call(seatMode, cfg)) as { autoAnswer: boolean; dnd: boolean };
  // The bridge of a call this user accepted in the pop-up (the INVITE names it): that accept was the
  // answer, so the phone picks up by itself instead of ringing a second time.
  const accepted = (yield call(acceptedInPopup, e.callUuid)) as boolean;
  yield put(A.incoming({ number: e.number, callUuid: e.callUuid, accepted }));
  if (mode.dnd && !accepted) {
    phone.reject();
    return;
  }
  if (mode.autoAnswer || accepted) phone.answer();
  try {
    const rec = (yield call(
      api.post,
      CALLS,
      {
        direction: 'in',
        number: e.number.slice(0, 32) || '-',
        ...(e.callUuid ? { callUuid: e.callUuid } : {}),
      },
      quiet,
    )) as SoftphoneCallDto;
    yield put(A.recordCreated(rec.id));
  } catch {
    // The call goes on without a record; the list shows what the server has.
  }
}

function* onEvent(phone: Phone, cfg: SoftphoneConfigDto, e: PhoneEvent): SagaIterator {
  const s = (yield select(selectSoftphone)) as SoftphoneState;
  switch (e.type) {
    case 'registration':
      yield put(A.registrationChanged({ state: e.state, reason: e.reason }));
      return;
    case 'incoming':
      yield fork(onIncoming, phone, cfg, e);
      return;
    case 'progress':
      yield put(A.progressed());
      return;
    case 'established':
      yield put(A.established(new Date().toISOString()));
      // The pop-up's call is on the phone now: one place shows it (the phone, and the seat desk).
      if (s.call?.callUuid && (yield call(acceptedInPopup, s.call.callUuid)))
        yield put(offersActions.offerClosed(s.call.callUuid));
      if (s.call?.recordId && s.call.direction === 'in')
        yield call(api.put, `${CALLS}/${s.call.recordId}/answer`, { answered: true }, quiet);
      return;
    case 'mediaError':
      yield put(A.mediaFailed(e.problem));
      yield call(showToast, 'error', i18n.t(`softphone:mic.${e.problem}`));
      return;
    case 'ended':
      yield put(A.ended());
      yield fork(finishRecord, s.call, e.answered, e.byMe);
  }
}

function* finishRecord(c: SoftphoneState['call'], answered: boolean, byMe: boolean): SagaIterator {
  let recordId = c?.recordId ?? null;
  if (c && recordId === null && c.direction === 'in') {
    // A call that ended fast: its record may still be on its way.
    const r = (yield race({ created: take(A.recordCreated.type), late: delay(5000) })) as {
      created?: PayloadAction<number>;
    };
    recordId = r.created?.payload ?? null;
  }
  if (c && recordId) {
    const outcome = outcomeOf(c.direction, answered, byMe);
    try {
      yield call(api.put, `${CALLS}/${recordId}`, { outcome, answered }, quiet);
    } catch {
      // Already finished elsewhere: the list below shows it.
    }
  }
  yield fork(loadRecords);
  yield delay(2000);
  yield put(A.cleared());
}

function* dial(phone: Phone, action: PayloadAction<string>): SagaIterator {
  const number = normalizeDialNumber(action.payload);
  const problem = dialNumberProblem(action.payload);
  if (problem) {
    yield put(A.dialRefused(i18n.t(`softphone:validation.${problem}`)));
    return;
  }
  const s = (yield select(selectSoftphone)) as SoftphoneState;
  if (s.registration !== 'registered') {
    yield put(A.dialRefused(i18n.t('softphone:notRegistered')));
    return;
  }
  if (s.call && s.call.phase !== 'ended') {
    yield put(A.dialRefused(i18n.t('softphone:busy')));
    return;
  }
  try {
    const rec = (yield call(api.post, CALLS, { direction: 'out', number }, quiet)) as SoftphoneCallDto;
    yield put(A.dialStarted({ number, recordId: rec.id }));
    phone.dial(number, rec.id);
  } catch (err) {
    const field = isApiError(err) ? err.fieldErrors.find((f) => f.path === 'number')?.message : undefined;
    yield put(A.dialRefused(field ?? (err instanceof Error ? err.message : String(err))));
  }
}

function* commands(phone: Phone): SagaIterator {
  yield takeEvery(A.dialRequested.type, dial, phone);
  yield takeEvery(A.answerRequested.type, () => phone.answer());
  yield takeEvery(A.rejectRequested.type, () => phone.reject());
  yield takeEvery(A.hangupRequested.type, () => phone.hangup());
  yield takeEvery(A.stopped.type, function* () {
    yield call([phone, phone.unregister]);
  });
  yield takeEvery(A.muteToggled.type, function* () {
    const c = ((yield select(selectSoftphone)) as SoftphoneState).call;
    if (c) phone.setMuted(c.muted);
  });
  yield takeEvery(A.holdToggled.type, function* () {
    const c = ((yield select(selectSoftphone)) as SoftphoneState).call;
    if (!c) return;
    const held = !c.held;
    const ok = (yield call([phone, phone.setHeld], held)) as boolean;
    yield put(A.holdSettled({ held, ok }));
  });
  yield takeEvery(A.dtmfSent.type, (a: PayloadAction<string>) => phone.dtmf(a.payload));
}

/** One registration: the configuration, the phone, its events and the commands, until restarted. */
export function* runPhone(): SagaIterator {
  let cfg: SoftphoneConfigDto | null;
  try {
    cfg = (yield call(api.get, '/api/softphone/config', quiet)) as SoftphoneConfigDto | null;
  } catch (e) {
    yield put(A.configFailed(e instanceof Error ? e.message : String(e)));
    return;
  }
  if (!cfg) {
    yield put(A.noSeat());
    return;
  }
  const config = cfg;
  yield put(A.configLoaded(config));
  let phone: Phone | undefined;
  const chan = eventChannel<PhoneEvent>((emit) => {
    phone = createPhone(config, emit);
    return () => void phone?.stop();
  }, buffers.expanding<PhoneEvent>(32)) as EventChannel<PhoneEvent>;
  const p = phone!;
  try {
    yield fork(commands, p);
    yield fork([p, p.register]);
    while (true) {
      const e = (yield take(chan)) as PhoneEvent;
      yield call(onEvent, p, config, e);
    }
  } finally {
    chan.close();
  }
}

function* session(): SagaIterator {
  yield takeLatest(A.started.type, runPhone);
  yield takeEvery(A.recordsRequested.type, loadRecords);
  yield put(A.started());
  yield fork(loadRecords);
}

export function* softphoneSaga(): SagaIterator {
  while (true) {
    yield take(authActions.sessionStarted.type);
    const task = (yield fork(session)) as Task;
    yield take(SOCKET_STOPPERS);
    yield cancel(task);
  }
}
