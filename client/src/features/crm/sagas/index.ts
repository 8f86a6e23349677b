// Every saga of the customer center.
import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { allocationSaga } from './allocation';
import { blacklistSaga } from './blacklist';
import { exportsSaga } from './exports';
import { importsSaga } from './imports';
import { importGuideSaga } from './importGuide';
import { customerCallsSaga } from './customerCalls';
import { customersSaga } from './customers';
import { followUpsSaga } from './followUps';
import { remindersSaga } from './reminders';
import { seaSaga } from './sea';
import { seaSettingsSaga } from './seaSettings';
import { tagAdminSaga } from './tagAdmin';

export function* crmSaga(): SagaIterator {
  yield all([
    fork(customersSaga),
    fork(followUpsSaga),
    fork(customerCallsSaga),
    fork(remindersSaga),
    fork(seaSaga),
    fork(allocationSaga),
    fork(blacklistSaga),
    fork(importsSaga),
    fork(importGuideSaga),
    fork(exportsSaga),
    fork(tagAdminSaga),
    fork(seaSettingsSaga),
  ]);
}
