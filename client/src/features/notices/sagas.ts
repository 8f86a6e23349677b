// Loads notices when a session starts, marks them read, and toasts the ones the socket brings.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { NoticeDto } from '../../../../domain/api';
import { api } from '../../api';
import { i18n } from '../../app/i18n';
import { showToast } from '../../ui/toaster';
import { saveBlob } from '../../ui/uploads';
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

/** A notice's file (an export, an import's report); a gone file is a 404 the client shows. */
export function* fileSaga(action: PayloadAction<{ path: string; fileName: string | null }>): SagaIterator {
  try {
    const r = (yield call(api.download, action.payload.path)) as { blob: Blob; filename: string | null };
    yield call(saveBlob, r.blob, r.filename ?? action.payload.fileName ?? 'download');
  } catch {
    // Shown by the client.
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
  yield takeEvery(N.fileRequested, fileSaga);
  yield takeEvery(N.noticeReceived, noticeToastSaga);
}
