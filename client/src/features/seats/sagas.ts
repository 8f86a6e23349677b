// Seats side effects: lists, saves (field errors shown in the form), typed deletes, the desk's
// switches and the figures pages. Live seat:state arrives through the one socket saga.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SeatDto, SeatGroupDto } from '../../../../domain/seats';
import { api, isApiError } from '../../api';
import { authActions } from '../auth/slice';
import { figuresUrl } from './form';
import { forgetOnlinePromptDismissal } from './onlinePrompt';
import {
  seatsActions as A,
  selectSeats,
  type FiguresPage,
  type SaveRequest,
  type SeatUserOption,
  type SeatsState,
  type StatePatch,
} from './slice';

const URL = { groups: '/api/seats/groups', seats: '/api/seats' } as const;
const quiet = { onError: () => undefined };

export function failureOf(e: unknown): { message: string; fieldErrors: Record<string, string> } {
  if (!isApiError(e)) return { message: e instanceof Error ? e.message : String(e), fieldErrors: {} };
  const fieldErrors: Record<string, string> = {};
  for (const f of e.fieldErrors) fieldErrors[f.path] ??= f.message;
  return { message: e.message, fieldErrors };
}

export function* loadListSaga(action: PayloadAction<'groups' | 'seats'>): SagaIterator {
  const key = action.payload;
  try {
    const data: unknown = yield call(api.get, URL[key]);
    if (key === 'groups') yield put(A.groupsLoaded(data as SeatGroupDto[]));
    else {
      yield put(A.seatsLoaded(data as SeatDto[]));
      yield put(A.usersLoaded((yield call(api.get, '/api/seats/users')) as SeatUserOption[]));
    }
  } catch {
    yield put(A.listFailed(key));
  }
}

export function* saveSaga(action: PayloadAction<SaveRequest>): SagaIterator {
  const r = action.payload;
  const base = r.kind === 'group' ? URL.groups : URL.seats;
  try {
    const item: unknown =
      r.id === null
        ? yield call(api.post, base, r.input, quiet)
        : yield call(api.put, `${base}/${r.id}`, r.input, quiet);
    if (r.kind === 'group') yield put(A.saved({ kind: 'group', item: item as SeatGroupDto }));
    else {
      yield put(A.saved({ kind: 'seat', item: item as SeatDto }));
      // Seat counts of groups, who works which seat, and maybe the caller's own desk changed.
      yield put(A.listRequested('groups'));
      yield put(A.usersLoaded((yield call(api.get, '/api/seats/users')) as SeatUserOption[]));
      yield put(A.mineRequested());
    }
  } catch (e) {
    yield put(A.saveFailed(failureOf(e)));
  }
}

export function* deleteSaga(): SagaIterator {
  const s = (yield select(selectSeats)) as SeatsState;
  const { kind, id } = s.deleting;
  if (!kind || !id) return;
  try {
    yield call(api.delete, `${kind === 'group' ? URL.groups : URL.seats}/${id}`, {
      body: { confirm: 'delete' },
      ...quiet,
    });
    yield put(A.deleted({ kind, id }));
    if (kind === 'seat') yield put(A.listRequested('groups'));
  } catch (e) {
    yield put(A.deleteFailed(failureOf(e).message));
  }
}

export function* mineSaga(): SagaIterator {
  try {
    yield put(A.mineLoaded((yield call(api.get, '/api/seats/mine')) as SeatDto[]));
  } catch {
    yield put(A.mineFailed());
  }
}

export function* switchSaga(action: PayloadAction<{ seatId: number; patch: StatePatch }>): SagaIterator {
  try {
    const seat = (yield call(
      api.put,
      `/api/seats/${action.payload.seatId}/state`,
      action.payload.patch,
      quiet,
    )) as SeatDto;
    yield put(A.switched(seat));
  } catch (e) {
    yield put(A.switchFailed(failureOf(e).message));
  }
}

export function* figuresSaga(action: PayloadAction<{ more: true } | object>): SagaIterator {
  const s = (yield select(selectSeats)) as SeatsState;
  const after = 'more' in action.payload ? s.figures.nextAfter : null;
  try {
    const page = (yield call(api.get, figuresUrl(s.figures.query, after), quiet)) as FiguresPage;
    yield put(A.figuresLoaded(page));
  } catch (e) {
    yield put(A.figuresFailed(failureOf(e).message));
  }
}

export function* seatsSaga(): SagaIterator {
  yield takeEvery(A.listRequested, loadListSaga);
  yield takeLatest(A.saveRequested, saveSaga);
  yield takeLatest(A.deleteRequested, deleteSaga);
  yield takeLatest(A.mineRequested, mineSaga);
  yield takeEvery(A.switchRequested, switchSaga);
  yield takeLatest(A.figuresRequested, figuresSaga);
  yield takeEvery(authActions.sessionCleared, forgetOnlinePromptDismissal);
}
