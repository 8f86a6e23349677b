// Reception scenes side effects: the list with the form's options, saves (field errors shown in the
// form) and typed deletes.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { SceneDto } from '../../../../domain/scenes';
import { api } from '../../api';
import { failureOf } from '../seats/sagas';
import {
  callinActions as A,
  selectCallin,
  type CallinState,
  type SaveScene,
  type SceneOptions,
} from './slice';

const URL = '/api/scenes';
const quiet = { onError: () => undefined };

export function* loadSaga(): SagaIterator {
  try {
    const [scenes, options] = (yield all([call(api.get, URL), call(api.get, `${URL}/options`)])) as [
      SceneDto[],
      SceneOptions,
    ];
    yield put(A.scenesLoaded({ scenes, options }));
  } catch (e) {
    yield put(A.scenesFailed(failureOf(e).message));
  }
}

export function* saveSaga(action: PayloadAction<SaveScene>): SagaIterator {
  const { id, input } = action.payload;
  try {
    const item = (
      id === null
        ? yield call(api.post, URL, input, quiet)
        : yield call(api.put, `${URL}/${id}`, input, quiet)
    ) as SceneDto;
    yield put(A.saved(item));
  } catch (e) {
    yield put(A.saveFailed(failureOf(e)));
  }
}

export function* deleteSaga(): SagaIterator {
  const s = (yield select(selectCallin)) as CallinState;
  const id = s.deleting.id;
  if (!id) return;
  try {
    yield call(api.delete, `${URL}/${id}`, { body: { confirm: 'delete' }, ...quiet });
    yield put(A.deleted(id));
  } catch (e) {
    yield put(A.deleteFailed(failureOf(e).message));
  }
}

export function* callinSaga(): SagaIterator {
  yield takeLatest(A.scenesRequested, loadSaga);
  yield takeLatest(A.saveRequested, saveSaga);
  yield takeLatest(A.deleteRequested, deleteSaga);
}
