// Call records side effects: the list (first page and more), filter options, the open record and its
// audio files (fetched with the session's headers, played from blob urls), focus, and the batch actions.
// A running export is refreshed when a notice arrives (the server sends one when it is ready).
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { Code } from '../../../../domain/api';
import { filterToQuery, type CallRecordDetail, type CallRecordPage } from '../../../../domain/callRecords';
import { api, isApiError } from '../../api';
import { i18n } from '../../app/i18n';
import { noticesActions } from '../notices/slice';
import { audioFiles } from '../../ui/audioFiles';
import { saveBlob } from '../../ui/uploads';
import { toFilter } from './query';
import { scopeOf } from './scope';
import {
  callRecordsActions as A,
  PAGE_SIZE,
  selectCallRecords,
  type AllocateRequest,
  type CallRecordsState,
  type ExportJob,
  type RecordOptions,
} from './slice';

const quiet = { successToast: false, onError: () => undefined };

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

function failureOf(e: unknown): { message: string; fieldErrors: Record<string, string> } {
  const fieldErrors: Record<string, string> = {};
  if (isApiError(e)) for (const f of e.fieldErrors) fieldErrors[f.path] ??= f.message;
  return { message: messageOf(e), fieldErrors };
}

const state = () => select(selectCallRecords);
const viewQuery = (s: CallRecordsState) => `?view=${s.view}`;

/** How many records the filter matches, for the "all N filtered" choice. */
export function* countSaga(): SagaIterator {
  const s = (yield state()) as CallRecordsState;
  try {
    const r = (yield call(api.get, '/api/callrecords/count', {
      query: { view: s.view, ...filterToQuery(toFilter(s.filters)) },
    })) as { count: number };
    yield put(A.filteredCounted(r.count));
  } catch {
    // Shown by the client; the choice stays without a number.
  }
}

export function* loadListSaga(action: { type: string }): SagaIterator {
  const append = action.type === A.moreRequested.type;
  const s = (yield state()) as CallRecordsState;
  try {
    const page = (yield call(api.get, '/api/callrecords', {
      query: {
        view: s.view,
        ...filterToQuery(toFilter(s.filters)),
        limit: PAGE_SIZE,
        ...(append && s.next ? { after: s.next } : {}),
      },
    })) as CallRecordPage;
    yield put(A.listLoaded({ ...page, append }));
  } catch (e) {
    yield put(A.listFailed(messageOf(e)));
  }
}

export function* loadOptionsSaga(): SagaIterator {
  const s = (yield state()) as CallRecordsState;
  try {
    const o = (yield call(api.get, `/api/callrecords/options${viewQuery(s)}`)) as RecordOptions;
    yield put(A.optionsLoaded(o));
  } catch {
    // Shown by the client; the filters still work without the lists.
  }
}

/** The open record's audio, released when it closes. */
const audio = audioFiles(A.audioLoaded);

export function* openSaga(action: PayloadAction<string>): SagaIterator {
  const s = (yield state()) as CallRecordsState;
  try {
    const d = (yield call(api.get, `/api/callrecords/${action.payload}${viewQuery(s)}`)) as CallRecordDetail;
    yield put(A.detailLoaded(d));
    const urls = new Set<string>();
    for (const l of d.lines) for (const v of l.voices) if (v.url) urls.add(v.url);
    if (d.recording.url) urls.add(d.recording.url);
    yield all([...urls].map((u) => call(audio.load, u)));
  } catch (e) {
    yield put(A.detailFailed(messageOf(e)));
  }
}

export function closeSaga(): void {
  audio.release();
}

export function* focusSaga(action: PayloadAction<{ uuid: string; focus: boolean }>): SagaIterator {
  const s = (yield state()) as CallRecordsState;
  try {
    yield call(
      api.post,
      `/api/callrecords/${action.payload.uuid}/focus${viewQuery(s)}`,
      { focus: action.payload.focus },
      { successToast: false },
    );
    yield put(A.focusSet(action.payload));
  } catch {
    // Shown by the client.
  }
}

function* batch(
  path: string,
  body: Record<string, unknown>,
  method: 'post' | 'delete' = 'post',
): SagaIterator<unknown> {
  const s = (yield state()) as CallRecordsState;
  const url = `/api/callrecords${path}${viewQuery(s)}`;
  const scope = scopeOf(s);
  // The buttons are disabled without a scope: a stray action must not fall back to the whole filter.
  if (!scope) throw new Error(i18n.t('common:selection.none'));
  const payload = { ...scope, ...body };
  return method === 'post'
    ? yield call(api.post, url, payload, quiet)
    : yield call(api.delete, url, { ...quiet, body: payload });
}

