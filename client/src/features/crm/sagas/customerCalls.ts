// The drawer's calls: the list when a customer opens and on "load more", and one call's detail with
// its audio files (fetched with the session's headers, played from object urls released on close).
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { CallRecordDetail, CallRecordPage } from '../../../../../domain/callRecords';
import { api } from '../../../api';
import { audioFiles } from '../../../ui/audioFiles';
import { followUpsActions as F } from '../slice/followUps';
import { CALLS_PAGE, customerCallsActions as K, type CustomerCallsState } from '../slice/customerCalls';
import { selectCustomerCalls } from '../slice';
import { failureOf } from '../validation';

export const quiet = { successToast: false, onError: () => undefined };

export function* loadCallsSaga(action: { type: string }): SagaIterator {
  const append = action.type === K.moreRequested.type;
  const s = (yield select(selectCustomerCalls)) as CustomerCallsState;
  const id = s.customerId;
  if (id === null || (append && !s.next)) return;
  try {
    const page = (yield call(api.get, `/api/crm/customers/${id}/calls`, {
      ...quiet,
      query: { limit: CALLS_PAGE, ...(append && s.next ? { after: s.next } : {}) },
    })) as CallRecordPage;
    yield put(K.listLoaded({ customerId: id, items: page.items, next: page.next, append }));
  } catch (e) {
    yield put(K.listFailed(failureOf(e).message));
  }
}

/** The open call's audio, released when it closes. */
const audio = audioFiles(K.audioLoaded);

export const releaseAudio = (): void => audio.release();

export function* openCallSaga(action: PayloadAction<string>): SagaIterator {
  releaseAudio();
  const s = (yield select(selectCustomerCalls)) as CustomerCallsState;
  if (s.openUuid !== action.payload || s.customerId === null) return;
  const uuid = action.payload;
  try {
    const d = (yield call(
      api.get,
      `/api/crm/customers/${s.customerId}/calls/${uuid}`,
      quiet,
    )) as CallRecordDetail;
    yield put(K.detailLoaded(d));
    const urls = new Set<string>();
    if (d.recording?.url) urls.add(d.recording.url);
    for (const l of d.lines) for (const v of l.voices) if (v.url) urls.add(v.url);
    yield all([...urls].map((u) => call(audio.load, u)));
  } catch (e) {
    yield put(K.detailFailed({ uuid, message: failureOf(e).message }));
  }
}

export function* customerCallsSaga(): SagaIterator {
  yield takeLatest([F.drawerOpened.type, K.moreRequested.type], loadCallsSaga);
  yield takeLatest(K.callToggled, openCallSaga);
  yield takeEvery(F.drawerClosed, releaseAudio);
}
