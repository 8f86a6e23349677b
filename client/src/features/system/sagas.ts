// User management side effects: the subtree (every page of /api/accounts), the assignable roles,
// saves (field errors shown in the form), enable/disable, typed delete and password reset.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest, takeEvery } from 'redux-saga/effects';
import type { AccountDto, RoleDto } from '../../../../domain/api';
import { api } from '../../api';
import { failureOf } from '../telephony/sagas';
import { selectSystem, systemActions as S, type RoleInput, type SystemState, type UserSave } from './slice';

const URL = '/api/accounts';
const ROLES = '/api/roles';
const PAGE = 200;
/** The tree is drawn from the whole subtree; beyond this many accounts the list says it stops. */
export const MAX_ACCOUNTS = 5000;
const quiet = { onError: () => undefined };

export function* loadUsersSaga(): SagaIterator {
  try {
    const all: AccountDto[] = [];
    let afterId: number | null = null;
    do {
      const page = (yield call(api.get, URL, {
        query: { limit: PAGE, afterId: afterId ?? undefined },
      })) as { items: AccountDto[]; nextAfterId: number | null };
      all.push(...page.items);
      afterId = page.nextAfterId;
    } while (afterId !== null && all.length < MAX_ACCOUNTS);
    yield put(S.usersLoaded(all));
  } catch {
    yield put(S.usersFailed());
  }
  yield call(loadRolesSaga);
}

export function* loadRolesSaga(): SagaIterator {
  try {
    // The roles page's menu may be missing: then the form offers the roles the accounts already have.
    const roles = (yield call(api.get, ROLES, quiet)) as RoleDto[];
    yield put(S.rolesLoaded(roles));
  } catch {
    yield put(S.rolesLoaded([]));
  }
}

export function* roleSaveSaga(action: PayloadAction<{ id: number | null; input: RoleInput }>): SagaIterator {
  const { id, input } = action.payload;
  try {
    const role = (
      id === null
        ? yield call(api.post, ROLES, input, quiet)
        : yield call(api.put, `${ROLES}/${id}`, input, quiet)
    ) as RoleDto;
    yield put(S.roleSaved(role));
  } catch (e) {
    yield put(S.roleSaveFailed(failureOf(e)));
  }
}

export function* roleDeleteSaga(): SagaIterator {
  const s = (yield select(selectSystem)) as SystemState;
  const id = s.roleDeleting.id;
  if (!id) return;
  try {
    yield call(api.delete, `${ROLES}/${id}`, { body: { confirm: 'delete' }, ...quiet });
    yield put(S.roleDeleted(id));
  } catch (e) {
    yield put(S.roleDeleteFailed(failureOf(e).message));
  }
}

export function* saveSaga(action: PayloadAction<UserSave>): SagaIterator {
  const { id, input } = action.payload;
  try {
    const item = (
      id === null
        ? yield call(api.post, URL, input, quiet)
        : yield call(api.put, `${URL}/${id}`, input, quiet)
    ) as AccountDto;
    yield put(S.saved(item));
  } catch (e) {
    yield put(S.saveFailed(failureOf(e)));
  }
}

export function* disabledSaga(action: PayloadAction<{ id: number; disabled: boolean }>): SagaIterator {
  try {
    const item = (yield call(api.put, `${URL}/${action.payload.id}`, {
      disabled: action.payload.disabled,
    })) as AccountDto;
    yield put(S.userUpdated(item));
  } catch {
    // Shown by the client.
  }
}

export function* deleteSaga(): SagaIterator {
  const s = (yield select(selectSystem)) as SystemState;
  const id = s.deleting.id;
  if (!id) return;
  try {
    yield call(api.delete, `${URL}/${id}`, { body: { confirm: 'delete' }, ...quiet });
    yield put(S.deleted(id));
  } catch (e) {
    yield put(S.deleteFailed(failureOf(e).message));
  }
}

export function* passwordSaga(
  action: PayloadAction<{ id: number; password: string; confirm: string }>,
): SagaIterator {
  const { id, ...body } = action.payload;
  try {
    yield call(api.post, `${URL}/${id}/password`, body, quiet);
    yield put(S.passwordClosed());
  } catch (e) {
    yield put(S.passwordFailed(failureOf(e)));
  }
}

export function* systemSaga(): SagaIterator {
  yield takeLatest(S.usersRequested, loadUsersSaga);
  yield takeLatest(S.saveRequested, saveSaga);
  yield takeEvery(S.disabledRequested, disabledSaga);
  yield takeLatest(S.deleteRequested, deleteSaga);
  yield takeLatest(S.passwordRequested, passwordSaga);
  yield takeLatest(S.rolesRequested, loadRolesSaga);
  yield takeLatest(S.roleSaveRequested, roleSaveSaga);
  yield takeLatest(S.roleDeleteRequested, roleDeleteSaga);
}
