// Every feature's saga, started once with the store.
import type { SagaIterator } from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { authSaga } from '../features/auth/sagas';
import { botsSaga } from '../features/bots/sagas';
import { crmSaga } from '../features/crm/sagas';
import { dashboardSaga } from '../features/dashboard/sagas';
import { wallboardSaga } from '../features/wallboard/sagas';
import { platformPanelSaga } from '../features/platformPanel/sagas';
import { noticesSaga } from '../features/notices/sagas';
import { telephonySaga } from '../features/telephony/sagas';
import { tasksSaga } from '../features/tasks/sagas';
import { taskBatchSaga } from '../features/tasks/batchSagas';
import { callRecordsSaga } from '../features/callrecords/sagas';
import { pushesSaga } from '../features/pushes/sagas';
import { shieldsSaga } from '../features/shields/sagas';
import { seatsSaga } from '../features/seats/sagas';
import { callinSaga } from '../features/callin/sagas';
import { seatDeskSaga } from '../features/seatdesk/sagas';
import { softphoneSaga } from '../features/softphone/sagas';
import { outboundSaga } from '../features/outbound/sagas';
import { registrationTrialSaga } from '../features/registrationTrial/sagas';
import { systemSaga } from '../features/system/sagas';
import { statisticsSaga } from '../features/statistics/sagas';
import { merchantsSaga } from '../features/merchants/sagas';
import { financeSaga } from '../features/finance/sagas';
import { userShowSaga } from '../features/usershow/sagas';
import { socketSaga } from '../socket/saga';

export function* rootSaga(): SagaIterator {
  // The socket watcher must be listening before authSaga restores a session.
  yield all([
    fork(socketSaga),
    fork(noticesSaga),
    fork(dashboardSaga),
    fork(wallboardSaga),
    fork(platformPanelSaga),
    fork(crmSaga),
    fork(botsSaga),
    fork(telephonySaga),
    fork(tasksSaga),
    fork(taskBatchSaga),
    fork(callRecordsSaga),
    fork(pushesSaga),
    fork(shieldsSaga),
    fork(seatsSaga),
    fork(callinSaga),
    fork(seatDeskSaga),
    fork(softphoneSaga),
    fork(outboundSaga),
    fork(registrationTrialSaga),
    fork(systemSaga),
    fork(statisticsSaga),
    fork(merchantsSaga),
    fork(financeSaga),
    fork(userShowSaga),
    fork(authSaga),
  ]);
}
