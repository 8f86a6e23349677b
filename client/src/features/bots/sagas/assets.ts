// Question learning (list, learn) and recordings (list, upload a WAV, play).
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { LearningRow, RecordingRow } from '../../../../../domain/bot/api';
import { api } from '../../../api';
import { i18n } from '../../../app/i18n';
import { takeFile } from '../../../ui/uploads';
import { failureOf } from '../../crm/validation';
import { playBlob } from '../audio';
import { assetsActions as A, type LearnTarget } from '../slice/assets';
import { quiet } from './list';

export function* loadLearningSaga(action: PayloadAction<{ botId: number; learned: boolean }>): SagaIterator {
  try {
    const rows = (yield call(api.get, `/api/bots/${action.payload.botId}/learning`, {
      query: { learned: action.payload.learned },
    })) as LearningRow[];
    yield put(A.learningLoaded(rows));
  } catch {
    yield put(A.learningFailed());
  }
}

export function* learnSaga(
  action: PayloadAction<{ botId: number; lid: number; target: LearnTarget }>,
): SagaIterator {
  const { botId, lid, target } = action.payload;
  try {
    const row = (yield call(api.post, `/api/bots/${botId}/learning/${lid}/learn`, { target })) as LearningRow;
    yield put(A.learned(row));
  } catch {
    // Shown by the client.
  }
}

export function* loadRecordingsSaga(action: PayloadAction<number>): SagaIterator {
  try {
    const rows = (yield call(api.get, `/api/bots/${action.payload}/recordings`)) as RecordingRow[];
    yield put(A.recordingsLoaded(rows));
  } catch {
    yield put(A.recordingsFailed());
  }
}

export function* uploadSaga(
  action: PayloadAction<{ botId: number; promptKey: string; fileKey: string }>,
): SagaIterator {
  const { botId, promptKey, fileKey } = action.payload;
  const file = takeFile(fileKey);
  if (!file) return;
  const form = new FormData();
  form.append('file', file);
  form.append('promptKey', promptKey);
  try {
    const row = (yield call(api.upload, `/api/bots/${botId}/recordings`, form, quiet)) as RecordingRow;
    yield put(A.uploaded(row));
  } catch (e) {
    const f = failureOf(e);
    yield put(
      A.uploadFailed({
        promptKey,
        message: Object.values(f.fieldErrors)[0] ?? f.message ?? i18n.t('errors:unknown'),
      }),
    );
  }
}

export function* playSaga(action: PayloadAction<number>): SagaIterator {
  try {
    const r = (yield call(api.download, `/api/bots/recordings/${action.payload}/audio`)) as { blob: Blob };
    yield call(playBlob, r.blob);
  } catch {
    // Shown by the client.
  }
}

export function* assetsSaga(): SagaIterator {
  yield takeLatest(A.learningRequested, loadLearningSaga);
  yield takeEvery(A.learnRequested, learnSaga);
  yield takeLatest(A.recordingsRequested, loadRecordingsSaga);
  yield takeEvery(A.uploadRequested, uploadSaga);
  yield takeLatest(A.playRequested, playSaga);
}
