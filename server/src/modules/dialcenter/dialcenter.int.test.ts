// SIP lines and voice gateways: CRUD with the form rules, sealed passwords that never come back,
// assignment down the tree (read-only for the assignee), tenant isolation on every route, the
// lines:changed announcement, and the mod_xml_curl endpoint FreeSWITCH reads its gateways from.
import Redis from 'ioredis';
import { decryptSecret } from '../../../../platform/secrets';
import { fsGatewayStatusKey, linesChangedChannel, type LinesChanged } from '../../../../domain/media';
import type { GatewayDto, SipLineDto } from '../../../../domain/telephony-config';
import type { ApiClient } from '../../../../test/apiClient';
import { startTree, type Tree } from '../../../../test/fixtures';

let t: Tree;
beforeAll(async () => {
  t = await startTree();
  // The demo user role does not hold the line page; its merchant grants it here.
  const role = await t.p.db.knex('accounts').where({ id: t.ids.op1 }).first('role_id');
  await t.p.db.knex('role_menus').insert({ role_id: role.role_id, menu_key: 'system/dockset' });
}, 60_000);
afterAll(() => t.p.close());

const PW = 'Sup3r-Secret-pw';
const line = (over: Record<string, unknown> = {}) => ({
  name: '测试线路',
  serverIp: '58.211.10.20',
  port: 5060,
  account: 'acct000001',
  password: PW,
  callerNumber: '02112345678',
  prefix: '9',
  codec: 'PCMA',
  sendRate: '5/1',
  portCount: 30,
  mode: 'register',
  enabled: true,
  ...over,
});
const del = (c: ApiClient, path: string, body: unknown = { confirm: 'delete' }) =>
  c.request('DELETE', path, body);
/** Every reply is checked: no secret ever comes back. */
const clean = <R extends { body: unknown }>(r: R): R => {
  const text = JSON.stringify(r.body);
  for (const s of [PW, 'NewPassw0rd', 'gw-Secret-1', 'simline-secret', 'seatgw-secret', 'v1:'])
    expect(text).not.toContain(s);
  return r;
};

