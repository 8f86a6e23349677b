import { call, put, select } from 'redux-saga/effects';
import type { LoginRequest, LoginResponse, Me } from '../../../../domain/api';
import { api, ApiError } from '../../api';
import { clearSession, loadUser, saveSession } from '../../api/sessionStore';
import { i18n } from '../../app/i18n';
import { currentPath, navigate } from '../../app/navigation';
import { showToast } from '../../ui/toaster';
import {
  QUIET,
  changePasswordSaga,
  endSession,
  loginRequiredSaga,
  loginSaga,
  logoutSaga,
  registerSaga,
  restoreSaga,
  sessionRevokedSaga,
  verifySaga,
} from './sagas';
import { authActions as A, initialAuthState, selectForm } from './slice';

// import.meta (Vite) does not exist under Jest's CommonJS transform.
jest.mock('../../app/env', () => ({ API_BASE: '' }));

const user = { token: 't', username: 'merchant01', headImgUrl: '' };
const me = { id: 2, account: 'merchant01', menus: ['dashboards/rootdashboard'] } as Me;
const loginBody: LoginRequest = { account: 'merchant01', password: 'demo1234', remember: true, pledge: true };

describe('loginSaga', () => {
  it('posts, stores the session, starts it and enters the shell', () => {
    const g = loginSaga(A.loginRequested(loginBody));
    expect(g.next().value).toEqual(call(api.post, '/api/auth/login', loginBody, QUIET));
    const reply: LoginResponse = { user, me };
    expect(g.next(reply).value).toEqual(call(saveSession, user, true));
    expect(g.next().value).toEqual(put(A.formSucceeded({ form: 'login' })));
    expect(g.next().value).toEqual(put(A.sessionStarted(reply)));
    expect(g.next().value).toEqual(call(navigate, '/rootmain', { replace: true }));
    expect(g.next().done).toBe(true);
  });

  it('shows the server message in the form on failure', () => {
    const g = loginSaga(A.loginRequested(loginBody));
    g.next();
    const err = new ApiError('Wrong account or password', 40001, 'envelope');
    expect(g.throw(err).value).toEqual(
      put(A.formFailed({ form: 'login', error: 'Wrong account or password', fieldErrors: [] })),
    );
  });
});

describe('restoreSaga', () => {
  it('does nothing without a stored user', () => {
    const g = restoreSaga();
    expect(g.next().value).toEqual(call(loadUser));
    expect(g.next(null).done).toBe(true);
  });

  it('asks the server who we are', () => {
    const g = restoreSaga();
    g.next();
    expect(g.next(user).value).toEqual(put(A.restoreRequested(user)));
    expect(g.next().value).toEqual(call(api.get, '/api/auth/me', QUIET));
    expect(g.next(me).value).toEqual(put(A.sessionStarted({ user, me })));
  });

  it('leaves login-required replies to the API client, and marks other failures', () => {
    const g1 = restoreSaga();
    g1.next();
    g1.next(user);
    g1.next();
    expect(g1.throw(new ApiError('expired', 10004, 'envelope')).done).toBe(true);
    const g2 = restoreSaga();
    g2.next();
    g2.next(user);
    g2.next();
    expect(g2.throw(new ApiError('offline', 0, 'network')).value).toEqual(put(A.restoreFailed()));
  });
});

