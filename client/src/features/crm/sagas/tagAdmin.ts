// Tags and tag groups: groups when the dialog opens, create/update/delete, then a reload of the groups
// and of the tags every page shows. A refusal (409 duplicate name) stays in the form.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { TagGroupDto } from '../../../../../domain/crm';
import { api } from '../../../api';
import { customersActions as C } from '../slice/customers';
import { tagAdminActions as T, type TagEntity, type TagSave, type TagTarget } from '../slice/tagAdmin';
import { failureOf } from '../validation';
import { quiet } from './customers';

const base = (entity: TagEntity) => (entity === 'group' ? '/api/crm/tag-groups' : '/api/crm/tags');

export function* loadGroupsSaga(): SagaIterator {
  try {
    const groups = (yield call(api.get, '/api/crm/tag-groups')) as TagGroupDto[];
    yield put(T.groupsLoaded(groups));
  } catch {
    // Shown by the client.
  }
}

function* reloadSaga(): SagaIterator {
  yield call(loadGroupsSaga);
  yield put(C.tagsRequested());
}

export function* saveTagSaga(action: PayloadAction<TagSave>): SagaIterator {
  const { entity, id, body } = action.payload;
  try {
    if (id === null) yield call(api.post, base(entity), body, quiet);
    else yield call(api.put, `${base(entity)}/${id}`, body, quiet);
    yield put(T.saved());
    yield call(reloadSaga);
  } catch (e) {
    const f = failureOf(e);
    const named = Object.keys(f.fieldErrors).length > 0;
    yield put(T.saveFailed({ entity, fields: f.fieldErrors, message: named ? null : f.message }));
  }
}

export function* deleteTagSaga(action: PayloadAction<TagTarget>): SagaIterator {
  const { entity, id } = action.payload;
  try {
    yield call(api.delete, `${base(entity)}/${id}`);
  } catch {
    // Shown by the client as a toast.
  }
  yield put(T.deleted());
  yield call(reloadSaga);
}

export function* tagAdminSaga(): SagaIterator {
  yield takeLatest(T.opened, reloadSaga);
  yield takeLatest(T.saveRequested, saveTagSaga);
  yield takeEvery(T.deleteRequested, deleteTagSaga);
}
