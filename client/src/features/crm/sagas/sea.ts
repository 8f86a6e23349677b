// The customer sea: list with filters and "load more", claim selected customers.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import { api } from '../../../api';
import { i18n } from '../../../app/i18n';
import { showToast } from '../../../ui/toaster';
import { seaQuery } from '../query';
import { selectSea } from '../slice';
import { SEA_PAGE, seaActions as S, type SeaState } from '../slice/sea';
import type { SeaCustomerDto } from '../../../../../domain/crm';

export function* loadSeaSaga(action: { type: string }): SagaIterator {
  const s = (yield select(selectSea)) as SeaState;
  const append = action.type === S.moreRequested.type;
  if (append && !s.nextBefore) return;
  try {
    const page = (yield call(api.get, '/api/crm/sea', {
      query: seaQuery(s.filters, SEA_PAGE, append ? s.nextBefore : null),
    })) as { items: SeaCustomerDto[]; nextBefore: number | null };
    yield put(S.listLoaded({ items: page.items, nextBefore: page.nextBefore, append }));
  } catch {
    yield put(S.listFailed());
  }
}

/** Over the daily limit the server refuses the whole claim with a message (the client toasts it). */
export function* claimSaga(action: PayloadAction<number[]>): SagaIterator {
  try {
    const r = (yield call(
      api.post,
      '/api/crm/sea/claim',
      { customerIds: action.payload },
      { successToast: false },
    )) as {
      claimed: number[];
      missed: number[];
      remaining: number;
    };
    yield put(S.claimDone(r));
    yield call(
      showToast,
      'success',
      i18n.t('crm:sea.claimed', {
        claimed: r.claimed.length,
        missed: r.missed.length,
        remaining: r.remaining,
      }),
    );
  } catch {
    yield put(S.claimFailed());
  }
}

export function* seaSaga(): SagaIterator {
  yield takeLatest([S.listRequested.type, S.moreRequested.type], loadSeaSaga);
  yield takeLatest(S.claimRequested, claimSaga);
}
