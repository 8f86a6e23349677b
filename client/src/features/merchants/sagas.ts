// Merchant management side effects: the merchants (every page of /api/merchants), the roles and
// menus the editor may hand out, saves (field errors shown in the form) and the settlement lock.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { RoleDto } from '../../../../domain/api';
import type { MerchantDto } from '../../../../domain/merchants';
import { api } from '../../api';
import { failureOf } from '../telephony/sagas';
import { merchantsActions as M, selectMerchants, type MerchantSave, type MerchantsState } from './slice';

const URL = '/api/merchants';
const PAGE = 200;
/** Beyond this many merchants the page says it stops. */
export const MAX_MERCHANTS = 5000;
const quiet = { onError: () => undefined };

export function* loadSaga(): SagaIterator {
  try {
    const all: MerchantDto[] = [];
    let afterId: number | null = null;
    do {
      const page = (yield call(api.get, URL, {
        query: { limit: PAGE, afterId: afterId ?? undefined },
      })) as { items: MerchantDto[]; nextAfterId: number | null };
      all.push(...page.items);
      afterId = page.nextAfterId;
    } while (afterId !== null && all.length < MAX_MERCHANTS);
    yield put(M.listLoaded(all));
  } catch {
    yield put(M.listFailed());
    return;
  }
  let roles: RoleDto[];
  try {
    // The roles page's menu may be missing: then the form offers the roles the merchants already have.
    roles = (yield call(api.get, '/api/roles', quiet)) as RoleDto[];
  } catch {
    roles = [];
  }
  try {
    const grantable = (yield call(api.get, `${URL}/grantable-menus`)) as string[];
    yield put(M.choicesLoaded({ roles, grantable }));
  } catch {
    yield put(M.choicesLoaded({ roles, grantable: [] }));
  }
}

export function* saveSaga(action: PayloadAction<MerchantSave>): SagaIterator {
  const { id, input } = action.payload;
  try {
    const item = (
      id === null
        ? yield call(api.post, URL, input, quiet)
        : yield call(api.put, `${URL}/${id}`, input, quiet)
    ) as MerchantDto;
    yield put(M.saved(item));
  } catch (e) {
    yield put(M.saveFailed(failureOf(e)));
  }
}

export function* lockSaga(): SagaIterator {
  const s = (yield select(selectMerchants)) as MerchantsState;
  const id = s.lock.id;
  if (!id) return;
  try {
    // Errors are shown by the API client (SPEC §8).
    const item = (yield call(api.put, `${URL}/${id}/settlement-lock`, {
      locked: true,
      confirm: true,
    })) as MerchantDto;
    yield put(M.locked(item));
  } catch {
    yield put(M.lockFailed());
  }
}

export function* merchantsSaga(): SagaIterator {
  yield takeLatest(M.listRequested, loadSaga);
  yield takeLatest(M.saveRequested, saveSaga);
  yield takeLatest(M.lockRequested, lockSaga);
}
