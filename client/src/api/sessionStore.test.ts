import { USER_KEY, clearSession, loadRemember, loadToken, loadUser, saveSession } from './sessionStore';

function memoryStore() {
  const m = new Map<string, string>();
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe('session store', () => {
  it('saves, loads and clears the user and remember flag', () => {
    const s = memoryStore();
    expect(loadUser(s)).toBeNull();
    saveSession({ token: 'abc', username: 'superadmin', headImgUrl: '' }, true, s);
    expect(loadUser(s)).toEqual({ token: 'abc', username: 'superadmin', headImgUrl: '' });
    expect(loadToken(s)).toBe('abc');
    expect(loadRemember(s)).toBe(true);
    clearSession(s);
    expect(s.m.size).toBe(0);
    expect(loadRemember(s)).toBe(false);
  });

  it('ignores garbage in storage', () => {
    const s = memoryStore();
    s.setItem(USER_KEY, '{not json');
    expect(loadUser(s)).toBeNull();
    s.setItem(USER_KEY, JSON.stringify({ token: 1 }));
    expect(loadToken(s)).toBeNull();
  });
});
