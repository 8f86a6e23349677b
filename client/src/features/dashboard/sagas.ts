// Fetches the dashboard summary when the page asks for it.
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { DashboardSummary } from '../../../../domain/api';
import { api } from '../../api';
import { dashboardActions as D } from './slice';

export function* loadSummarySaga(): SagaIterator {
  try {
    const summary = (yield call(api.get, '/api/dashboard/summary')) as DashboardSummary;
    yield put(D.summaryLoaded(summary));
  } catch (e) {
    yield put(D.summaryFailed(e instanceof Error ? e.message : String(e)));
  }
}

export function* dashboardSaga(): SagaIterator {
  yield takeLatest(D.summaryRequested, loadSummarySaga);
}
