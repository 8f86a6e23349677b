// Imports: recent jobs when the dialog opens, the upload, the report download, and a list reload
// when the followed job finishes.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { ImportProgress } from '../../../../../domain/events';
import { api } from '../../../api';
import { selectImports } from '../slice';
import { customersActions as C } from '../slice/customers';
import { importsActions as I, type ImportsState, type ImportUpload } from '../slice/imports';
import type { ImportJobDto } from '../types';
import { saveBlob, takeFile } from '../../../ui/uploads';
import { failureOf } from '../validation';
import { quiet } from './customers';

export const RECENT_IMPORTS = 5;

export function* loadJobsSaga(): SagaIterator {
  try {
    const r = (yield call(api.get, '/api/crm/imports', { query: { limit: RECENT_IMPORTS } })) as {
      items: ImportJobDto[];
    };
    yield put(I.jobsLoaded(r.items));
  } catch {
    // Shown by the client; the dialog still uploads.
  }
}

/** Whether the supplier key of option 4 is set (the key itself never comes back). */
export function* loadAesKeySaga(): SagaIterator {
  try {
    const r = (yield call(api.get, '/api/crm/imports/aes-key', quiet)) as { configured: boolean };
    yield put(I.aesKeyLoaded(r.configured));
  } catch {
    // The dialog still imports numbers in clear.
  }
}

export function* openedSaga(): SagaIterator {
  yield all([call(loadJobsSaga), call(loadAesKeySaga)]);
}

export function* uploadSaga(action: PayloadAction<ImportUpload>): SagaIterator {
  const { fileKey, option, params, password, aesKey } = action.payload;
  const file = (yield call(takeFile, fileKey)) as File | undefined;
  if (!file) return;
  if (aesKey) {
    // The supplier key first: the import reads it when it starts.
    try {
      yield call(api.put, '/api/crm/imports/aes-key', { key: aesKey }, { ...quiet, successToast: false });
      yield put(I.aesKeyLoaded(true));
    } catch (e) {
      const f = failureOf(e);
      yield put(I.uploadFailed(Object.values(f.fieldErrors)[0] ?? f.message));
      return;
    }
  }
  const form = new FormData();
  form.append('option', String(option));
  form.append('params', JSON.stringify(params));
  form.append('password', password);
  form.append('file', file);
  try {
    const job = (yield call(api.upload, '/api/crm/imports', form, {
      ...quiet,
      successToast: false,
    })) as ImportJobDto;
    yield put(I.jobStarted(job));
  } catch (e) {
    const f = failureOf(e);
    yield put(I.uploadFailed(Object.values(f.fieldErrors)[0] ?? f.message));
  }
}

/** The job followed by the dialog finished: new customers are in the list. */
export function* progressSaga(action: PayloadAction<ImportProgress>): SagaIterator {
  const s = (yield select(selectImports)) as ImportsState;
  if (action.payload.status === 'done' && action.payload.importJobId === s.current)
    yield put(C.listRequested());
}

export function* reportSaga(action: PayloadAction<number>): SagaIterator {
  try {
    const r = (yield call(api.download, `/api/crm/imports/${action.payload}/report`)) as {
      blob: Blob;
      filename: string | null;
    };
    yield call(saveBlob, r.blob, r.filename ?? `import-${action.payload}-report.csv`);
  } catch {
    // Shown by the client.
  }
}

export function* importsSaga(): SagaIterator {
  yield takeLatest(I.opened, openedSaga);
  // takeLeading: a second start while an upload is on its way is dropped, never a second import
  // (takeLatest would cancel the saga, not the request already sent).
  yield takeLeading(I.uploadRequested, uploadSaga);
  yield takeEvery(I.importProgress, progressSaga);
  yield takeEvery(I.reportRequested, reportSaga);
}
