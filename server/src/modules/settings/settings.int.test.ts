// Settings: the FreeSWITCH cluster (super administrator only, ESL passwords sealed, live status read
// from Redis and pushed over the socket) and the recognizer of each account (blank = the superior's).
import { decryptSecret } from '../../../../platform/secrets';
import { Events, type FsStatusEvent } from '../../../../domain/events';
import { fsNodeStatusKey, type FsNodeStatus } from '../../../../domain/media';
import type { AsrAccountDto, FsNodeDto } from '../../../../domain/telephony-config';
import type { ApiClient } from '../../../../test/apiClient';
import { liveSocket, startTree, type Tree } from '../../../../test/fixtures';

let t: Tree;
beforeAll(async () => {
  t = await startTree();
}, 60_000);
afterAll(() => t.p.close());

const del = (c: ApiClient, path: string, body: unknown = { confirm: 'delete' }) =>
  c.request('DELETE', path, body);
const clean = <R extends { body: unknown }>(r: R) => {
  const text = JSON.stringify(r.body);
  for (const s of ['ClueCon', 'Esl-Secret-1', 'cloud-Secret-9', 'v1:']) expect(text).not.toContain(s);
  return r;
};
const node = (over: Record<string, unknown> = {}) => ({
  name: 'fs-node-2',
  eslHost: 'fs2.internal',
  eslPort: 8021,
  eslPassword: 'Esl-Secret-1',
  weight: 20,
  enabled: true,
  ...over,
});

