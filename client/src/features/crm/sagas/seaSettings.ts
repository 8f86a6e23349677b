// Sea settings: read when the dialog opens, saved with the server's checks shown in the form.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import { api } from '../../../api';
import { seaSettingsActions as S } from '../slice/seaSettings';
import type { SeaSettingsDto, SeaSettingsInput } from '../types';
import { failureOf, seaSettingsBody } from '../validation';
import { quiet } from './customers';

export function* loadSeaSettingsSaga(): SagaIterator {
  try {
    const settings = (yield call(api.get, '/api/crm/sea/settings')) as SeaSettingsDto;
    yield put(S.loaded(settings));
  } catch {
    // Shown by the client.
  }
}

export function* saveSeaSettingsSaga(action: PayloadAction<SeaSettingsInput>): SagaIterator {
  try {
    const settings = (yield call(
      api.put,
      '/api/crm/sea/settings',
      seaSettingsBody(action.payload),
      quiet,
    )) as SeaSettingsDto;
    yield put(S.saved(settings));
  } catch (e) {
    const f = failureOf(e);
    const named = Object.keys(f.fieldErrors).length > 0;
    yield put(S.saveFailed({ fieldErrors: f.fieldErrors, message: named ? null : f.message }));
  }
}

export function* seaSettingsSaga(): SagaIterator {
  yield takeLatest(S.opened, loadSeaSettingsSaga);
  yield takeLatest(S.saveRequested, saveSeaSettingsSaga);
}
