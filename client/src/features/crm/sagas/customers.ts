// My customers: list and "load more", save, focus, batch delete, tags, release to the sea.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { CustomerDto, TagDto } from '../../../../../domain/crm';
import { api } from '../../../api';
import { i18n } from '../../../app/i18n';
import { showToast } from '../../../ui/toaster';
import { customerQuery } from '../query';
import { selectCustomers } from '../slice';
import { PAGE_SIZE, customersActions as C, type CustomersState } from '../slice/customers';
import type { CustomerInput, CustomerPage } from '../types';
import { failureOf } from '../validation';

/** Form requests show their errors in the dialog, not as a toast. */
export const quiet = { onError: () => undefined };

export function* loadCustomersSaga(action: { type: string }): SagaIterator {
  const append = action.type === C.moreRequested.type;
  const s = (yield select(selectCustomers)) as CustomersState;
  if (append && !s.next) return;
  try {
    const page = (yield call(api.get, '/api/crm/customers', {
      query: customerQuery(s.filters, PAGE_SIZE, append ? s.next : null),
    })) as CustomerPage;
    yield put(C.listLoaded({ items: page.items, next: page.next, append }));
  } catch (e) {
    yield put(C.listFailed(failureOf(e).message));
  }
}

export function* loadTagsSaga(): SagaIterator {
  try {
    const tags = (yield call(api.get, '/api/crm/tags')) as TagDto[];
    yield put(C.tagsLoaded(tags));
  } catch {
    // The client already showed the error; the tag lists stay as they were.
  }
}

export function* createTagSaga(action: PayloadAction<string>): SagaIterator {
  try {
    const tag = (yield call(
      api.post,
      '/api/crm/tags',
      { name: action.payload },
      { successToast: false },
    )) as TagDto;
    yield put(C.tagCreated(tag));
  } catch {
    // Shown by the client.
  }
}

/** Sends only what may be sent: a hidden phone cannot change, so it is left out. */
export function* saveCustomerSaga(
  action: PayloadAction<{ id: number | null; input: CustomerInput }>,
): SagaIterator {
  const { id, input } = action.payload;
  const body = { ...input, remarks: input.remarks.filter((r) => r.trim() !== '') };
  if (body.phone === undefined) delete body.phone;
  try {
    const customer = (yield id === null
      ? call(api.post, '/api/crm/customers', body, quiet)
      : call(api.put, `/api/crm/customers/${id}`, body, quiet)) as CustomerDto;
    yield put(C.customerSaved({ customer, created: id === null }));
  } catch (e) {
    yield put(C.requestFailed(failureOf(e)));
  }
}

export function* focusSaga(action: PayloadAction<{ id: number; focus: boolean }>): SagaIterator {
  const { id, focus } = action.payload;
  try {
    yield call(api.post, `/api/crm/customers/${id}/focus`, { focus }, { successToast: false });
    yield put(C.focusChanged({ id, focus }));
  } catch {
    // Shown by the client; the star keeps its old state.
  }
}

export function* deleteSaga(action: PayloadAction<{ ids: number[]; confirm: string }>): SagaIterator {
  try {
    const r = (yield call(api.post, '/api/crm/customers/delete', action.payload, quiet)) as {
      deleted: number;
    };
    yield put(C.customersRemoved(action.payload.ids));
    yield call(showToast, 'success', i18n.t('crm:customers.deleted', { count: r.deleted }));
  } catch (e) {
    yield put(C.requestFailed(failureOf(e)));
  }
}

export function* assignTagsSaga(
  action: PayloadAction<{ customerIds: number[]; add: number[]; remove: number[] }>,
): SagaIterator {
  try {
    yield call(api.post, '/api/crm/customers/tags', action.payload, quiet);
    yield put(C.tagsAssigned(action.payload));
  } catch (e) {
    yield put(C.requestFailed(failureOf(e)));
  }
}

export function* releaseSaga(action: PayloadAction<number[]>): SagaIterator {
  try {
    const r = (yield call(api.post, '/api/crm/sea/release', { customerIds: action.payload })) as {
      released: number;
      skipped: number;
      ids: number[];
    };
    yield put(C.customersRemoved(r.ids));
    yield call(
      showToast,
      'success',
      i18n.t('crm:sea.released', { released: r.released, skipped: r.skipped }),
    );
  } catch {
    // Shown by the client.
  }
}

export function* customersSaga(): SagaIterator {
  yield takeLatest([C.listRequested.type, C.moreRequested.type], loadCustomersSaga);
  yield takeLatest(C.tagsRequested, loadTagsSaga);
  yield takeEvery(C.tagCreateRequested, createTagSaga);
  yield takeLatest(C.saveRequested, saveCustomerSaga);
  yield takeEvery(C.focusRequested, focusSaga);
  yield takeLatest(C.deleteRequested, deleteSaga);
  yield takeLatest(C.tagAssignRequested, assignTagsSaga);
  yield takeLatest(C.releaseRequested, releaseSaga);
}