function* fail(e: unknown): SagaIterator {
  const f = failureOf(e);
  yield put(
    A.actionFailed({ message: Object.values(f.fieldErrors)[0] ?? f.message, fieldErrors: f.fieldErrors }),
  );
}

export function* moveSaga(): SagaIterator {
  try {
    const reply = yield call(batch, '/move', {});
    yield put(A.actionDone({ kind: 'move', reply }));
    yield put(A.listRequested());
  } catch (e) {
    yield call(fail, e);
  }
}

export function* allocateSaga(action: PayloadAction<AllocateRequest>): SagaIterator {
  try {
    const r = (yield call(batch, '/allocate', { ...action.payload })) as { allocated: { count: number }[] };
    yield put(A.actionDone({ kind: 'allocate', count: r.allocated.reduce((a, x) => a + x.count, 0) }));
    yield put(A.listRequested());
  } catch (e) {
    yield call(fail, e);
  }
}

export function* repeatSaga(action: PayloadAction<{ taskId: number }>): SagaIterator {
  try {
    const reply = yield call(batch, '/repeat-dial', { taskId: action.payload.taskId });
    yield put(A.actionDone({ kind: 'repeat', reply }));
  } catch (e) {
    yield call(fail, e);
  }
}

export function* deleteSaga(action: PayloadAction<{ confirm: string }>): SagaIterator {
  try {
    const r = (yield call(batch, '', { confirm: action.payload.confirm }, 'delete')) as { deleted: number };
    yield put(A.actionDone({ kind: 'delete', deleted: r.deleted }));
    yield put(A.listRequested());
  } catch (e) {
    yield call(fail, e);
  }
}

export function* exportSaga(
  action: PayloadAction<{ format: 'xlsx' | 'csv'; password: string }>,
): SagaIterator {
  try {
    const job = (yield call(batch, '/exports', action.payload)) as ExportJob;
    yield put(A.exportUpdated(job));
  } catch (e) {
    if (isApiError(e) && e.code === Code.WrongPassword)
      yield put(A.actionFailed({ message: e.message, fieldErrors: { password: e.message } }));
    else yield call(fail, e);
  }
}

/** A notice while an export runs: it may be the "ready" one, so look again. */
export function* exportNoticeSaga(): SagaIterator {
  const s = (yield state()) as CallRecordsState;
  const job = s.exportJob;
  if (!job || job.status === 'done' || job.status === 'failed') return;
  try {
    const j = (yield call(
      api.get,
      `/api/callrecords/exports/${job.exportJobId}${viewQuery(s)}`,
      quiet,
    )) as ExportJob;
    yield put(A.exportUpdated(j));
  } catch {
    // Left as it was; the next notice or the download list tries again.
  }
}

export function* exportDownloadSaga(action: PayloadAction<ExportJob>): SagaIterator {
  const s = (yield state()) as CallRecordsState;
  const job = action.payload;
  try {
    const r = (yield call(api.download, `${job.downloadUrl}${viewQuery(s)}`)) as {
      blob: Blob;
      filename: string | null;
    };
    yield call(saveBlob, r.blob, r.filename ?? job.fileName ?? 'calls');
  } catch {
    // Shown by the client.
  }
}

export function* callRecordsSaga(): SagaIterator {
  yield takeLatest([A.listRequested.type, A.moreRequested.type], loadListSaga);
  yield takeLatest(A.optionsRequested.type, loadOptionsSaga);
  yield takeLatest(A.allFilteredChosen.type, countSaga);
  yield takeLatest(A.opened.type, openSaga);
  yield takeEvery(A.closed.type, closeSaga);
  yield takeEvery(A.focusRequested.type, focusSaga);
  yield takeEvery(A.moveRequested.type, moveSaga);
  yield takeEvery(A.allocateRequested.type, allocateSaga);
  yield takeEvery(A.repeatRequested.type, repeatSaga);
  yield takeEvery(A.deleteRequested.type, deleteSaga);
  yield takeEvery(A.exportRequested.type, exportSaga);
  yield takeEvery(A.exportDownloadRequested.type, exportDownloadSaga);
  yield takeEvery([noticesActions.noticeReceived.type, A.exportRefreshRequested.type], exportNoticeSaga);
}
