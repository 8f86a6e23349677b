// Every saga of the bot pages.
import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { assetsSaga } from './assets';
import { batchSaga } from './batch';
import { editorSaga } from './editor';
import { listSaga } from './list';
import { settingsSaga } from './settings';
import { trainingSaga } from './training';

export function* botsSaga(): SagaIterator {
  yield all([
    fork(listSaga),
    fork(editorSaga),
    fork(trainingSaga),
    fork(assetsSaga),
    fork(settingsSaga),
    fork(batchSaga),
  ]);
}
