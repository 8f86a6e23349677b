// The Redux store: slices, saga middleware (no thunks), and the API client's login-required hook.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { setLoginRequiredHandler } from '../api';
import { authActions, authReducer } from '../features/auth/slice';
import { botsReducer } from '../features/bots/slice';
import { crmReducer } from '../features/crm/slice';
import { dashboardReducer } from '../features/dashboard/slice';
import { wallboardReducer } from '../features/wallboard/slice';
import { platformPanelReducer } from '../features/platformPanel/slice';
import { noticesReducer } from '../features/notices/slice';
import { telephonyReducer } from '../features/telephony/slice';
import { tasksReducer } from '../features/tasks/slice';
import { taskBatchReducer } from '../features/tasks/batchSlice';
import { callRecordsReducer } from '../features/callrecords/slice';
import { pushesReducer } from '../features/pushes/slice';
import { shieldsReducer } from '../features/shields/slice';
import { seatsReducer } from '../features/seats/slice';
import { callinReducer } from '../features/callin/slice';
import { offersReducer } from '../features/seats/offerSlice';
import { seatDeskReducer } from '../features/seatdesk/slice';
import { softphoneReducer } from '../features/softphone/slice';
import { outboundReducer } from '../features/outbound/slice';
import { registrationTrialReducer } from '../features/registrationTrial/slice';
import { systemReducer } from '../features/system/slice';
import { statisticsReducer } from '../features/statistics/slice';
import { merchantsReducer } from '../features/merchants/slice';
import { financeReducer } from '../features/finance/slice';
import { userShowReducer } from '../features/usershow/slice';
import { rootSaga } from './rootSaga';

export const rootReducer = combineReducers({
  auth: authReducer,
  notices: noticesReducer,
  dashboard: dashboardReducer,
  wallboard: wallboardReducer,
  platformPanel: platformPanelReducer,
  crm: crmReducer,
  bots: botsReducer,
  telephony: telephonyReducer,
  tasks: tasksReducer,
  taskBatch: taskBatchReducer,
  callRecords: callRecordsReducer,
  pushes: pushesReducer,
  shields: shieldsReducer,
  seats: seatsReducer,
  callin: callinReducer,
  seatOffers: offersReducer,
  seatDesk: seatDeskReducer,
  softphone: softphoneReducer,
  outbound: outboundReducer,
  registrationTrial: registrationTrialReducer,
  system: systemReducer,
  statistics: statisticsReducer,
  merchants: merchantsReducer,
  finance: financeReducer,
  usershow: userShowReducer,
});

export function createAppStore() {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (gDM) => gDM({ thunk: false }).concat(sagaMiddleware),
  });
  setLoginRequiredHandler(() => store.dispatch(authActions.loginRequired()));
  sagaMiddleware.run(rootSaga);
  return store;
}

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