describe('SIP lines', () => {
  it('creates, lists, edits (empty password keeps it), enables and deletes', async () => {
    const r = clean(await t.m1.post<SipLineDto>('/api/dialcenter/lines', line()));
    expect(r.status).toBe(200);
    const l = r.body.data!;
    expect(l).toMatchObject({
      name: '测试线路',
      serverIp: '58.211.10.20',
      account: 'acct000001',
      passwordSet: true,
      sendRate: '5/1',
      rateCount: 5,
      rateSeconds: 1,
      mode: 'register',
      owned: true,
      assignedTo: [],
    });
    expect(l).not.toHaveProperty('password');
    const row = await t.p.db.knex('sip_lines').where({ id: l.id }).first();
    expect(row.password_enc).toMatch(/^v1:/);
    expect(decryptSecret(t.p.config.secretKey, row.password_enc)).toBe(PW);

    const list = clean(await t.m1.get<SipLineDto[]>('/api/dialcenter/lines')).body.data!;
    expect(list.map((x) => x.name)).toEqual(
      expect.arrayContaining(['demo-line-1', 'sim-line-1', '测试线路']),
    );

    const edited = clean(
      await t.m1.put<SipLineDto>(`/api/dialcenter/lines/${l.id}`, line({ password: '', sendRate: '10/2' })),
    ).body.data!;
    expect(edited).toMatchObject({ sendRate: '10/2', passwordSet: true });
    const kept = await t.p.db.knex('sip_lines').where({ id: l.id }).first();
    expect(decryptSecret(t.p.config.secretKey, kept.password_enc)).toBe(PW);
    clean(await t.m1.put(`/api/dialcenter/lines/${l.id}`, line({ password: 'NewPassw0rd' })));
    const changed = await t.p.db.knex('sip_lines').where({ id: l.id }).first();
    expect(decryptSecret(t.p.config.secretKey, changed.password_enc)).toBe('NewPassw0rd');

    const off = await t.m1.post<SipLineDto>(`/api/dialcenter/lines/${l.id}/enable`, { enabled: false });
    expect(off.body.data!.enabled).toBe(false);
    expect((await t.m1.post(`/api/dialcenter/lines/${l.id}/enable`, { enabled: 'no' })).status).toBe(400);

    expect((await del(t.m1, `/api/dialcenter/lines/${l.id}`, {})).status).toBe(400);
    expect((await del(t.m1, `/api/dialcenter/lines/${l.id}`, { confirm: 'yes' })).status).toBe(400);
    expect((await del(t.m1, `/api/dialcenter/lines/${l.id}`)).body.code).toBe(200);
    expect((await del(t.m1, `/api/dialcenter/lines/${l.id}`)).status).toBe(404);
  });

  it('refuses a line at an internal address unless the super administrator allow-listed it', async () => {
    // Issue 21: FreeSWITCH registers to and calls a line's address, so a tenant could point the
    // switch at the platform's own hosts. Literal loopback/private/link-local/reserved IPv4 and
    // localhost are refused (400 on serverIp); a public address is fine.
    for (const serverIp of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.10.20',
      '169.254.169.254',
      '100.64.0.1',
      'localhost',
    ])
      expect(
        (await t.m1.post('/api/dialcenter/lines', line({ name: `内网 ${serverIp}`, serverIp }))).body.data,
      ).toMatchObject({ errors: [expect.objectContaining({ path: 'serverIp' })] });
    const ok = (await t.m1.post<SipLineDto>('/api/dialcenter/lines', line({ name: '公网线路' }))).body.data!;
    // An edit may not move it inside either; unchanged, an address stays editable.
    expect(
      (await t.m1.put(`/api/dialcenter/lines/${ok.id}`, line({ name: '公网线路', serverIp: '10.9.9.9' })))
        .status,
    ).toBe(400);
    const sim = (await t.m1.get<SipLineDto[]>('/api/dialcenter/lines')).body.data!.find(
      (l) => l.name === 'sim-line-1',
    )!;
    expect(sim.serverIp).toBe('127.0.0.1');
    // Once the super administrator allow-lists the host, it may be used.
    await t.p.db.knex('outbound_allow_hosts').insert({ host: '10.9.9.9' });
    try {
      expect(
        (await t.m1.put(`/api/dialcenter/lines/${ok.id}`, line({ name: '公网线路', serverIp: '10.9.9.9' })))
          .status,
      ).toBe(200);
      // Unchanged address on a later edit: no second check.
      await t.p.db.knex('outbound_allow_hosts').where({ host: '10.9.9.9' }).delete();
      expect(
        (await t.m1.put(`/api/dialcenter/lines/${ok.id}`, line({ name: '公网线路2', serverIp: '10.9.9.9' })))
          .status,
      ).toBe(200);
    } finally {
      await t.p.db.knex('outbound_allow_hosts').where({ host: '10.9.9.9' }).delete();
    }
  });

  it('refuses a duplicate submit (same name twice: 409) and an edit onto a taken name', async () => {
    const a = await t.m1.post<SipLineDto>('/api/dialcenter/lines', line({ name: '重复线路' }));
    expect(a.status).toBe(200);
    const b = await t.m1.post('/api/dialcenter/lines', line({ name: '重复线路' }));
    expect(b.status).toBe(409);
    expect(await t.p.db.knex('sip_lines').where({ name: '重复线路' })).toHaveLength(1);
    const other = (await t.m1.post<SipLineDto>('/api/dialcenter/lines', line({ name: '另一条' }))).body.data!;
    expect((await t.m1.put(`/api/dialcenter/lines/${other.id}`, line({ name: '重复线路' }))).status).toBe(
      409,
    );
  });

  it.each([
    ['a bad rate 5-1', { sendRate: '5-1' }, 'sendRate'],
    ['a rate 0/1', { sendRate: '0/1' }, 'sendRate'],
    ['a rate 5/', { sendRate: '5/' }, 'sendRate'],
    ['a rate as a number', { sendRate: 5 }, 'sendRate'],
    ['a short account', { account: 'abc' }, 'account'],
    ['a short password', { password: '12345' }, 'password'],
    ['no password on create', { password: '' }, 'password'],
    ['a bad IP', { serverIp: '999.1.1.1' }, 'serverIp'],
    ['a bad host', { serverIp: 'bad host!' }, 'serverIp'],
    ['port 0', { port: 0 }, 'port'],
    ['port 70000', { port: 70000 }, 'port'],
    ['port as text', { port: '5060' }, 'port'],
    ['an unknown codec', { codec: 'OPUS' }, 'codec'],
    ['0 ports', { portCount: 0 }, 'portCount'],
    ['too many ports', { portCount: 10001 }, 'portCount'],
    ['an unknown mode', { mode: 'trunk' }, 'mode'],
    ['a one-character name', { name: 'a' }, 'name'],
    ['a caller number with letters', { callerNumber: '021abc' }, 'callerNumber'],
    ['a prefix with letters', { prefix: 'x1' }, 'prefix'],
    ['enabled as text', { enabled: 'yes' }, 'enabled'],
  ])('refuses %s (400, field named)', async (_, over, field) => {
    const r = await t.m1.post<{ errors: { path: string }[] }>('/api/dialcenter/lines', line(over));
    expect(r.status).toBe(400);
    expect(r.body.data!.errors.map((e) => e.path)).toContain(field);
  });

  it('refuses an empty body and bad ids', async () => {
    expect((await t.m1.post('/api/dialcenter/lines', {})).status).toBe(400);
    expect((await t.m1.put('/api/dialcenter/lines/abc', line())).status).toBe(400);
    expect((await t.m1.put('/api/dialcenter/lines/999999', line())).status).toBe(404);
  });
});

