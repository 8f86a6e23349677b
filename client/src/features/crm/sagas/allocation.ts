// Allocation: load the subordinate accounts, hand the selected customers over, reload the list.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { AccountDto } from '../../../../../domain/api';
import { api } from '../../../api';
import { i18n } from '../../../app/i18n';
import { showToast } from '../../../ui/toaster';
import { allocationActions as A, type AllocateRequest } from '../slice/allocation';
import { customersActions as C } from '../slice/customers';
import { failureOf } from '../validation';
import { quiet } from './customers';

export const ACCOUNT_LIMIT = 200;

export function* loadAccountsSaga(): SagaIterator {
  try {
    const r = (yield call(api.get, '/api/accounts', { query: { limit: ACCOUNT_LIMIT } })) as {
      items: AccountDto[];
    };
    yield put(A.accountsLoaded(r.items));
  } catch {
    yield put(A.accountsFailed());
  }
}

export function* allocateSaga(action: PayloadAction<AllocateRequest>): SagaIterator {
  try {
    const r = (yield call(api.post, '/api/crm/customers/allocate', action.payload, {
      ...quiet,
      successToast: false,
    })) as { allocated: { accountId: number; count: number }[] };
    yield put(A.allocated());
    const count = r.allocated.reduce((a, x) => a + x.count, 0);
    yield call(showToast, 'success', i18n.t('crm:allocate.done', { count, accounts: r.allocated.length }));
    yield put(C.listRequested());
  } catch (e) {
    yield put(A.allocateFailed(failureOf(e)));
  }
}

export function* allocationSaga(): SagaIterator {
  yield takeLatest(A.opened, loadAccountsSaga);
  yield takeLatest(A.allocateRequested, allocateSaga);
}
