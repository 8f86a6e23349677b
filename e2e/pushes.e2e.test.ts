// Pushes in Chromium: merchant01 opens /set/apiandpush, is told inline that Param is required, adds an
// address, sees its secret exactly once (it matches what is stored encrypted and is never shown again),
// finds the address in the list, and sends a test push to a receiver on loopback (private targets are
// allowed for this test, as the super administrator would).
import { decryptSecret } from '../platform/secrets';
import { startReceiver, type Receiver } from '../server/src/modules/pushes/testKit';
import { verifySignature } from '../server/src/modules/pushes/sign';
import { useE2eEnv } from './support/platform';
import { click, fill, login, newPage, shot, textOf, tid, waitForText } from './support/browser';

const env = useE2eEnv(120_000);
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

it('merchant01 adds a push address, sees the secret once, finds it in the list and tests it', async () => {
  const knex = env.platform.db.knex;
  await knex('push_platform').where({ id: 1 }).update({ allow_private_targets: true });
  const page = await newPage(env.b, true);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await login(page, env.platform.url, 'merchant01');
  await click(page, 'menu-set/apiandpush');
  await page.waitForSelector(tid('pushes-page'));
  await page.waitForSelector(tid('push-docs'));
  expect(await page.$(tid('push-table'))).toBeNull(); // no addresses yet

  await click(page, 'push-add');
  await page.waitForSelector(tid('push-dialog'));
  await fill(page, 'input-push-name', 'CRM 回调');
  await fill(page, 'input-push-url', `${receiver.url}/hook`);
  await fill(page, 'push-headers', 'Authorization: Bearer e2e');
  await click(page, 'push-grade-21');
  await click(page, 'push-dialog-submit');
  expect(await textOf(page, tid('error-push-params'))).toBe('Param 必填，至少一项');
  await fill(page, 'push-params', '{"appKey": "e2e-key"}');
  await click(page, 'push-dialog-submit');

  await page.waitForSelector(tid('push-secret-dialog'));
  const secret = (await textOf(page, tid('push-secret-value'))).trim();
  expect(secret).toMatch(/^pks_/);
  await shot(page, 'pushes-secret-once');
  const row = await knex('push_addresses').where({ name: 'CRM 回调' }).first();
  expect(decryptSecret(env.platform.config.secretKey, row.secret_enc)).toBe(secret);
  await click(page, 'push-secret-close');
  await page.waitForSelector(tid('push-secret-dialog'), { hidden: true });

  await page.waitForSelector(tid('push-row-CRM 回调'));
  expect(await textOf(page, tid('push-row-CRM 回调'))).toContain(`${receiver.url}/hook`);
  expect(await textOf(page, tid('push-row-CRM 回调'))).toContain('A');
  expect(await page.content()).not.toContain(secret);

  await click(page, `push-test-${row.id}`);
  await waitForText(page, tid('push-test-result'), '接收方返回 200');
  const got = receiver.received.at(-1)!;
  expect(got.headers.authorization).toBe('Bearer e2e');
  expect(JSON.parse(got.body)).toMatchObject({ event: 'push.test', params: { appKey: 'e2e-key' } });
  expect(
    verifySignature(
      secret,
      String(got.headers['x-push-timestamp']),
      got.body,
      String(got.headers['x-push-signature']),
    ),
  ).toBe(true);
  await shot(page, 'pushes-list');

  // A reload lists the address but never the secret again.
  await page.reload();
  await page.waitForSelector(tid('push-row-CRM 回调'));
  expect(await page.content()).not.toContain(secret);
  expect(errors).toEqual([]);
  await page.browserContext().close();
});