describe('assignment', () => {
  it('assigns to a subordinate, who sees it read-only; other trees are refused', async () => {
    const l = (await t.m1.post<SipLineDto>('/api/dialcenter/lines', line({ name: '分配线路' }))).body.data!;
    const opts = (
      await t.m1.get<{ id: number; assigned: boolean }[]>(`/api/dialcenter/lines/${l.id}/assignments`)
    ).body.data!;
    expect(opts.map((o) => o.id)).toEqual([t.ids.op1]);
    const r = clean(
      await t.m1.put<SipLineDto>(`/api/dialcenter/lines/${l.id}/assignments`, { accountIds: [t.ids.op1] }),
    );
    expect(r.body.data!.assignedTo).toEqual([{ id: t.ids.op1, account: 'operator01' }]);
    // Assigning twice is harmless.
    await t.m1.put(`/api/dialcenter/lines/${l.id}/assignments`, { accountIds: [t.ids.op1, t.ids.op1] });
    expect(await t.p.db.knex('sip_line_assignments').where({ line_id: l.id })).toHaveLength(1);

    const seen = clean(await t.op1.get<SipLineDto[]>('/api/dialcenter/lines')).body.data!;
    const mine = seen.find((x) => x.id === l.id)!;
    expect(mine).toMatchObject({ owned: false, passwordSet: false, account: '', ownerAccount: 'merchant01' });
    expect((await t.op1.put(`/api/dialcenter/lines/${l.id}`, line({ name: '改名' }))).status).toBe(403);
    expect((await t.op1.post(`/api/dialcenter/lines/${l.id}/enable`, { enabled: false })).status).toBe(403);
    expect((await del(t.op1, `/api/dialcenter/lines/${l.id}`)).status).toBe(403);

    // Not to oneself, not to another tree, not to a superior.
    const to = (c: ApiClient, ids: number[]) =>
      c.put(`/api/dialcenter/lines/${l.id}/assignments`, { accountIds: ids });
    expect((await to(t.m1, [t.ids.m1])).status).toBe(404);
    expect((await to(t.m1, [t.ids.m2user])).status).toBe(404);
    expect((await to(t.op1, [t.ids.m1])).status).toBe(404);
    expect((await to(t.m1, ['x' as unknown as number])).status).toBe(400);
    expect((await t.m1.put(`/api/dialcenter/lines/${l.id}/assignments`, {})).status).toBe(400);

    // Unassigning takes it away.
    await to(t.m1, []);
    expect(
      (await t.op1.get<SipLineDto[]>('/api/dialcenter/lines')).body.data!.map((x) => x.id),
    ).not.toContain(l.id);
  });

  it('lets a merchant pass a line it was given down its subtree; taking it back takes the pass-down too', async () => {
    const l = (await t.admin.post<SipLineDto>('/api/dialcenter/lines', line({ name: '平台线路' }))).body
      .data!;
    expect(
      (await t.admin.put(`/api/dialcenter/lines/${l.id}/assignments`, { accountIds: [t.ids.m1] })).status,
    ).toBe(200);
    const given = (await t.m1.get<SipLineDto[]>('/api/dialcenter/lines')).body.data!.find(
      (x) => x.id === l.id,
    )!;
    expect(given.owned).toBe(false);
    const passed = await t.m1.put<SipLineDto>(`/api/dialcenter/lines/${l.id}/assignments`, {
      accountIds: [t.ids.op1],
    });
    expect(passed.body.data!.assignedTo.map((a) => a.id)).toEqual([t.ids.op1]);
    expect((await t.op1.get<SipLineDto[]>('/api/dialcenter/lines')).body.data!.map((x) => x.id)).toContain(
      l.id,
    );
    // The owner sees both assignments below it.
    const adminView = (await t.admin.get<SipLineDto[]>('/api/dialcenter/lines')).body.data!.find(
      (x) => x.id === l.id,
    )!;
    expect(adminView.assignedTo.map((a) => a.id).sort()).toEqual([t.ids.m1, t.ids.op1].sort());
    await t.admin.put(`/api/dialcenter/lines/${l.id}/assignments`, { accountIds: [] });
    expect(await t.p.db.knex('sip_line_assignments').where({ line_id: l.id })).toEqual([]);
  });
});

