// Login, session binding, logout and expiry against the real server, PostgreSQL and Redis.
import { ApiClient } from '../../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform({ config: { trustProxy: true } });
});
afterAll(() => p.close());

const client = () => new ApiClient(p.url);

describe('login', () => {
  it('logs in by account and sets a safe Auth cookie plus a header token', async () => {
    const c = client();
    const r = await c.login('merchant01');
    expect(r.body.code).toBe(200);
    expect(r.body.data!.user.username).toBe('merchant01');
    expect(r.body.data!.me.level).toBe(2);
    const cookie = r.headers.getSetCookie().find((x) => x.startsWith('Auth='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/max-age|expires/i); // no remember me: a browser-session cookie
    // 256-bit random tokens, and the two secrets differ.
    expect(Buffer.from(r.body.data!.user.token, 'base64url').length).toBe(32);
    expect(Buffer.from(c.cookie!, 'base64url').length).toBe(32);
    expect(c.cookie).not.toBe(c.token);
    expect((await c.get('/api/auth/me')).body.data).toMatchObject({ account: 'merchant01', level: 2 });
  });

  it('logs in by e-mail, case-insensitively', async () => {
    const r = await client().login('Operator01@CallPlat.local');
    expect(r.body.code).toBe(200);
    expect(r.body.data!.me.account).toBe('operator01');
  });

  it('remember me keeps the cookie for 30 days', async () => {
    const r = await client().login('operator01', 'demo1234', true);
    const cookie = r.headers.getSetCookie().find((x) => x.startsWith('Auth='))!;
    const expires = Date.parse(/expires=([^;]+)/i.exec(cookie)![1]!);
    expect(expires - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(30 * 86_400_000 + 5000);
  });

  it('refuses a wrong password with 40001 and the same reply for an unknown account', async () => {
    const a = await client().request(
      'POST',
      '/api/auth/login',
      { account: 'merchant01', password: 'nope12345', remember: false, pledge: true },
      { 'x-forwarded-for': '10.9.0.1' },
    );
    const b = await client().request(
      'POST',
      '/api/auth/login',
      { account: 'nosuchuser', password: 'nope12345', remember: false, pledge: true },
      { 'x-forwarded-for': '10.9.0.1' },
    );
    expect(a.body).toEqual({ code: 40001, message: '账号或密码错误', data: null });
    expect(b.body).toEqual(a.body);
  });

  it('requires the pledge and validates types', async () => {
    const c = client();
    expect(
      (await c.post('/api/auth/login', { account: 'merchant01', password: 'demo1234', pledge: false })).body
        .code,
    ).toBe(40004);
    const bad = await c.post('/api/auth/login', { account: 12, password: null, pledge: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
    expect((bad.body.data as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual([
      'account',
      'password',
      'pledge',
    ]);
    const notJson = await c.request('POST', '/api/auth/login', '{oops', {});
    expect(notJson.status).toBe(400);
    expect(notJson.body.code).toBe(400);
  });

  it('answers in English when asked', async () => {
    const c = client();
    c.lang = 'en';
    const r = await c.post('/api/auth/login', { account: 'merchant01', password: 'wrong123', pledge: true });
    expect(r.body.message).toBe('Wrong account or password');
  });

  it('refuses expired (40002) and disabled (40003) accounts, but only to someone who knows the password', async () => {
    await p.db
      .knex('accounts')
      .where({ account: 'operator01' })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await client().login('operator01')).body.code).toBe(40002);
    expect((await client().login('operator01', 'wrongpass')).body.code).toBe(40001);
    await p.db
      .knex('accounts')
      .where({ account: 'operator01' })
      .update({ expires_at: new Date(Date.now() + 86_400_000), disabled: true });
    expect((await client().login('operator01')).body.code).toBe(40003);
    await p.db.knex('accounts').where({ account: 'operator01' }).update({ disabled: false });
    expect((await client().login('operator01')).body.code).toBe(200);
  });
});

describe('the session pair', () => {
  it('needs both the cookie and the header token bound to it', async () => {
    const a = client();
    await a.login('merchant01');
    const b = client();
    await b.login('merchant01');

    const headerOnly = client();
    headerOnly.token = a.token; // a script that read storage, elsewhere
    expect((await headerOnly.get('/api/auth/me')).body.code).toBe(10003);

    const cookieOnly = client();
    cookieOnly.cookie = a.cookie; // a cross-site request: the browser sends the cookie, no header
    expect((await cookieOnly.get('/api/auth/me')).body.code).toBe(10003);

    const mixed = client();
    mixed.cookie = a.cookie;
    mixed.token = b.token; // another session's token
    const r = await mixed.get('/api/auth/me');
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(10003);
  });

  it('logout revokes the session at once (102) and leaves other sessions alone', async () => {
    const a = client();
    await a.login('merchant01');
    const b = client();
    await b.login('merchant01');
    const cookie = a.cookie;
    expect((await a.post('/api/auth/logout')).body.code).toBe(200);
    a.cookie = cookie;
    expect((await a.get('/api/auth/me')).body.code).toBe(102);
    expect((await b.get('/api/auth/me')).body.code).toBe(200);
  });

  it('expires idle sessions (10004) but keeps remembered ones up to their limit', async () => {
    const idle = client();
    await idle.login('merchant01');
    const kept = client();
    await kept.login('merchant01', 'demo1234', true);
    const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000);
    await p.db.knex('sessions').update({ last_seen_at: threeHoursAgo });
    expect((await idle.get('/api/auth/me')).body.code).toBe(10004);
    expect((await kept.get('/api/auth/me')).body.code).toBe(200);
    await p.db
      .knex('sessions')
      .whereNull('revoked_at')
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await kept.get('/api/auth/me')).body.code).toBe(10004);
  });

  it('ends the sessions of an account that expires while logged in', async () => {
    const c = client();
    await c.login('operator01');
    await p.db
      .knex('accounts')
      .where({ account: 'operator01' })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await c.get('/api/auth/me')).body.code).toBe(102);
    await p.db
      .knex('accounts')
      .where({ account: 'operator01' })
      .update({ expires_at: new Date(Date.now() + 86_400_000) });
  });
});
