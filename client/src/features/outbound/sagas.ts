// Loads and replaces the allow-list; a refused entry's message (server-side, translated) stays on
// the section.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { OutboundAllowListDto } from '../../../../domain/netAddress';
import { api, isApiError } from '../../api';
import { outboundActions as O } from './slice';

const URL_ = '/api/settings/outbound-allowlist';
const quiet = { onError: () => undefined };

export function* loadSaga(): SagaIterator {
  try {
    const r = (yield call(api.get, URL_)) as OutboundAllowListDto;
    yield put(O.loaded(r.hosts));
  } catch {
    // Shown by the client.
  }
}

export function* saveSaga(action: PayloadAction<string[]>): SagaIterator {
  try {
    const r = (yield call(api.put, URL_, { hosts: action.payload }, quiet)) as OutboundAllowListDto;
    yield put(O.saved({ hosts: r.hosts, at: Date.now() }));
  } catch (e) {
    if (!isApiError(e)) return void (yield put(O.saveFailed(String(e))));
    const f = e.fieldErrors[0];
    const line = f ? /^hosts\.(\d+)$/.exec(f.path) : null;
    const entry = line ? action.payload[Number(line[1])] : undefined;
    yield put(O.saveFailed(f ? `${entry !== undefined ? `${entry}: ` : ''}${f.message}` : e.message));
  }
}

export function* outboundSaga(): SagaIterator {
  yield all([takeLatest(O.loadRequested.type, loadSaga), takeLatest(O.saveRequested.type, saveSaga)]);
}
