// User info side effects: the account choices (the latest search wins) and the chosen account's card
// (the latest choice wins).
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import { api } from '../../api';
import type { AccountChoice, AccountInfo } from '../../../../domain/accountInfo';
import { selectUserShow, userShowActions as S, type UserShowState } from './slice';

export const CHOICES_PAGE = 50;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function* loadChoicesSaga(a: ReturnType<typeof S.choicesRequested>): SagaIterator {
  const more = !!a.payload.more;
  try {
    const s = (yield select(selectUserShow)) as UserShowState;
    const query: Record<string, string | number> = { limit: CHOICES_PAGE };
    if (a.payload.q.trim()) query.q = a.payload.q.trim();
    if (more && s.choices.nextAfterId) query.afterId = s.choices.nextAfterId;
    const r = (yield call(api.get, '/api/account-info/choices', { query, onError: () => undefined })) as {
      items: AccountChoice[];
      nextAfterId: number | null;
    };
    yield put(S.choicesLoaded({ ...r, more }));
  } catch (e) {
    yield put(S.choicesFailed(message(e)));
  }
}

export function* loadInfoSaga(a: ReturnType<typeof S.infoRequested>): SagaIterator {
  try {
    const data = (yield call(api.get, `/api/account-info/${a.payload}`, {
      onError: () => undefined,
    })) as AccountInfo;
    yield put(S.infoLoaded(data));
  } catch (e) {
    yield put(S.infoFailed(message(e)));
  }
}

export function* userShowSaga(): SagaIterator {
  yield takeLatest(S.choicesRequested, loadChoicesSaga);
  yield takeLatest(S.infoRequested, loadInfoSaga);
}
