// Shields side effects: lists with keyset paging, adds and the file import (replies shown in their
// dialogs), typed deletes, the shield rules, the dialing defaults (field errors in the form) and quotas.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type {
  AddNumbersResult,
  CallBlacklistEntryDto,
  DayShieldDto,
  DialDefaultsInput,
  DialSettingsDto,
  PagedDto,
  QuotaRowDto,
} from '../../../../domain/shields';
import { api, isApiError } from '../../api';
import { takeFile } from '../../ui/uploads';
import { PAGE_SIZE, selectShields, shieldsActions as A, type ShieldsState } from './slice';

const quiet = { onError: () => undefined };

/** The message and the per-field messages of a failed request. */
export function failureOf(e: unknown): { message: string; fieldErrors: Record<string, string> } {
  if (!isApiError(e)) return { message: e instanceof Error ? e.message : String(e), fieldErrors: {} };
  const fieldErrors: Record<string, string> = {};
  for (const f of e.fieldErrors) fieldErrors[f.path] ??= f.message;
  return { message: e.message, fieldErrors };
}
/** One line for a dialog: the first field's reason (e.g. the file's), else the message. */
const oneLine = (e: unknown) => {
  const f = failureOf(e);
  return Object.values(f.fieldErrors)[0] ?? f.message;
};

export function* listSaga(
  action: PayloadAction<{ list: 'blacklist' | 'shields'; phone?: string; more?: boolean }>,
): SagaIterator {
  const { list, more = false } = action.payload;
  const s = (yield select(selectShields)) as ShieldsState;
  const l = s[list];
  const query = {
    limit: PAGE_SIZE,
    phone: l.phone || undefined,
    before: more ? (l.nextBefore ?? undefined) : undefined,
  };
  try {
    if (list === 'blacklist') {
      const page = (yield call(api.get, '/api/shields/blacklist', {
        query,
      })) as PagedDto<CallBlacklistEntryDto>;
      yield put(A.blacklistLoaded({ ...page, more }));
    } else {
      const page = (yield call(api.get, '/api/shields/day', { query })) as PagedDto<DayShieldDto> & {
        day: string;
      };
      yield put(A.shieldsLoaded({ ...page, more }));
    }
  } catch {
    yield put(A.listFailed(list));
  }
}

export function* blacklistAddSaga(action: PayloadAction<{ phone: string; reason: string }>): SagaIterator {
  try {
    const r = (yield call(api.post, '/api/shields/blacklist', action.payload, {
      ...quiet,
      successToast: false,
    })) as AddNumbersResult;
    yield put(A.adderDone({ key: 'blacklistAdd', result: r }));
    yield put(A.listRequested({ list: 'blacklist' }));
  } catch (e) {
    yield put(A.adderFailed({ key: 'blacklistAdd', error: oneLine(e) }));
  }
}

export function* blacklistImportSaga(
  action: PayloadAction<{ fileKey: string; reason: string }>,
): SagaIterator {
  const file = takeFile(action.payload.fileKey);
  if (!file) return;
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('reason', action.payload.reason);
  try {
    const r = (yield call(api.upload, '/api/shields/blacklist/import', form, {
      ...quiet,
      successToast: false,
    })) as AddNumbersResult;
    yield put(A.adderDone({ key: 'blacklistImport', result: r }));
    yield put(A.listRequested({ list: 'blacklist' }));
  } catch (e) {
    yield put(A.adderFailed({ key: 'blacklistImport', error: oneLine(e) }));
  }
}

export function* shieldAddSaga(action: PayloadAction<{ phone: string }>): SagaIterator {
  try {
    const r = (yield call(api.post, '/api/shields/day', action.payload, {
      ...quiet,
      successToast: false,
    })) as AddNumbersResult;
    yield put(A.adderDone({ key: 'shieldAdd', result: r }));
    yield put(A.listRequested({ list: 'shields' }));
  } catch (e) {
    yield put(A.adderFailed({ key: 'shieldAdd', error: oneLine(e) }));
  }
}

export function* removeSaga(action: PayloadAction<'blacklistRemove' | 'shieldRemove'>): SagaIterator {
  const key = action.payload;
  const { ids } = ((yield select(selectShields)) as ShieldsState)[key];
  if (!ids.length) return;
  try {
    if (key === 'shieldRemove')
      yield all(
        ids.map((id) =>
          call(api.delete, `/api/shields/day/${id}`, { body: { confirm: 'delete' }, ...quiet }),
        ),
      );
    else if (ids.length === 1)
      yield call(api.delete, `/api/shields/blacklist/${ids[0]}`, { body: { confirm: 'delete' }, ...quiet });
    else yield call(api.delete, '/api/shields/blacklist', { body: { ids, confirm: 'delete' }, ...quiet });
    yield put(A.removeDone(key));
  } catch (e) {
    yield put(A.removeFailed({ key, error: failureOf(e).message }));
  }
}

export function* settingsSaga(): SagaIterator {
  try {
    yield put(A.settingsLoaded((yield call(api.get, '/api/shields/settings')) as DialSettingsDto));
  } catch (e) {
    yield put(A.settingsFailed(failureOf(e)));
  }
}

export function* rulesSaga(action: PayloadAction<number[]>): SagaIterator {
  try {
    const r = (yield call(
      api.put,
      '/api/shields/rules',
      { levels: action.payload },
      quiet,
    )) as DialSettingsDto;
    yield put(A.settingsLoaded(r));
  } catch (e) {
    yield put(A.settingsFailed(failureOf(e)));
  }
}

export function* defaultsSaga(action: PayloadAction<DialDefaultsInput>): SagaIterator {
  try {
    const r = (yield call(api.put, '/api/shields/settings', action.payload, quiet)) as DialSettingsDto;
    yield put(A.settingsLoaded(r));
  } catch (e) {
    yield put(A.settingsFailed(failureOf(e)));
  }
}

export function* quotasSaga(): SagaIterator {
  try {
    yield put(A.quotasLoaded((yield call(api.get, '/api/shields/quotas')) as QuotaRowDto[]));
  } catch {
    yield put(A.quotasFailed());
  }
}

export function* quotaSaveSaga(
  action: PayloadAction<{ accountId: number; concurrencyQuota: number | null }>,
): SagaIterator {
  const { accountId, concurrencyQuota } = action.payload;
  try {
    const r = (yield call(
      api.put,
      `/api/shields/quotas/${accountId}`,
      { concurrencyQuota },
      quiet,
    )) as QuotaRowDto;
    yield put(A.quotaSaved(r));
  } catch (e) {
    yield put(A.quotaFailed(oneLine(e)));
  }
}

export function* shieldsSaga(): SagaIterator {
  yield takeLatest(A.listRequested, listSaga);
  yield takeEvery(A.blacklistAddRequested, blacklistAddSaga);
  yield takeLatest(A.blacklistImportRequested, blacklistImportSaga);
  yield takeEvery(A.shieldAddRequested, shieldAddSaga);
  yield takeLatest(A.removeRequested, removeSaga);
  yield takeLatest(A.settingsRequested, settingsSaga);
  yield takeLatest(A.rulesSaveRequested, rulesSaga);
  yield takeLatest(A.defaultsSaveRequested, defaultsSaga);
  yield takeLatest(A.quotasRequested, quotasSaga);
  yield takeEvery(A.quotaSaveRequested, quotaSaveSaga);
}
