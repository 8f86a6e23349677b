// Side effects of the session: login, restore on start, logout, register, forgot/reset, password change.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import {
  LOGIN_REQUIRED_CODES,
  type ChangePasswordRequest,
  type LoginRequest,
  type LoginResponse,
  type Me,
  type RegisterRequest,
  type ResetRequest,
  type SessionUser,
} from '../../../../domain/api';
import { SHELL_PATH } from '../../../../domain/menus';
import { api, isApiError, type RequestOptions } from '../../api';
import { clearSession, loadUser, saveSession } from '../../api/sessionStore';
import { i18n } from '../../app/i18n';
import { currentPath, navigate } from '../../app/navigation';
import { showToast } from '../../ui/toaster';
import { authActions as A, selectForm, type FormName, type FormState } from './slice';

const ignore = (): void => undefined;
/** The form shows the error itself, so no toast. */
export const FORM_ERRORS: RequestOptions = { onError: ignore };
export const QUIET: RequestOptions = { onError: ignore, successToast: false };

export const failure = (form: FormName, e: unknown) => ({
  form,
  error: e instanceof Error ? e.message : String(e),
  fieldErrors: isApiError(e) ? e.fieldErrors : [],
});

const isLoginRequired = (e: unknown): boolean => isApiError(e) && LOGIN_REQUIRED_CODES.includes(e.code);

export function* loginSaga(action: PayloadAction<LoginRequest>): SagaIterator {
  try {
    const data = (yield call(api.post, '/api/auth/login', action.payload, QUIET)) as LoginResponse;
    yield call(saveSession, data.user, action.payload.remember);
    yield put(A.formSucceeded({ form: 'login' }));
    yield put(A.sessionStarted(data));
    yield call(navigate, SHELL_PATH, { replace: true });
  } catch (e) {
    yield put(A.formFailed(failure('login', e)));
  }
}

/** On start (and on retry): a stored user means a session may still be alive; ask the server who we are. */
export function* restoreSaga(): SagaIterator {
  const user = (yield call(loadUser)) as SessionUser | null;
  if (!user) return;
  yield put(A.restoreRequested(user));
  try {
    const me = (yield call(api.get, '/api/auth/me', QUIET)) as Me;
    yield put(A.sessionStarted({ user, me }));
  } catch (e) {
    // A login-required reply was already handled by the API client (loginRequired action).
    if (!isLoginRequired(e)) yield put(A.restoreFailed());
  }
}

/** Leave the session: storage, state, then the login page. */
export function* endSession(
  toast: { kind: 'success' | 'error' | 'info'; message: string } | null,
): SagaIterator {
  yield call(clearSession);
  yield put(A.sessionCleared());
  if (toast) yield call(showToast, toast.kind, toast.message);
  yield call(navigate, '/login', { replace: true });
}

export function* logoutSaga(): SagaIterator {
  try {
    yield call(api.post, '/api/auth/logout', undefined, QUIET);
  } catch {
    // The session ends locally whatever the server says.
  }
  yield call(endSession, { kind: 'info', message: i18n.t('shell:loggedOut') });
}

/** The API client already showed the message and cleared storage. Public pages (e.g. a reset link
 * opened with a stale stored user) stay where they are; the shell goes to /login. */
export function* loginRequiredSaga(): SagaIterator {
  yield put(A.sessionCleared());
  const path = (yield call(currentPath)) as string;
  if (path.startsWith(SHELL_PATH)) yield call(navigate, '/login', { replace: true });
}

export function* sessionRevokedSaga(): SagaIterator {
  // A login-password change kicks this session too; its own saga ends the session with a better message.
  const password = (yield select(selectForm('password'))) as FormState;
  if (password.pending) return;
  yield call(endSession, { kind: 'error', message: i18n.t('errors:sessionRevoked') });
}

/** The reply is always "check your e-mail" (the server never says what exists): the page says so
 * and stays; the mailed link (/register?verify=…) finishes the registration. */
export function* registerSaga(action: PayloadAction<RegisterRequest>): SagaIterator {
  try {
    yield call(api.post, '/api/auth/register', action.payload, QUIET);
    yield put(A.formSucceeded({ form: 'register', message: i18n.t('auth:register.sent') }));
  } catch (e) {
    yield put(A.formFailed(failure('register', e)));
  }
}

export function* verifySaga(action: PayloadAction<{ token: string }>): SagaIterator {
  try {
    yield call(api.post, '/api/auth/verify', action.payload, QUIET);
    yield put(A.formSucceeded({ form: 'verify' }));
    yield call(showToast, 'success', i18n.t('auth:verify.done'));
    yield call(navigate, '/login', { replace: true });
  } catch (e) {
    yield put(A.formFailed(failure('verify', e)));
  }
}

export function* forgotSaga(action: PayloadAction<{ email: string }>): SagaIterator {
  try {
    yield call(api.post, '/api/auth/forgot', action.payload, QUIET);
    yield put(A.formSucceeded({ form: 'forgot', message: i18n.t('auth:forgot.sent') }));
  } catch (e) {
    yield put(A.formFailed(failure('forgot', e)));
  }
}

export function* resetSaga(action: PayloadAction<ResetRequest>): SagaIterator {
  try {
    yield call(api.post, '/api/auth/reset', action.payload, QUIET);
    yield put(A.formSucceeded({ form: 'reset' }));
    yield call(showToast, 'success', i18n.t('auth:reset.done'));
    yield call(navigate, '/login', { replace: true });
  } catch (e) {
    yield put(A.formFailed(failure('reset', e)));
  }
}

export function* changePasswordSaga(action: PayloadAction<ChangePasswordRequest>): SagaIterator {
  try {
    yield call(api.post, '/api/auth/password', action.payload, QUIET);
    yield put(A.formSucceeded({ form: 'password' }));
    if (action.payload.kind === 'login') {
      // The server revoked every session of the account, this one included.
      yield call(endSession, { kind: 'success', message: i18n.t('shell:password.loginChanged') });
    } else {
      yield call(showToast, 'success', i18n.t('shell:password.exportChanged'));
    }
  } catch (e) {
    yield put(A.formFailed(failure('password', e)));
  }
}

export function* authSaga(): SagaIterator {
  yield takeLatest(A.loginRequested, loginSaga);
  yield takeLatest(A.restoreRetried, restoreSaga);
  yield takeLatest(A.logoutRequested, logoutSaga);
  yield takeLatest(A.loginRequired, loginRequiredSaga);
  yield takeLatest(A.sessionRevoked, sessionRevokedSaga);
  yield takeLatest(A.registerRequested, registerSaga);
  yield takeLatest(A.verifyRequested, verifySaga);
  yield takeLatest(A.forgotRequested, forgotSaga);
  yield takeLatest(A.resetRequested, resetSaga);
  yield takeLatest(A.passwordChangeRequested, changePasswordSaga);
  yield call(restoreSaga);
}
