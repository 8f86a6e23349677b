// Batch training: checks the chosen file (type, size) like the server, uploads it to
// POST /api/bots/:id/grade-set and keeps the table; a refusal shows the server's reason.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import { api } from '../../../api';
import { takeFile } from '../../../ui/uploads';
import { failureOf } from '../../crm/validation';
import { batchFileProblem } from '../model/batch';
import { batchActions as B, type GradeSetReply } from '../slice/batch';
import { quiet } from './list';

export function* gradeSetSaga(
  action: PayloadAction<{ botId: number; fileKey: string; fileName: string }>,
): SagaIterator {
  const { botId, fileKey } = action.payload;
  const file = (yield call(takeFile, fileKey)) as File | undefined;
  if (!file) {
    yield put(B.failed({ key: 'validation.file' }));
    return;
  }
  const problem = batchFileProblem(file);
  if (problem) {
    yield put(B.failed(problem));
    return;
  }
  const form = new FormData();
  form.append('file', file);
  try {
    const reply = (yield call(api.upload, `/api/bots/${botId}/grade-set`, form, {
      ...quiet,
      successToast: false,
    })) as GradeSetReply;
    yield put(B.graded(reply));
  } catch (e) {
    const f = failureOf(e);
    yield put(B.failed({ text: f.fieldErrors.file ?? f.message }));
  }
}

export function* batchSaga(): SagaIterator {
  yield takeLatest(B.uploadRequested.type, gradeSetSaga);
}