describe('FreeSWITCH nodes', () => {
  it('lists the seeded simulator node without its password, with live status from Redis', async () => {
    const list = clean(await t.admin.get<FsNodeDto[]>('/api/settings/fs-nodes')).body.data!;
    const sim = list.find((n) => n.name === 'fs-sim-1')!;
    expect(sim).toMatchObject({
      eslHost: '127.0.0.1',
      eslPort: 8021,
      eslPasswordSet: true,
      enabled: true,
      status: null,
    });
    const row = await t.p.db.knex('fs_nodes').where({ id: sim.id }).first();
    expect(decryptSecret(t.p.config.secretKey, row.esl_password_enc)).toBe('ClueCon');
    const status: FsNodeStatus = {
      connected: true,
      channels: 7,
      sps: 3,
      lastError: null,
      updatedAt: '2026-11-22T12:00:00.000Z',
    };
    await t.p.server.deps.redis.hset(
      fsNodeStatusKey(t.p.config.redisPrefix),
      String(sim.id),
      JSON.stringify(status),
    );
    const again = (await t.admin.get<FsNodeDto[]>('/api/settings/fs-nodes')).body.data!;
    expect(again.find((n) => n.id === sim.id)!.status).toEqual(status);
    // Garbage in Redis reads as "no report".
    await t.p.server.deps.redis.hset(fsNodeStatusKey(t.p.config.redisPrefix), String(sim.id), '{oops');
    expect(
      (await t.admin.get<FsNodeDto[]>('/api/settings/fs-nodes')).body.data!.find((n) => n.id === sim.id)!
        .status,
    ).toBeNull();
    await t.p.server.deps.redis.hdel(fsNodeStatusKey(t.p.config.redisPrefix), String(sim.id));
  });

  it('creates, edits (empty password keeps it), refuses duplicates and deletes with the typed word', async () => {
    const n = clean(await t.admin.post<FsNodeDto>('/api/settings/fs-nodes', node())).body.data!;
    expect(n).toMatchObject({ name: 'fs-node-2', eslPasswordSet: true, weight: 20, status: null });
    expect((await t.admin.post('/api/settings/fs-nodes', node())).status).toBe(409);
    const e = clean(
      await t.admin.put<FsNodeDto>(`/api/settings/fs-nodes/${n.id}`, node({ eslPassword: '', weight: 50 })),
    ).body.data!;
    expect(e.weight).toBe(50);
    const row = await t.p.db.knex('fs_nodes').where({ id: n.id }).first();
    expect(decryptSecret(t.p.config.secretKey, row.esl_password_enc)).toBe('Esl-Secret-1');
    // Defaults: ESL port 8021.
    const d = (
      await t.admin.post<FsNodeDto>('/api/settings/fs-nodes', {
        name: 'fs-node-3',
        eslHost: '10.0.0.3',
        eslPassword: 'x',
      })
    ).body.data!;
    expect(d).toMatchObject({ eslPort: 8021, weight: 10, enabled: true });
    expect((await del(t.admin, `/api/settings/fs-nodes/${n.id}`, { confirm: 'del' })).status).toBe(400);
    expect((await del(t.admin, `/api/settings/fs-nodes/${n.id}`)).body.code).toBe(200);
    expect((await del(t.admin, `/api/settings/fs-nodes/${n.id}`)).status).toBe(404);
    expect((await t.admin.put(`/api/settings/fs-nodes/${n.id}`, node())).status).toBe(404);
  });

  it.each([
    ['no password on create', { eslPassword: '' }, 'eslPassword'],
    ['a bad host', { eslHost: 'a b' }, 'eslHost'],
    ['port 0', { eslPort: 0 }, 'eslPort'],
    ['port as text', { eslPort: '8021' }, 'eslPort'],
    ['weight 0', { weight: 0 }, 'weight'],
    ['weight 101', { weight: 101 }, 'weight'],
    ['a one-character name', { name: 'x' }, 'name'],
    ['enabled as text', { enabled: 'on' }, 'enabled'],
  ])('refuses %s (400)', async (_, over, field) => {
    const r = await t.admin.post<{ errors: { path: string }[] }>('/api/settings/fs-nodes', node(over));
    expect(r.status).toBe(400);
    expect(r.body.data!.errors.map((e) => e.path)).toContain(field);
  });

  it('is the super administrator’s only (403 for others, even with the menu)', async () => {
    expect((await t.m1.get('/api/settings/fs-nodes')).status).toBe(403);
    expect((await t.m1.post('/api/settings/fs-nodes', node())).status).toBe(403);
    expect((await t.op1.get('/api/settings/fs-nodes')).status).toBe(403);
    // A merchant whose role was given the menu is still refused.
    const role = await t.p.db.knex('accounts').where({ id: t.ids.m2 }).first('role_id');
    await t.p.db.knex('role_menus').insert({ role_id: role.role_id, menu_key: 'systemset/clusterserver' });
    expect((await t.m2.get('/api/settings/fs-nodes')).status).toBe(403);
    await t.p.db
      .knex('role_menus')
      .where({ role_id: role.role_id, menu_key: 'systemset/clusterserver' })
      .delete();
  });

  it('pushes status changes live to the super administrator (fs:status)', async () => {
    const s = await liveSocket(t.p, t.admin);
    try {
      const sim = (await t.p.db.knex('fs_nodes').where({ name: 'fs-sim-1' }).first('id')).id;
      const got = new Promise<FsStatusEvent>((resolve) =>
        s.on(Events.FsStatus, (e: FsStatusEvent) => {
          if (e.status?.channels === 42) resolve(e);
        }),
      );
      const status: FsNodeStatus = {
        connected: true,
        channels: 42,
        sps: 5,
        lastError: null,
        updatedAt: new Date().toISOString(),
      };
      await t.p.server.deps.redis.hset(
        fsNodeStatusKey(t.p.config.redisPrefix),
        String(sim),
        JSON.stringify(status),
      );
      expect(await got).toEqual({ nodeId: Number(sim), status });
      const gone = new Promise<FsStatusEvent>((resolve) =>
        s.on(Events.FsStatus, (e: FsStatusEvent) => {
          if (e.status === null) resolve(e);
        }),
      );
      await t.p.server.deps.redis.hdel(fsNodeStatusKey(t.p.config.redisPrefix), String(sim));
      expect(await gone).toEqual({ nodeId: Number(sim), status: null });
    } finally {
      s.disconnect();
    }
  });
});

