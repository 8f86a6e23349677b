// Browser-side session of SPEC §4: the session user (token, username, head image) and the
// remember-me flag live in localStorage; the server keeps the HttpOnly `Auth` cookie itself.
import type { SessionUser } from '../../../domain/api';

export const USER_KEY = 'user';
export const REMEMBER_KEY = 'remember';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const browserStore = (): KeyValueStore | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

const isSessionUser = (v: unknown): v is SessionUser =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as SessionUser).token === 'string' &&
  typeof (v as SessionUser).username === 'string';

export function loadUser(store: KeyValueStore | undefined = browserStore()): SessionUser | null {
  const raw = store?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    return isSessionUser(v) ? { ...v, headImgUrl: v.headImgUrl ?? '' } : null;
  } catch {
    return null;
  }
}

export const loadToken = (store: KeyValueStore | undefined = browserStore()): string | null =>
  loadUser(store)?.token ?? null;

export const loadRemember = (store: KeyValueStore | undefined = browserStore()): boolean =>
  store?.getItem(REMEMBER_KEY) === 'true';

export function saveSession(
  user: SessionUser,
  remember: boolean,
  store: KeyValueStore | undefined = browserStore(),
): void {
  store?.setItem(USER_KEY, JSON.stringify(user));
  store?.setItem(REMEMBER_KEY, String(remember));
}

/** Forget the session: SPEC §8 also clears the remember-me flag. */
export function clearSession(store: KeyValueStore | undefined = browserStore()): void {
  store?.removeItem(USER_KEY);
  store?.removeItem(REMEMBER_KEY);
}
