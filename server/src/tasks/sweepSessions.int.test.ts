// The minute sweep ends sessions of accounts that expired and idle sessions, sockets included.
import { liveSocket as socketOf, loggedIn } from '../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../test/harness';
import { sweepAndKick } from './sweepSessions';

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(() => p.close());

async function liveSocket(account: string) {
  const c = await loggedIn(p, account);
  return { c, s: await socketOf(p, c) };
}

it('disconnects an account that expired while connected (102) and an idle session (10004)', async () => {
  const expiring = await liveSocket('operator01');
  const idle = await liveSocket('merchant01');
  const kept = await liveSocket('superadmin');
  await p.db
    .knex('accounts')
    .where({ account: 'operator01' })
    .update({ expires_at: new Date(Date.now() - 1000) });
  const merchantId = (await p.db.knex('accounts').where({ account: 'merchant01' }).first('id')).id;
  await p.db
    .knex('sessions')
    .where({ account_id: merchantId })
    .update({ last_seen_at: new Date(Date.now() - 3 * 3_600_000) });

  const told = (s: typeof expiring.s) =>
    new Promise<{ code: number }>((resolve) => s.once('session:revoked', resolve));
  const [a, b] = [told(expiring.s), told(idle.s)];
  expect((await sweepAndKick(p.server.deps)).ended).toBe(2);
  expect(await a).toEqual({ code: 102 });
  expect(await b).toEqual({ code: 10004 });
  expect(kept.s.connected).toBe(true);
  expect((await kept.c.get('/api/auth/me')).body.code).toBe(200);
  for (const x of [expiring, idle, kept]) x.s.disconnect();
});
