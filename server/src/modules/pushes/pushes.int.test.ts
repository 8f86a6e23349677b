// /api/pushes: push addresses (validation of SPEC §5, the SSRF guard at save time, secrets shown once,
// typed delete, test push), the task push secret, the private-target switch (super administrator
// only), menus and tenant isolation.
import type { ApiClient } from '../../../../test/apiClient';
import { loggedIn, secondMerchantTree } from '../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';
import type {
  PushAddressDto,
  PushAddressWithSecret,
  PushPlatformDto,
  TestPushResult,
} from '../../../../domain/pushes';
import { decryptSecret } from '../../../../platform/secrets';
import { startReceiver, type Receiver } from './testKit';
import { verifySignature } from './sign';

let p: TestPlatform;
let admin: ApiClient;
let m1: ApiClient;
let receiver: Receiver;
let other: Awaited<ReturnType<typeof secondMerchantTree>>;

const form = (over: Record<string, unknown> = {}) => ({
  name: 'CRM 回调',
  url: 'https://93.184.216.34/hook',
  params: { appKey: 'k1' },
  headers: { Authorization: 'Bearer t1' },
  grades: [21, 22],
  enabled: true,
  ...over,
});
const allowPrivate = (allow: boolean) => admin.put('/api/pushes/platform', { allowPrivateTargets: allow });
const errorsOf = (r: { body: { data: unknown } }) =>
  ((r.body.data as { errors?: { path: string; message: string }[] })?.errors ?? []).map((e) => e.path);

beforeAll(async () => {
  p = await startTestPlatform();
  admin = await loggedIn(p, 'superadmin');
  m1 = await loggedIn(p, 'merchant01');
  other = await secondMerchantTree(p, ['set/apiandpush']);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await p.close();
});

