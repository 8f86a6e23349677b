// The customer drawer: load the timeline (and mark the customer read), add follow-ups and reminders.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { FollowUpDto } from '../../../../../domain/crm';
import { api } from '../../../api';
import { selectFollowUps } from '../slice';
import { customersActions as C } from '../slice/customers';
import { TIMELINE_PAGE, followUpsActions as F, type FollowUpsState } from '../slice/followUps';
import type { FollowUpInput, TimelinePage } from '../types';
import { failureOf } from '../validation';
import { quiet } from './customers';

export function* loadTimelineSaga(action: { type: string }): SagaIterator {
  const s = (yield select(selectFollowUps)) as FollowUpsState;
  const customerId = s.customerId;
  const append = action.type === F.moreRequested.type;
  if (customerId === null || (append && !s.nextBefore)) return;
  try {
    const page = (yield call(api.get, `/api/crm/customers/${customerId}/follow-ups`, {
      query: { limit: TIMELINE_PAGE, before: append ? s.nextBefore : undefined },
    })) as TimelinePage;
    yield put(F.timelineLoaded({ customerId, items: page.items, nextBefore: page.nextBefore, append }));
  } catch {
    yield put(F.timelineFailed());
  }
}

export function* markReadSaga(action: PayloadAction<number>): SagaIterator {
  try {
    yield call(api.post, `/api/crm/customers/${action.payload}/read`, undefined, {
      successToast: false,
      onError: () => undefined,
    });
  } catch {
    // Read status is a convenience: a failure changes nothing the user is doing.
  }
}

export function* addFollowUpSaga(
  action: PayloadAction<{ customerId: number; input: FollowUpInput }>,
): SagaIterator {
  const { customerId, input } = action.payload;
  try {
    const r = (yield call(api.post, `/api/crm/customers/${customerId}/follow-ups`, input, quiet)) as {
      record: FollowUpDto;
      stageChange: FollowUpDto | null;
    };
    yield put(F.followUpAdded(r));
    yield put(C.followUpWritten(r.record));
  } catch (e) {
    yield put(F.addFailed(failureOf(e)));
  }
}

export function* followUpsSaga(): SagaIterator {
  yield takeLatest([F.drawerOpened.type, F.moreRequested.type], loadTimelineSaga);
  yield takeEvery(F.drawerOpened, markReadSaga);
  yield takeLatest(F.addRequested, addFollowUpSaga);
}