describe('tenant isolation and permissions', () => {
  it("refuses another tree's line ids on every route (404) and changes nothing", async () => {
    const l = (await t.m1.post<SipLineDto>('/api/dialcenter/lines', line({ name: '隔离线路' }))).body.data!;
    const base = `/api/dialcenter/lines/${l.id}`;
    expect((await t.m2.put(base, line())).status).toBe(404);
    expect((await t.m2.post(`${base}/enable`, { enabled: false })).status).toBe(404);
    expect((await del(t.m2, base)).status).toBe(404);
    expect((await t.m2.get(`${base}/assignments`)).status).toBe(404);
    expect((await t.m2.put(`${base}/assignments`, { accountIds: [] })).status).toBe(404);
    expect((await t.m2.get<SipLineDto[]>('/api/dialcenter/lines')).body.data!.map((x) => x.id)).not.toContain(
      l.id,
    );
    const row = await t.p.db.knex('sip_lines').where({ id: l.id }).first();
    expect(row).toMatchObject({ name: '隔离线路', enabled: true });
  });

  it('refuses accounts without the menu (403)', async () => {
    const u2 = await (await import('../../../../test/fixtures')).loggedIn(t.p, 'm2user01', 'secret12');
    expect((await u2.get('/api/dialcenter/lines')).status).toBe(403);
    expect((await u2.post('/api/dialcenter/lines', line())).status).toBe(403);
    expect((await u2.get('/api/dialcenter/gateways')).status).toBe(403);
  });
});

describe('voice gateways', () => {
  const gw = (over: Record<string, unknown> = {}) => ({
    name: '坐席网关',
    authName: 'gwuser01',
    authPassword: 'gw-Secret-1',
    sips: 'sip:1000@10.1.1.1:5060, 10.1.1.2:5062',
    prefix: '0',
    transferSip: 'sip:8000@10.1.1.1',
    thirdSip: '',
    ...over,
  });

  it('creates, lists with live status (unknown when absent), edits and deletes', async () => {
    const g = clean(await t.m1.post<GatewayDto>('/api/dialcenter/gateways', gw())).body.data!;
    expect(g).toMatchObject({ name: '坐席网关', authPasswordSet: true, online: 'unknown', work: 'unknown' });
    expect((await t.m1.post('/api/dialcenter/gateways', gw())).status).toBe(409);
    await t.p.server.deps.redis.set(
      fsGatewayStatusKey(t.p.config.redisPrefix, `vgw-${g.id}`),
      JSON.stringify({ online: true, busy: true, updatedAt: '2026-11-22T10:00:00.000Z' }),
    );
    const list = clean(await t.m1.get<GatewayDto[]>('/api/dialcenter/gateways')).body.data!;
    expect(list.find((x) => x.id === g.id)).toMatchObject({
      online: 'online',
      work: 'busy',
      statusAt: '2026-11-22T10:00:00.000Z',
    });
    expect(list.map((x) => x.name)).toContain('sim-gateway-1');
    const e = clean(await t.m1.put<GatewayDto>(`/api/dialcenter/gateways/${g.id}`, gw({ authPassword: '' })))
      .body.data!;
    expect(e.authPasswordSet).toBe(true);
    const row = await t.p.db.knex('voice_gateways').where({ id: g.id }).first();
    expect(decryptSecret(t.p.config.secretKey, row.auth_password_enc)).toBe('gw-Secret-1');
    expect((await t.m2.put(`/api/dialcenter/gateways/${g.id}`, gw())).status).toBe(404);
    expect((await del(t.m2, `/api/dialcenter/gateways/${g.id}`)).status).toBe(404);
    expect((await t.m2.get<GatewayDto[]>('/api/dialcenter/gateways')).body.data).toEqual([]);
    expect((await del(t.m1, `/api/dialcenter/gateways/${g.id}`)).body.code).toBe(200);
  });

  it.each([
    ['a short auth name', { authName: 'abc' }, 'authName'],
    ['a short auth password', { authPassword: '123' }, 'authPassword'],
    ['bad sips', { sips: 'sip:@@, x y' }, 'sips'],
    ['empty sips', { sips: '' }, 'sips'],
    ['a bad transfer sip', { transferSip: 'not a sip uri' }, 'transferSip'],
    ['a bad port in sips', { sips: '10.0.0.1:99999' }, 'sips'],
    ['a name that is a number', { name: 12 }, 'name'],
  ])('refuses %s (400)', async (_, over, field) => {
    const r = await t.m1.post<{ errors: { path: string }[] }>('/api/dialcenter/gateways', gw(over));
    expect(r.status).toBe(400);
    expect(r.body.data!.errors.map((x) => x.path)).toContain(field);
  });
});