describe('addresses', () => {
  it('creates an address, shows its secret once, stores it encrypted, lists it without it', async () => {
    const r = await m1.post<PushAddressWithSecret>('/api/pushes/addresses', form());
    expect(r.status).toBe(200);
    const { address, secret } = r.body.data!;
    expect(secret).toMatch(/^pks_/);
    expect(address).toMatchObject({ name: 'CRM 回调', grades: [21, 22], secretSet: true, enabled: true });
    expect(JSON.stringify(address)).not.toContain(secret);
    const row = await p.db.knex('push_addresses').where({ id: address.id }).first();
    expect(row.secret_enc).not.toContain(secret);
    expect(decryptSecret(p.config.secretKey, row.secret_enc)).toBe(secret);
    const list = (await m1.get<PushAddressDto[]>('/api/pushes/addresses')).body.data!;
    expect(list.map((a) => a.name)).toEqual(['CRM 回调']);
    expect(JSON.stringify(list)).not.toContain(secret);
  });

  it('edits an address, refuses a taken name (409), rotates its secret, deletes it with the typed word', async () => {
    const a = (await m1.post<PushAddressWithSecret>('/api/pushes/addresses', form({ name: '第二个' }))).body
      .data!;
    const put = await m1.put<PushAddressDto>(
      `/api/pushes/addresses/${a.address.id}`,
      form({ name: '第二个改', grades: [], enabled: false, headers: { 'X-Token': 'abc' } }),
    );
    expect(put.body.data).toMatchObject({
      name: '第二个改',
      grades: [],
      enabled: false,
      headers: { 'X-Token': 'abc' },
    });
    const dup = await m1.put(`/api/pushes/addresses/${a.address.id}`, form());
    expect(dup.status).toBe(409);
    expect(errorsOf(dup)).toEqual(['name']);
    expect((await m1.post('/api/pushes/addresses', form())).status).toBe(409);

    const rotated = (await m1.post<PushAddressWithSecret>(`/api/pushes/addresses/${a.address.id}/rotate`))
      .body.data!;
    expect(rotated.secret).toMatch(/^pks_/);
    expect(rotated.secret).not.toBe(a.secret);
    const row = await p.db.knex('push_addresses').where({ id: a.address.id }).first();
    expect(decryptSecret(p.config.secretKey, row.secret_enc)).toBe(rotated.secret);

    const url = `/api/pushes/addresses/${a.address.id}`;
    expect((await m1.request('DELETE', url, {})).status).toBe(400);
    expect((await m1.request('DELETE', url, { confirm: 'yes' })).status).toBe(400);
    expect((await m1.request('DELETE', url, { confirm: 'delete' })).status).toBe(200);
    expect((await m1.request('DELETE', url, { confirm: 'delete' })).status).toBe(404);
  });

  it.each([
    ['no Param', { params: undefined }, 'params'],
    ['an empty Param', { params: {} }, 'params'],
    ['Param not an object', { params: 'appKey=1' }, 'params'],
    ['a nested Param value', { params: { a: { b: 1 } } }, 'params'],
    ['no Header', { headers: undefined }, 'headers'],
    ['an empty Header', { headers: {} }, 'headers'],
    ['a reserved Header', { headers: { Host: 'evil' } }, 'headers'],
    ['a Header with a line break', { headers: { A: 'x\r\nB: y' } }, 'headers'],
    ['a Header value not a string', { headers: { A: 1 } }, 'headers'],
    ['no url', { url: undefined }, 'url'],
    ['an ftp url', { url: 'ftp://93.184.216.34/x' }, 'url'],
    ['a url without scheme', { url: '93.184.216.34/hook' }, 'url'],
    ['a url with credentials', { url: 'http://u:p@93.184.216.34/' }, 'url'],
    ['a url not a string', { url: 42 }, 'url'],
    ['a one-letter name', { name: 'a' }, 'name'],
    ['no name', { name: undefined }, 'name'],
    ['an unknown grade', { grades: [27] }, 'grades'],
    ['grades not numbers', { grades: ['A'] }, 'grades.0'],
    ['enabled not a boolean', { enabled: 'yes' }, 'enabled'],
  ])('refuses %s (400)', async (_, over, path) => {
    const r = await m1.post('/api/pushes/addresses', form({ name: '校验', ...over }));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    expect(errorsOf(r).some((e) => e === path || e.startsWith(`${path}.`))).toBe(true);
  });

  it.each([
    ['http://127.0.0.1:8080/hook', '127.0.0.1'],
    ['http://10.0.0.1/hook', '10.0.0.1'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['http://[::1]:8080/hook', '::1'],
    ['http://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1'],
    ['http://100.64.0.1/hook', '100.64.0.1'],
    ['http://192.168.1.10/hook', '192.168.1.10'],
    ['http://localhost:8080/hook', null],
  ])('refuses %s at save while private targets are not allowed', async (url, address) => {
    const r = await m1.post('/api/pushes/addresses', form({ name: `私网${url.length}`, url }));
    expect(r.status).toBe(400);
    expect(errorsOf(r)).toEqual(['url']);
    const msg = (r.body.data as { errors: { message: string }[] }).errors[0]!.message;
    expect(msg).toContain('只有超级管理员可以允许推送到内网');
    if (address) expect(msg).toContain(address);
  });

  it('refuses a host name that cannot be resolved', async () => {
    const r = await m1.post(
      '/api/pushes/addresses',
      form({ name: '无解析', url: 'https://no-such-host.invalid/hook' }),
    );
    expect(r.status).toBe(400);
    expect(errorsOf(r)).toEqual(['url']);
  });
});

describe('private targets and the test push', () => {
  it('only the super administrator changes the switch', async () => {
    expect((await m1.get<PushPlatformDto>('/api/pushes/platform')).body.data).toEqual({
      allowPrivateTargets: false,
      canChange: false,
    });
    const refused = await m1.put('/api/pushes/platform', { allowPrivateTargets: true });
    expect(refused.status).toBe(403);
    expect((await other.m2.put('/api/pushes/platform', { allowPrivateTargets: true })).status).toBe(403);
    expect((await admin.put('/api/pushes/platform', { allowPrivateTargets: 'yes' })).status).toBe(400);
    expect((await admin.put('/api/pushes/platform', {})).status).toBe(400);
    expect((await p.db.knex('push_platform').first()).allow_private_targets).toBe(false);
    expect((await allowPrivate(true)).body.data).toEqual({ allowPrivateTargets: true, canChange: true });
    expect((await m1.get<PushPlatformDto>('/api/pushes/platform')).body.data!.allowPrivateTargets).toBe(true);
  });

  it('sends a signed sample to a loopback receiver once allowed, and reports the answer', async () => {
    await allowPrivate(true);
    const a = (
      await m1.post<PushAddressWithSecret>(
        '/api/pushes/addresses',
        form({ name: '本机接收', url: `${receiver.url}/hook?src=test` }),
      )
    ).body.data!;
    receiver.script(200);
    const ok = await m1.post<TestPushResult>(`/api/pushes/addresses/${a.address.id}/test`);
    expect(ok.body.data).toEqual({ ok: true, status: 200, error: null });
    const got = receiver.received.at(-1)!;
    expect(got.path).toBe('/hook?src=test');
    expect(got.headers.authorization).toBe('Bearer t1');
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({
      event: 'push.test',
      params: { appKey: 'k1' },
      grade: { level: 21, letter: 'A' },
    });
    expect(got.headers['x-push-id']).toBe(body.id);
    expect(
      verifySignature(
        a.secret,
        String(got.headers['x-push-timestamp']),
        got.body,
        String(got.headers['x-push-signature']),
      ),
    ).toBe(true);

    receiver.script(503);
    expect(
      (await m1.post<TestPushResult>(`/api/pushes/addresses/${a.address.id}/test`)).body.data,
    ).toMatchObject({
      ok: false,
      status: 503,
    });

    // Turned off again: the stored loopback address is refused at send time.
    await allowPrivate(false);
    const n = receiver.received.length;
    const refused = (await m1.post<TestPushResult>(`/api/pushes/addresses/${a.address.id}/test`)).body.data!;
    expect(refused).toMatchObject({ ok: false, status: null });
    expect(refused.error).toContain('127.0.0.1');
    expect(receiver.received.length).toBe(n);
  });
});

describe('the task push secret', () => {
  it('is generated on request, shown once, and stored encrypted', async () => {
    expect((await m1.get('/api/pushes/task-secret')).body.data).toEqual({ set: false, rotatedAt: null });
    const r = (await m1.post<{ secret: string; rotatedAt: string }>('/api/pushes/task-secret/rotate')).body
      .data!;
    expect(r.secret).toMatch(/^pks_/);
    const s = (await m1.get<{ set: boolean }>('/api/pushes/task-secret')).body.data!;
    expect(s).toMatchObject({ set: true });
    expect(JSON.stringify(s)).not.toContain(r.secret);
    const row = await p.db.knex('push_task_secrets').first();
    expect(decryptSecret(p.config.secretKey, row.secret_enc)).toBe(r.secret);
  });
});

describe('permissions and tenant isolation', () => {
  it('refuses an account without the menu (403)', async () => {
    const op = await loggedIn(p, 'operator01');
    expect((await op.get('/api/pushes/addresses')).status).toBe(403);
    expect((await op.post('/api/pushes/addresses', form())).status).toBe(403);
    expect((await op.get('/api/pushes/deliveries')).status).toBe(403);
  });

  it("another merchant tree gets 404 for merchant01's address ids and never sees them", async () => {
    const a = (await m1.post<PushAddressWithSecret>('/api/pushes/addresses', form({ name: '隔离' }))).body
      .data!;
    const id = a.address.id;
    expect((await other.m2.get<PushAddressDto[]>('/api/pushes/addresses')).body.data).toEqual([]);
    expect((await other.u2.put(`/api/pushes/addresses/${id}`, form({ name: '偷改' }))).status).toBe(404);
    expect((await other.m2.put(`/api/pushes/addresses/${id}`, form({ name: '偷改' }))).status).toBe(404);
    expect((await other.m2.post(`/api/pushes/addresses/${id}/rotate`)).status).toBe(404);
    expect((await other.m2.post(`/api/pushes/addresses/${id}/test`)).status).toBe(404);
    expect(
      (await other.m2.request('DELETE', `/api/pushes/addresses/${id}`, { confirm: 'delete' })).status,
    ).toBe(404);
    const row = await p.db.knex('push_addresses').where({ id }).first();
    expect(row.name).toBe('隔离');
    expect(decryptSecret(p.config.secretKey, row.secret_enc)).toBe(a.secret);
    expect((await other.m2.post('/api/pushes/addresses/abc/test')).status).toBe(400);
  });
});
