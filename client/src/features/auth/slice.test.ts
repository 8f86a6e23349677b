import type { Me, SessionUser } from '../../../../domain/api';
import { authActions as A, authReducer, initialAuthState } from './slice';

const user: SessionUser = { token: 't', username: 'merchant01', headImgUrl: '' };
const me: Me = {
  id: 2,
  account: 'merchant01',
  realName: 'M',
  email: null,
  level: 2,
  parentId: 1,
  menus: ['dashboards/rootdashboard'],
  expiresAt: null,
  headImgUrl: '',
};

describe('auth slice', () => {
  it('goes restoring -> authenticated -> anonymous', () => {
    let s = authReducer(initialAuthState, A.restoreRequested(user));
    expect(s).toMatchObject({ status: 'restoring', user });
    s = authReducer(s, A.sessionStarted({ user, me }));
    expect(s).toMatchObject({ status: 'authenticated', user, me });
    s = authReducer(s, A.sessionCleared());
    expect(s).toMatchObject({ status: 'anonymous', user: null, me: null });
  });

  it('marks a failed restore', () => {
    expect(authReducer(initialAuthState, A.restoreFailed()).status).toBe('error');
  });

  it('tracks a form through pending, failure and success', () => {
    let s = authReducer(
      initialAuthState,
      A.loginRequested({ account: 'a', password: 'b', remember: false, pledge: true }),
    );
    expect(s.forms.login).toEqual({ pending: true, error: null, fieldErrors: [], done: null });
    const fieldErrors = [{ path: 'account', message: 'bad' }];
    s = authReducer(s, A.formFailed({ form: 'login', error: 'Wrong', fieldErrors }));
    expect(s.forms.login).toEqual({ pending: false, error: 'Wrong', fieldErrors, done: null });
    s = authReducer(s, A.forgotRequested({ email: 'a@b.cn' }));
    s = authReducer(s, A.formSucceeded({ form: 'forgot', message: 'sent' }));
    expect(s.forms.forgot.done).toBe('sent');
    expect(s.forms.login.error).toBe('Wrong');
    s = authReducer(s, A.formReset('login'));
    expect(s.forms.login).toEqual(initialAuthState.forms.login);
  });
});
