// Exports: start one behind the export password, the download list (on open, refresh or a notice, no
// polling), and saving a finished file.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { Code } from '../../../../../domain/api';
import { api, isApiError } from '../../../api';
import { noticesActions } from '../../notices/slice';
import { exportFilter } from '../query';
import { selectCustomers, selectExports } from '../slice';
import type { CustomersState } from '../slice/customers';
import { exportsActions as X, type ExportRequest, type ExportsState } from '../slice/exports';
import type { ExportJobDto, ExportPage } from '../types';
import { saveBlob } from '../../../ui/uploads';
import { failureOf } from '../validation';
import { quiet } from './customers';

export const EXPORTS_PAGE = 10;

export function* loadExportsSaga(action: PayloadAction<{ more?: boolean } | undefined>): SagaIterator {
  const append = action.payload?.more === true;
  const s = (yield select(selectExports)) as ExportsState;
  try {
    const page = (yield call(api.get, '/api/crm/exports', {
      query: { limit: EXPORTS_PAGE, beforeId: append ? s.nextBeforeId : null },
    })) as ExportPage;
    yield put(X.listLoaded({ ...page, append }));
  } catch {
    // Shown by the client; the list stays as it was.
    yield put(X.listFailed());
  }
}

export function* createExportSaga(action: PayloadAction<ExportRequest>): SagaIterator {
  const { format, password, customerIds } = action.payload;
  const c = (yield select(selectCustomers)) as CustomersState;
  const body = customerIds?.length
    ? { format, customerIds, password }
    : { format, filter: exportFilter(c.filters), password };
  try {
    const job = (yield call(api.post, '/api/crm/exports', body, quiet)) as ExportJobDto;
    yield put(X.created(job));
  } catch (e) {
    const f = failureOf(e);
    if (isApiError(e) && e.code === Code.WrongPassword)
      yield put(X.createFailed({ password: f.fieldErrors.password ?? f.message }));
    else if (f.fieldErrors.password) yield put(X.createFailed({ password: f.fieldErrors.password }));
    else yield put(X.createFailed({ message: Object.values(f.fieldErrors)[0] ?? f.message }));
  }
}

export function* downloadExportSaga(action: PayloadAction<ExportJobDto>): SagaIterator {
  const job = action.payload;
  try {
    const r = (yield call(api.download, `/api/crm/exports/${job.exportJobId}/file`)) as {
      blob: Blob;
      filename: string | null;
    };
    yield call(saveBlob, r.blob, r.filename ?? job.fileName);
  } catch {
    // Shown by the client.
  }
}

/** A notice (the export is ready) while the dialog is open refreshes the download list. */
export function* noticeSaga(): SagaIterator {
  const s = (yield select(selectExports)) as ExportsState;
  if (s.open) yield put(X.listRequested());
}

export function* exportsSaga(): SagaIterator {
  yield takeLatest(X.listRequested, loadExportsSaga);
  yield takeLatest(X.opened, loadExportsSaga);
  yield takeEvery(X.createRequested, createExportSaga);
  yield takeEvery(X.downloadRequested, downloadExportSaga);
  yield takeEvery(noticesActions.noticeReceived, noticeSaga);
}