describe('lines:changed', () => {
  it('announces a change with the enabled FreeSWITCH nodes', async () => {
    const sub = new Redis(t.p.config.redisUrl);
    try {
      const got = new Promise<LinesChanged>((resolve) =>
        sub.on('message', (_ch, msg) => resolve(JSON.parse(msg) as LinesChanged)),
      );
      await sub.subscribe(linesChangedChannel(t.p.config.redisPrefix));
      const l = (await t.m1.post<SipLineDto>('/api/dialcenter/lines', line({ name: '通知线路' }))).body.data!;
      const msg = await got;
      const node = await t.p.db.knex('fs_nodes').where({ name: 'fs-sim-1' }).first('id');
      expect(msg.nodeIds).toContain(Number(node.id));
      expect(msg.gateways).toEqual([`line-${l.id}`]);
    } finally {
      sub.disconnect();
    }
  });
});

describe('POST /fsapi/xml (mod_xml_curl)', () => {
  const form = 'hostname=fs1&section=configuration&tag_name=configuration&key_name=name&key_value=sofia.conf';
  const auth = (user: string, pw: string) => 'Basic ' + Buffer.from(`${user}:${pw}`).toString('base64');
  const fetchXml = (body: string, authorization?: string) =>
    fetch(`${t.p.url}/fsapi/xml`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(authorization ? { authorization } : {}),
      },
      body,
    });

  it('requires HTTP Basic with the configured credentials', async () => {
    expect((await fetchXml(form)).status).toBe(401);
    expect((await fetchXml(form, auth(t.p.config.fsXmlCurlUser, 'wrong'))).status).toBe(401);
    expect((await fetchXml(form, auth('nobody', t.p.config.fsXmlCurlPassword))).status).toBe(401);
    expect((await fetchXml(form, 'Bearer x')).status).toBe(401);
  });

  it('serves sofia.conf with one gateway per enabled line, passwords decrypted, XML-escaped', async () => {
    const l = (
      await t.m1.post<SipLineDto>(
        '/api/dialcenter/lines',
        line({ name: 'xml线路', account: 'a<b>&"c', password: 'p&<>"\'w', mode: 'gateway' }),
      )
    ).body.data!;
    const off = (
      await t.m1.post<SipLineDto>('/api/dialcenter/lines', line({ name: '停用线路', enabled: false }))
    ).body.data!;
    const res = await fetchXml(form, auth(t.p.config.fsXmlCurlUser, t.p.config.fsXmlCurlPassword));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
    const xml = await res.text();
    expect(xml).toContain('<profile name="external">');
    expect(xml).toContain(
      `<gateway name="line-${l.id}"><param name="username" value="a&lt;b&gt;&amp;&quot;c"/>` +
        '<param name="password" value="p&amp;&lt;&gt;&quot;&apos;w"/>',
    );
    expect(xml).toMatch(new RegExp(`<gateway name="line-${l.id}">.*?<param name="register" value="false"/>`));
    expect(xml).toContain('<param name="password" value="simline-secret"/>');
    expect(xml).not.toContain(`line-${off.id}"`);
  });

  it('answers anything else with the not-found document', async () => {
    const res = await fetchXml(
      'hostname=fs1&section=directory&tag_name=domain&key_name=name&key_value=example.com',
      auth(t.p.config.fsXmlCurlUser, t.p.config.fsXmlCurlPassword),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<result status="not found"/>');
    const other = await fetchXml(
      form.replace('sofia.conf', 'ivr.conf'),
      auth(t.p.config.fsXmlCurlUser, t.p.config.fsXmlCurlPassword),
    );
    expect(await other.text()).toContain('<result status="not found"/>');
  });
});
