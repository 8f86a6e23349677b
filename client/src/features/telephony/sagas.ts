// Telephony side effects: lists, saves (field errors shown in the form, not as toasts), enable,
// typed deletes, line assignment and ASR reset. Live fs:status arrives through the one socket saga.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { AsrAccountDto, FsNodeDto, GatewayDto, SipLineDto } from '../../../../domain/telephony-config';
import { api, isApiError } from '../../api';
import {
  selectTelephony,
  telephonyActions as T,
  type AssignOption,
  type DeletableKind,
  type SaveRequest,
  type TelephonyState,
} from './slice';

const LIST_URL = {
  lines: '/api/dialcenter/lines',
  gateways: '/api/dialcenter/gateways',
  nodes: '/api/settings/fs-nodes',
  asr: '/api/settings/asr',
} as const;

const DELETE_URL: Record<DeletableKind, string> = {
  line: '/api/dialcenter/lines',
  gateway: '/api/dialcenter/gateways',
  node: '/api/settings/fs-nodes',
};

/** The message and the per-field messages of a failed request. */
export function failureOf(e: unknown): { message: string; fieldErrors: Record<string, string> } {
  if (!isApiError(e)) return { message: e instanceof Error ? e.message : String(e), fieldErrors: {} };
  const fieldErrors: Record<string, string> = {};
  for (const f of e.fieldErrors) fieldErrors[f.path] ??= f.message;
  return { message: e.message, fieldErrors };
}

export function* loadListSaga(action: PayloadAction<keyof typeof LIST_URL>): SagaIterator {
  const key = action.payload;
  try {
    const data: unknown = yield call(api.get, LIST_URL[key]);
    if (key === 'lines') yield put(T.linesLoaded(data as SipLineDto[]));
    if (key === 'gateways') yield put(T.gatewaysLoaded(data as GatewayDto[]));
    if (key === 'nodes') yield put(T.nodesLoaded(data as FsNodeDto[]));
    if (key === 'asr') yield put(T.asrLoaded(data as AsrAccountDto[]));
  } catch {
    yield put(T.listFailed(key));
  }
}

const quiet = { onError: () => undefined };

export function* saveSaga(action: PayloadAction<SaveRequest>): SagaIterator {
  const r = action.payload;
  try {
    if (r.kind === 'asr') {
      yield call(api.put, `${LIST_URL.asr}/${r.id}`, r.input, quiet);
      // One account's choice changes what its subordinates inherit: reload them all.
      yield put(T.editorClosed());
      yield put(T.listRequested('asr'));
      return;
    }
    const base = { line: LIST_URL.lines, gateway: LIST_URL.gateways, node: LIST_URL.nodes }[r.kind];
    const item: unknown =
      r.id === null
        ? yield call(api.post, base, r.input, quiet)
        : yield call(api.put, `${base}/${r.id}`, r.input, quiet);
    if (r.kind === 'line') yield put(T.saved({ kind: 'line', item: item as SipLineDto }));
    if (r.kind === 'gateway') yield put(T.saved({ kind: 'gateway', item: item as GatewayDto }));
    if (r.kind === 'node') yield put(T.saved({ kind: 'node', item: item as FsNodeDto }));
  } catch (e) {
    yield put(T.saveFailed(failureOf(e)));
  }
}

export function* enableSaga(action: PayloadAction<{ id: number; enabled: boolean }>): SagaIterator {
  try {
    const line = (yield call(api.post, `${LIST_URL.lines}/${action.payload.id}/enable`, {
      enabled: action.payload.enabled,
    })) as SipLineDto;
    yield put(T.lineUpdated(line));
  } catch {
    // Shown by the client.
  }
}

export function* deleteSaga(): SagaIterator {
  const s = (yield select(selectTelephony)) as TelephonyState;
  const { kind, id } = s.deleting;
  if (!kind || !id) return;
  try {
    yield call(api.delete, `${DELETE_URL[kind]}/${id}`, { body: { confirm: 'delete' }, ...quiet });
    yield put(T.deleted({ kind, id }));
  } catch (e) {
    yield put(T.deleteFailed(failureOf(e).message));
  }
}

export function* assignOptionsSaga(action: PayloadAction<number>): SagaIterator {
  try {
    const options = (yield call(
      api.get,
      `${LIST_URL.lines}/${action.payload}/assignments`,
    )) as AssignOption[];
    yield put(T.assignLoaded(options));
  } catch {
    yield put(T.assignFailed());
  }
}

export function* assignSaga(action: PayloadAction<{ lineId: number; accountIds: number[] }>): SagaIterator {
  try {
    const line = (yield call(api.put, `${LIST_URL.lines}/${action.payload.lineId}/assignments`, {
      accountIds: action.payload.accountIds,
    })) as SipLineDto;
    yield put(T.assignDone(line));
  } catch {
    yield put(T.assignFailed());
  }
}

export function* asrResetSaga(action: PayloadAction<number>): SagaIterator {
  try {
    yield call(api.delete, `${LIST_URL.asr}/${action.payload}`);
    yield put(T.listRequested('asr'));
  } catch {
    // Shown by the client.
  }
}

export function* telephonySaga(): SagaIterator {
  yield takeEvery(T.listRequested, loadListSaga);
  yield takeLatest(T.saveRequested, saveSaga);
  yield takeEvery(T.enableRequested, enableSaga);
  yield takeLatest(T.deleteRequested, deleteSaga);
  yield takeLatest(T.assignOpened, assignOptionsSaga);
  yield takeLatest(T.assignRequested, assignSaga);
  yield takeEvery(T.asrResetRequested, asrResetSaga);
}
