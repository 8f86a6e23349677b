// Failed logins are limited per account (from one IP), per IP, and per account overall; every block
// ends with its window, and the owner on another IP is not locked out.
import { ApiClient } from '../../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';

let p: TestPlatform;
// Long enough for five password checks on a loaded CI machine (a 2 s window expired before the fifth
// failure counted, and the sixth attempt got in).
const WINDOW_S = 6;
beforeAll(async () => {
  p = await startTestPlatform({
    config: { trustProxy: true, rateLimit: { windowSeconds: WINDOW_S, perAccount: 5, perIp: 30 } },
  });
});
afterAll(() => p.close());

const attempt = (ip: string, account: string, password: string) =>
  new ApiClient(p.url).request(
    'POST',
    '/api/auth/login',
    { account, password, remember: false, pledge: true },
    { 'x-forwarded-for': ip },
  );

it('blocks an account from one IP after 5 failures, even with the right password, until the window ends', async () => {
  for (let i = 0; i < 5; i++)
    expect((await attempt('10.1.0.1', 'merchant01', 'wrong' + i)).body.code).toBe(40001);
  const blocked = await attempt('10.1.0.1', 'merchant01', 'demo1234');
  expect(blocked.status).toBe(429);
  expect(blocked.body.code).toBe(429);
  expect(blocked.body.message).toMatch(/分钟后再试/);
  // The owner, elsewhere, still gets in.
  expect((await attempt('10.1.0.2', 'merchant01', 'demo1234')).body.code).toBe(200);
  await new Promise((r) => setTimeout(r, WINDOW_S * 1000 + 300));
  expect((await attempt('10.1.0.1', 'merchant01', 'demo1234')).body.code).toBe(200);
});

it('blocks an IP that guesses across many accounts', async () => {
  for (let i = 0; i < 30; i++) await attempt('10.2.0.1', `guess${i}x`, 'wrong123');
  expect((await attempt('10.2.0.1', 'operator01', 'demo1234')).body.code).toBe(429);
  expect((await attempt('10.2.0.2', 'operator01', 'demo1234')).body.code).toBe(200);
});

it('limits export-password checks per account', async () => {
  const c = new ApiClient(p.url);
  await c.login('superadmin');
  for (let i = 0; i < 5; i++)
    expect((await c.post('/api/auth/export-password/check', { password: 'wrong' + i })).body.code).toBe(
      40008,
    );
  expect((await c.post('/api/auth/export-password/check', { password: 'demo1234' })).body.code).toBe(429);
});

describe('issue 21', () => {
  it('keeps one budget per account whether its name or its e-mail is typed, and says when to retry', async () => {
    for (let i = 0; i < 3; i++) await attempt('10.4.0.1', 'operator01', 'wrong' + i);
    for (let i = 0; i < 2; i++) await attempt('10.4.0.1', 'OPERATOR01@callplat.local', 'wrong' + i);
    const blocked = await attempt('10.4.0.1', 'operator01@callplat.local', 'demo1234');
    expect(blocked.status).toBe(429);
    const retry = Number(blocked.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(WINDOW_S);
    expect((await attempt('10.4.0.1', 'Operator01', 'demo1234')).status).toBe(429);
  });

  it('takes the client address the trusted proxy saw, not the left-most X-Forwarded-For', async () => {
    // The client forges a fresh left-most address each time; our one proxy appends the real one.
    for (let i = 0; i < 30; i++) await attempt(`192.0.2.${i}, 10.5.0.1`, `spray${i}xx`, 'wrong123');
    const r = await attempt('192.0.2.200, 10.5.0.1', 'operator01', 'demo1234');
    expect(r.status).toBe(429);
    expect((await attempt('192.0.2.200, 10.5.0.2', 'superadmin', 'demo1234')).body.code).toBe(200);
    const ips = await p.db.knex('sessions').orderBy('created_at', 'desc').first('ip');
    expect(ips.ip).toBe('10.5.0.2');
  });
});
