// Work reminders: list by status, "load more", mark handled, and a toast when one falls due.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { FollowUpDto } from '../../../../../domain/crm';
import { formatDateTime } from '../../../../../domain/format';
import { api } from '../../../api';
import { i18n } from '../../../app/i18n';
import { showToast } from '../../../ui/toaster';
import { followUpDetails } from '../labels';
import { selectReminders } from '../slice';
import { REMINDER_PAGE, remindersActions as R, type RemindersState } from '../slice/reminders';
import type { ReminderDto } from '../types';

export function* loadRemindersSaga(action: { type: string }): SagaIterator {
  const s = (yield select(selectReminders)) as RemindersState;
  const append = action.type === R.moreRequested.type;
  if (append && !s.nextBefore) return;
  try {
    const page = (yield call(api.get, '/api/crm/reminders', {
      query: { status: s.status, limit: REMINDER_PAGE, before: append ? s.nextBefore : undefined },
    })) as { items: ReminderDto[]; nextBefore: number | null };
    yield put(R.listLoaded({ status: s.status, items: page.items, nextBefore: page.nextBefore, append }));
  } catch {
    yield put(R.listFailed());
  }
}

export function* handleReminderSaga(action: PayloadAction<number>): SagaIterator {
  try {
    yield call(api.post, `/api/crm/reminders/${action.payload}/handle`, undefined, { successToast: false });
    yield put(R.reminderHandled(action.payload));
  } catch {
    // Shown by the client; the reminder stays pending.
  }
}

export function* reminderDueToastSaga(action: PayloadAction<FollowUpDto>): SagaIterator {
  const r = action.payload;
  yield call(
    showToast,
    'info',
    i18n.t('crm:reminders.dueToast', {
      time: formatDateTime(r.remindAt ?? r.createdAt),
      details: followUpDetails(r, i18n),
    }),
  );
}

export function* remindersSaga(): SagaIterator {
  yield takeLatest([R.listRequested.type, R.moreRequested.type], loadRemindersSaga);
  yield takeEvery(R.handleRequested, handleReminderSaga);
  yield takeEvery(R.reminderDue, reminderDueToastSaga);
}
