// Failed logins are limited per account (from one IP), per IP, and per account overall; every block
// ends with its window, and the owner on another IP is not locked out.
import { ApiClient } from '../../../../test/apiClient';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';

let p: TestPlatform;
const WINDOW_S = 2;
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