describe('recognizer (ASR) settings', () => {
  const of = (list: AsrAccountDto[], id: number) => list.find((a) => a.accountId === id)!;

  it('starts with the platform default everywhere', async () => {
    const list = (await t.admin.get<AsrAccountDto[]>('/api/settings/asr')).body.data!;
    expect(list[0]).toMatchObject({ depth: 0, own: null, source: { kind: 'default' } });
    expect(of(list, t.ids.op1)).toMatchObject({
      effective: { provider: 'unimrcp' },
      source: { kind: 'default' },
    });
  });

  it("inherits the superior's settings when blank; an own choice wins; the secret never comes back", async () => {
    const r = clean(
      await t.admin.put<AsrAccountDto>(`/api/settings/asr/${t.ids.m1}`, {
        provider: 'aliyun',
        appKey: 'app-key-1',
        secret: 'cloud-Secret-9',
      }),
    );
    expect(r.body.data).toMatchObject({
      own: { provider: 'aliyun', appKey: 'app-key-1', secretSet: true },
      source: { kind: 'own' },
    });
    const row = await t.p.db.knex('asr_settings').where({ account_id: t.ids.m1 }).first();
    expect(decryptSecret(t.p.config.secretKey, row.secret_enc)).toBe('cloud-Secret-9');
    const op = clean(await t.admin.get<AsrAccountDto>(`/api/settings/asr/${t.ids.op1}`)).body.data!;
    expect(op).toMatchObject({
      own: null,
      effective: { provider: 'aliyun', appKey: 'app-key-1', secretSet: true },
      source: { kind: 'inherited', accountId: t.ids.m1, account: 'merchant01' },
    });
    // Editing with an empty secret keeps it (same provider).
    await t.admin.put(`/api/settings/asr/${t.ids.m1}`, {
      provider: 'aliyun',
      appKey: 'app-key-2',
      secret: '',
    });
    const kept = await t.p.db.knex('asr_settings').where({ account_id: t.ids.m1 }).first();
    expect(decryptSecret(t.p.config.secretKey, kept.secret_enc)).toBe('cloud-Secret-9');
    // Another cloud provider needs its own secret.
    expect(
      (await t.admin.put(`/api/settings/asr/${t.ids.m1}`, { provider: 'tencent', appKey: 'k' })).status,
    ).toBe(400);

    const own = await t.admin.put<AsrAccountDto>(`/api/settings/asr/${t.ids.op1}`, {
      provider: 'unimrcp',
      unimrcpProfile: 'ali-mrcp2',
    });
    expect(own.body.data).toMatchObject({
      effective: { provider: 'unimrcp', unimrcpProfile: 'ali-mrcp2' },
      source: { kind: 'own' },
    });
    const reset = await t.admin.request<AsrAccountDto>('DELETE', `/api/settings/asr/${t.ids.op1}`);
    expect(reset.body.data).toMatchObject({
      own: null,
      source: { kind: 'inherited', account: 'merchant01' },
    });
  });

  it.each([
    ['an unknown provider', { provider: 'whisper' }],
    ['unimrcp without a profile', { provider: 'unimrcp' }],
    ['a bad profile name', { provider: 'unimrcp', unimrcpProfile: 'a b' }],
    ['a cloud provider without a key', { provider: 'tencent', secret: 'secret12' }],
    ['a short cloud secret', { provider: 'tencent', appKey: 'k', secret: '123' }],
    ['a provider that is a number', { provider: 1 }],
  ])('refuses %s (400)', async (_, b) => {
    expect((await t.admin.put(`/api/settings/asr/${t.ids.op1}`, b)).status).toBe(400);
  });

  it('needs the menu (403) and stays inside the caller’s subtree (404)', async () => {
    expect((await t.m1.get('/api/settings/asr')).status).toBe(403);
    expect((await t.m1.put(`/api/settings/asr/${t.ids.op1}`, { provider: 'none' })).status).toBe(403);
    const role = await t.p.db.knex('accounts').where({ id: t.ids.m2 }).first('role_id');
    await t.p.db.knex('role_menus').insert({ role_id: role.role_id, menu_key: 'systemset/emptyasr' });
    try {
      const list = (await t.m2.get<AsrAccountDto[]>('/api/settings/asr')).body.data!;
      expect(list.map((a) => a.accountId).sort()).toEqual([t.ids.m2, t.ids.m2user].sort());
      expect((await t.m2.put(`/api/settings/asr/${t.ids.op1}`, { provider: 'none' })).status).toBe(404);
      expect((await t.m2.get(`/api/settings/asr/${t.ids.m1}`)).status).toBe(404);
      expect((await t.m2.request('DELETE', `/api/settings/asr/${t.ids.m1}`)).status).toBe(404);
      expect((await t.admin.put('/api/settings/asr/99999999', { provider: 'none' })).status).toBe(404);
    } finally {
      await t.p.db
        .knex('role_menus')
        .where({ role_id: role.role_id, menu_key: 'systemset/emptyasr' })
        .delete();
    }
  });
});