describe('ending a session', () => {
  it('endSession clears storage and state, toasts, and goes to /login', () => {
    const g = endSession({ kind: 'info', message: 'bye' });
    expect(g.next().value).toEqual(call(clearSession));
    expect(g.next().value).toEqual(put(A.sessionCleared()));
    expect(g.next().value).toEqual(call(showToast, 'info', 'bye'));
    expect(g.next().value).toEqual(call(navigate, '/login', { replace: true }));
  });

  it('logout tells the server, then ends the session even if the server fails', () => {
    const g = logoutSaga();
    expect(g.next().value).toEqual(call(api.post, '/api/auth/logout', undefined, QUIET));
    expect(g.throw(new ApiError('offline', 0, 'network')).value).toEqual(
      call(endSession, { kind: 'info', message: i18n.t('shell:loggedOut') }),
    );
  });

  it('a revoked session ends with the translated message, unless a password change is under way', () => {
    const g = sessionRevokedSaga();
    expect(g.next().value).toEqual(select(selectForm('password')));
    expect(g.next(initialAuthState.forms.password).value).toEqual(
      call(endSession, { kind: 'error', message: i18n.t('errors:sessionRevoked') }),
    );
    const busy = sessionRevokedSaga();
    busy.next();
    expect(busy.next({ ...initialAuthState.forms.password, pending: true }).done).toBe(true);
  });

  it('login required: the shell goes to /login, a public page stays', () => {
    const g = loginRequiredSaga();
    expect(g.next().value).toEqual(put(A.sessionCleared()));
    expect(g.next().value).toEqual(call(currentPath));
    expect(g.next('/rootmain/crm/sea').value).toEqual(call(navigate, '/login', { replace: true }));
    const p = loginRequiredSaga();
    p.next();
    p.next();
    expect(p.next('/forgot').done).toBe(true);
  });
});

describe('changePasswordSaga', () => {
  const body = { kind: 'login' as const, oldPassword: 'demo1234', password: 'newpass1', confirm: 'newpass1' };

  it('a login password change ends the session with a success message', () => {
    const g = changePasswordSaga(A.passwordChangeRequested(body));
    expect(g.next().value).toEqual(call(api.post, '/api/auth/password', body, QUIET));
    expect(g.next({ loggedOut: true }).value).toEqual(put(A.formSucceeded({ form: 'password' })));
    expect(g.next().value).toEqual(
      call(endSession, { kind: 'success', message: i18n.t('shell:password.loginChanged') }),
    );
  });

  it('an export password change only confirms; a wrong old password shows in the form', () => {
    const g = changePasswordSaga(A.passwordChangeRequested({ ...body, kind: 'export' }));
    g.next();
    g.next({ loggedOut: false });
    expect(g.next().value).toEqual(call(showToast, 'success', i18n.t('shell:password.exportChanged')));
    const bad = changePasswordSaga(A.passwordChangeRequested(body));
    bad.next();
    expect(bad.throw(new ApiError('Wrong old password', 40008, 'envelope')).value).toEqual(
      put(A.formFailed({ form: 'password', error: 'Wrong old password', fieldErrors: [] })),
    );
  });
});

describe('registration (issue 21)', () => {
  const body = {
    account: 'newuser01',
    password: 'secret12',
    confirm: 'secret12',
    email: 'n@example.test',
    realName: '新用户',
    pledge: true,
  };

  it('register stays on the page and says to check the e-mail (no navigation to /login)', () => {
    const g = registerSaga(A.registerRequested(body));
    expect(g.next().value).toEqual(call(api.post, '/api/auth/register', body, QUIET));
    expect(g.next().value).toEqual(
      put(A.formSucceeded({ form: 'register', message: i18n.t('auth:register.sent') })),
    );
    expect(g.next().done).toBe(true);
  });

  it('the mailed link verifies, then goes to /login; a dead link shows in the page', () => {
    const g = verifySaga(A.verifyRequested({ token: 't'.repeat(43) }));
    expect(g.next().value).toEqual(call(api.post, '/api/auth/verify', { token: 't'.repeat(43) }, QUIET));
    expect(g.next().value).toEqual(put(A.formSucceeded({ form: 'verify' })));
    expect(g.next().value).toEqual(call(showToast, 'success', i18n.t('auth:verify.done')));
    expect(g.next().value).toEqual(call(navigate, '/login', { replace: true }));
    const bad = verifySaga(A.verifyRequested({ token: 'x'.repeat(43) }));
    bad.next();
    expect(bad.throw(new ApiError('链接无效', 40007, 'envelope')).value).toEqual(
      put(A.formFailed({ form: 'verify', error: '链接无效', fieldErrors: [] })),
    );
  });
});
