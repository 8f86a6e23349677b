// Session state (who is logged in, what they may see) and the state of the auth forms.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  ChangePasswordRequest,
  FieldError,
  LoginRequest,
  Me,
  RegisterRequest,
  ResetRequest,
  SessionUser,
} from '../../../../domain/api';

/** restoring: a stored user exists and GET /api/auth/me is in flight; error: the server could not be reached. */
export type SessionStatus = 'anonymous' | 'restoring' | 'authenticated' | 'error';

export type FormName = 'login' | 'register' | 'verify' | 'forgot' | 'reset' | 'password';

export interface FormState {
  pending: boolean;
  error: string | null;
  fieldErrors: FieldError[];
  /** The server's success message, for forms that stay on screen (forgot, register). */
  done: string | null;
}

export interface AuthState {
  status: SessionStatus;
  user: SessionUser | null;
  me: Me | null;
  forms: Record<FormName, FormState>;
}

const idleForm: FormState = { pending: false, error: null, fieldErrors: [], done: null };

export const initialAuthState: AuthState = {
  status: 'anonymous',
  user: null,
  me: null,
  forms: {
    login: idleForm,
    register: idleForm,
    verify: idleForm,
    forgot: idleForm,
    reset: idleForm,
    password: idleForm,
  },
};

const start = (state: AuthState, form: FormName) => {
  state.forms[form] = { ...idleForm, pending: true };
};

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    restoreRequested(state, action: PayloadAction<SessionUser>) {
      state.status = 'restoring';
      state.user = action.payload;
    },
    restoreRetried() {},
    restoreFailed(state) {
      state.status = 'error';
    },
    sessionStarted(state, action: PayloadAction<{ user: SessionUser; me: Me }>) {
      state.status = 'authenticated';
      state.user = action.payload.user;
      state.me = action.payload.me;
    },
    /** Logout, revocation, login required, password change: the session is gone. */
    sessionCleared(state) {
      state.status = 'anonymous';
      state.user = null;
      state.me = null;
    },
    loginRequested(state, _action: PayloadAction<LoginRequest>) {
      start(state, 'login');
    },
    registerRequested(state, _action: PayloadAction<RegisterRequest>) {
      start(state, 'register');
    },
    /** The link mailed at registration: /register?verify=… */
    verifyRequested(state, _action: PayloadAction<{ token: string }>) {
      start(state, 'verify');
    },
    forgotRequested(state, _action: PayloadAction<{ email: string }>) {
      start(state, 'forgot');
    },
    resetRequested(state, _action: PayloadAction<ResetRequest>) {
      start(state, 'reset');
    },
    passwordChangeRequested(state, _action: PayloadAction<ChangePasswordRequest>) {
      start(state, 'password');
    },
    formSucceeded(state, action: PayloadAction<{ form: FormName; message?: string }>) {
      state.forms[action.payload.form] = { ...idleForm, done: action.payload.message ?? '' };
    },
    formFailed(state, action: PayloadAction<{ form: FormName; error: string; fieldErrors?: FieldError[] }>) {
      const { form, error, fieldErrors = [] } = action.payload;
      state.forms[form] = { ...idleForm, error, fieldErrors };
    },
    formReset(state, action: PayloadAction<FormName>) {
      state.forms[action.payload] = idleForm;
    },
    logoutRequested() {},
    /** The API client saw 10003/10004/102 (it already cleared storage and showed the message). */
    loginRequired() {},
    /** The socket said the server ended this session. */
    sessionRevoked(_state, _action: PayloadAction<{ code: number }>) {},
  },
});

export const authActions = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };
export const selectAuth = (s: WithAuth) => s.auth;
export const selectMe = (s: WithAuth) => s.auth.me;
export const selectStatus = (s: WithAuth) => s.auth.status;
// One stable selector per form, so hooks and saga `select` effects compare equal.
const formSelectors = Object.fromEntries(
  (Object.keys(initialAuthState.forms) as FormName[]).map((f) => [f, (s: WithAuth) => s.auth.forms[f]]),
) as Record<FormName, (s: WithAuth) => FormState>;
export const selectForm = (form: FormName) => formSelectors[form];
