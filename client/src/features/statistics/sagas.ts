// Statistics side effects: each report over HTTP (the latest request per report wins), and an export
// (the export password checked by the server; the file saved by the browser).
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, fork, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { api } from '../../api';
import { saveBlob } from '../../ui/uploads';
import { statisticsActions as S, type ReportKind, type ReportQuery } from './slice';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function* loadReportSaga(a: PayloadAction<{ kind: ReportKind; query: ReportQuery }>): SagaIterator {
  const { kind, query } = a.payload;
  try {
    const data = yield call(api.get, `/api/reports/${kind}`, { query, onError: () => undefined });
    yield put(S.loaded({ kind, data }));
  } catch (e) {
    yield put(S.failed({ kind, error: message(e) }));
  }
}

export function* exportSaga(a: ReturnType<typeof S.exportRequested>): SagaIterator {
  try {
    const r = (yield call(api.download, '/api/reports/export', { onError: () => undefined }, a.payload)) as {
      blob: Blob;
      filename: string | null;
    };
    yield call(saveBlob, r.blob, r.filename ?? `${a.payload.kind}.${a.payload.format}`);
    yield put(S.exportDone());
  } catch (e) {
    yield put(S.exportFailed(message(e)));
  }
}

/** One watcher per report kind, so loading one report never cancels another's request. */
function* watchKind(kind: ReportKind): SagaIterator {
  yield takeLatest(
    (a: { type: string; payload?: { kind?: string } }) =>
      a.type === S.requested.type && a.payload?.kind === kind,
    loadReportSaga,
  );
}

export function* statisticsSaga(): SagaIterator {
  for (const kind of ['numbers', 'lines', 'expense', 'business'] as const) yield fork(watchKind, kind);
  yield takeEvery(S.exportRequested, exportSaga);
}
