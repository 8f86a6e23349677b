// Loads and saves the registration trial; a refused field's message (translated by the server) is
// shown under its field.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { RegistrationTrialDto } from '../../../../domain/registrationTrial';
import { api, isApiError } from '../../api';
import { registrationTrialActions as A } from './slice';

const URL_ = '/api/settings/registration-trial';
const quiet = { onError: () => undefined };

export function* loadSaga(): SagaIterator {
  try {
    yield put(A.loaded((yield call(api.get, URL_)) as RegistrationTrialDto));
  } catch {
    // Shown by the client.
  }
}

export function* saveSaga(action: PayloadAction<RegistrationTrialDto>): SagaIterator {
  try {
    const r = (yield call(api.put, URL_, action.payload, quiet)) as RegistrationTrialDto;
    yield put(A.saved({ value: r, at: Date.now() }));
  } catch (e) {
    if (!isApiError(e)) return void (yield put(A.saveFailed({ form: String(e) })));
    const errors: Record<string, string> = {};
    for (const f of e.fieldErrors) errors[f.path] = f.message;
    if (!e.fieldErrors.length) errors.form = e.message;
    yield put(A.saveFailed(errors));
  }
}

export function* registrationTrialSaga(): SagaIterator {
  yield all([takeLatest(A.loadRequested.type, loadSaga), takeLatest(A.saveRequested.type, saveSaga)]);
}
