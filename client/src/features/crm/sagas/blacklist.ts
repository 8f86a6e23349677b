// Blacklists: list by scope and phone prefix, add numbers (report refused ones), remove selected.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import { api } from '../../../api';
import { selectBlacklist } from '../slice';
import {
  BLACKLIST_PAGE,
  blacklistActions as B,
  type BlacklistAddResult,
  type BlacklistEntry,
  type BlacklistState,
} from '../slice/blacklist';

export function* loadBlacklistSaga(action: { type: string }): SagaIterator {
  const s = (yield select(selectBlacklist)) as BlacklistState;
  const append = action.type === B.moreRequested.type;
  if (append && !s.nextAfter) return;
  try {
    const page = (yield call(api.get, '/api/crm/blacklist', {
      query: {
        scope: s.scope,
        phone: s.phone.trim() || undefined,
        limit: BLACKLIST_PAGE,
        after: append ? s.nextAfter : undefined,
      },
    })) as { items: BlacklistEntry[]; nextAfter: number | null };
    yield put(B.listLoaded({ items: page.items, nextAfter: page.nextAfter, append }));
  } catch {
    yield put(B.listFailed());
  }
}

export function* addBlacklistSaga(action: PayloadAction<{ phones: string[]; reason: string }>): SagaIterator {
  const s = (yield select(selectBlacklist)) as BlacklistState;
  try {
    const r = (yield call(api.post, '/api/crm/blacklist', {
      scope: s.scope,
      ...action.payload,
    })) as BlacklistAddResult;
    yield put(B.addDone(r));
    yield put(B.listRequested());
  } catch {
    yield put(B.addFailed());
  }
}

export function* removeBlacklistSaga(action: PayloadAction<number[]>): SagaIterator {
  try {
    yield call(api.post, '/api/crm/blacklist/remove', { ids: action.payload });
    yield put(B.removed(action.payload));
  } catch {
    // Shown by the client.
  }
}

export function* blacklistSaga(): SagaIterator {
  yield takeLatest([B.listRequested.type, B.moreRequested.type], loadBlacklistSaga);
  yield takeLatest(B.addRequested, addBlacklistSaga);
  yield takeLatest(B.removeRequested, removeBlacklistSaga);
}
