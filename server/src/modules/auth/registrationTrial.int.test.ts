// What a self-registered account starts with (issue 24): the super administrator's setting gives it
// AI seats and an expiry at registration, and a trial balance (a ledger row, once) when its e-mail is
// verified. Only the super administrator reads or changes the setting; bad values are refused by field.
import { ApiClient } from '../../../../test/apiClient';
import { loggedIn } from '../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';
import type { RegistrationTrialDto } from '../../../../domain/registrationTrial';

let p: TestPlatform;
let admin: ApiClient;
beforeAll(async () => {
  p = await startTestPlatform({ config: { publicUrl: 'https://calls.example.test' } });
  admin = await loggedIn(p, 'superadmin');
});
afterAll(() => p.close());

const PATH = '/api/settings/registration-trial';
const verifyToken = (text: string) =>
  /https:\/\/calls\.example\.test\/register\?verify=([\w-]+)/.exec(text)?.[1];

it('the registrant gets the seats, days and trial balance the super administrator set, the balance once', async () => {
  expect((await admin.get<RegistrationTrialDto>(PATH)).body.data).toEqual({
    aiSeats: 2,
    days: 30,
    balanceFen: 1000,
  });
  const set = await admin.put<RegistrationTrialDto>(PATH, { aiSeats: 3, days: 7, balanceFen: 2550 });
  expect(set.body.data).toEqual({ aiSeats: 3, days: 7, balanceFen: 2550 });

  await new ApiClient(p.url).post('/api/auth/register', {
    account: 'trial001',
    password: 'secret12',
    confirm: 'secret12',
    email: 'trial001@example.test',
    realName: '试用',
    pledge: true,
  });
  const k = p.db.knex;
  const row = await k('accounts')
    .where({ account: 'trial001' })
    .first('id', 'ai_seats', 'total_authorization', 'balance_fen', 'expires_at');
  expect([row.ai_seats, row.total_authorization, Number(row.balance_fen)]).toEqual([3, 4, 0]);
  const days = (new Date(row.expires_at).getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);

  const token = verifyToken((await p.waitForMail('trial001@example.test')).text)!;
  expect((await new ApiClient(p.url).post('/api/auth/verify', { token })).body.code).toBe(200);
  expect((await new ApiClient(p.url).post('/api/auth/verify', { token })).body.code).not.toBe(200);
  const after = await k('accounts').where({ id: row.id }).first('balance_fen');
  expect(Number(after.balance_fen)).toBe(2550);
  const ledger = await k('ledger_entries')
    .where({ account_id: row.id })
    .select('delta_fen', 'balance_after_fen', 'idempotency_key');
  expect(ledger.map((l) => [Number(l.delta_fen), Number(l.balance_after_fen), l.idempotency_key])).toEqual([
    [2550, 2550, `trial:${row.id}`],
  ]);
  const c = new ApiClient(p.url);
  expect((await c.login('trial001', 'secret12')).body.code).toBe(200);
});

it('refuses values out of range by field, and anyone but the super administrator', async () => {
  const bad = await admin.put(PATH, { aiSeats: -1, days: 0, balanceFen: 1.5 });
  expect(bad.status).toBe(400);
  expect(bad.body.code).toBe(400);
  expect(JSON.stringify(bad.body)).toMatch(/aiSeats/);
  expect((await admin.put(PATH, { aiSeats: '2', days: 30, balanceFen: 0 })).status).toBe(400);
  expect((await admin.put(PATH, {})).status).toBe(400);
  // Unchanged by the refused writes.
  expect((await admin.get<RegistrationTrialDto>(PATH)).body.data).toMatchObject({ aiSeats: 3 });
  const m1 = await loggedIn(p, 'merchant01');
  expect([403, 404]).toContain((await m1.get(PATH)).status);
  expect([403, 404]).toContain((await m1.put(PATH, { aiSeats: 1000, days: 3650, balanceFen: 0 })).status);
  expect((await new ApiClient(p.url).get(PATH)).status).toBe(401);
});
