// Loads notices when a session starts, marks them read, and toasts the ones the socket brings.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { NoticeDto } from '../../../../domain/api';
import { api } from '../../api';
import { i18n } from '../../app/i18n';
import { showToast } from '../../ui/toaster';
import { authActions } from '../auth/slice';
import { noticeTitle } from './render';
import { NOTICE_LIMIT, noticesActions as N } from './slice';

export function* loadNoticesSaga(): SagaIterator {
  yield put(N.noticesRequested());
  try {
    const data = (yield call(api.get, '/api/notices', { query: { limit: NOTICE_LIMIT } })) as {
      items: NoticeDto[];
      unread: number;
    };
    yield put(N.noticesLoaded(data));
  } catch {
    yield put(N.noticesFailed());
  }
}

export function* markReadSaga(action: PayloadAction<number>): SagaIterator {
  try {
    yield call(api.post, `/api/notices/${action.payload}/read`, undefined, { successToast: false });
    yield put(N.noticeMarkedRead({ id: action.payload, readAt: new Date().toISOString() }));
  } catch {
    // The client already showed the error; the notice simply stays unread.
  }
}

export function* noticeToastSaga(action: PayloadAction<NoticeDto>): SagaIterator {
  // In the language chosen when it arrives (a toast is gone before anyone switches).
  const title = noticeTitle(action.payload, i18n.t);
  yield call(showToast, 'info', i18n.t('notices:newNotice', { title }));
}

export function* noticesSaga(): SagaIterator {
  yield takeLatest(authActions.sessionStarted, loadNoticesSaga);
  yield takeEvery(N.markReadRequested, markReadSaga);
  yield takeEvery(N.noticeReceived, noticeToastSaga);
}
