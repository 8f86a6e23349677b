// /api/softphone over HTTP: the caller's own extension and its SIP credentials (never another
// account's), a dial needs a valid number (the form's rule), the seat enabled and online (SPEC §5),
// dial records belong to their account (another tenant's ids are 404), bad input is 400; and the
// mod_xml_curl directory FreeSWITCH / the simulator fetch the extensions from.
import type { SeatDto, SeatGroupDto } from '../../../../domain/seats';
import type { SoftphoneCallDto, SoftphoneConfigDto } from '../../../../domain/softphone';
import type { ApiClient, Reply } from '../../../../test/apiClient';
import { accountId, loggedIn, secondMerchantTree } from '../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';

let p: TestPlatform;
let m1: ApiClient;
let op: ApiClient;
let other: Awaited<ReturnType<typeof secondMerchantTree>>;
let seat: SeatDto;

const paths = (r: Reply) =>
  ((r.body.data as { errors?: { path: string }[] })?.errors ?? []).map((e) => e.path);

beforeAll(async () => {
  p = await startTestPlatform();
  m1 = await loggedIn(p, 'merchant01');
  op = await loggedIn(p, 'operator01');
  other = await secondMerchantTree(p, ['dialcenter/seatsmanage']);
  const group = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '软电话组' })).body.data!;
  seat = (
    await m1.post<SeatDto>('/api/seats', {
      name: '分机坐席',
      type: 'extension',
      extension: '8201',
      authName: 'seat8201',
      authPassword: 'Desk-Pass-82',
      groupId: group.id,
      userId: await accountId(p, 'operator01'),
      enabled: true,
      autoAnswer: false,
    })
  ).body.data!;
});
afterAll(() => p.close());

describe('GET /api/softphone/config', () => {
  it("gives the seat's user its own extension, credentials and the WS URL", async () => {
    const r = await op.get<SoftphoneConfigDto>('/api/softphone/config');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      seatId: seat.id,
      extension: '8201',
      authName: 'seat8201',
      authPassword: 'Desk-Pass-82',
      domain: 'callplat.local',
      simulator: true,
      enabled: true,
      online: false,
    });
    expect(r.body.data!.wsUrl).toMatch(/^ws:\/\/(127\.0\.0\.1|localhost):5066$/);
  });

  it('has no phone for accounts that work no extension seat (the merchant, another tenant)', async () => {
    for (const c of [m1, other.u2, other.m2]) {
      const r = await c.get('/api/softphone/config');
      expect(r.status).toBe(200);
      expect(r.body.data).toBeNull();
      expect(JSON.stringify(r.body)).not.toContain('Desk-Pass-82');
    }
  });
});

describe('dial records', () => {
  it('validates the number like the form (400 "number dialed is incorrect") and bad shapes', async () => {
    for (const [bad, field] of [
      [{ direction: 'out', number: '12' }, 'number'],
      [{ direction: 'out', number: 'abc' }, 'number'],
      [{ direction: 'out', number: '' }, 'number'],
      [{ direction: 'out', number: 13800138000 }, 'number'],
      [{ direction: 'sideways', number: '13800138000' }, 'direction'],
      [{ direction: 'in', number: '' }, 'number'],
      [{ direction: 'in', number: '139****0001', callUuid: 'x y' }, 'callUuid'],
    ] as const) {
      const r = await op.post('/api/softphone/calls', bad);
      expect(r.status).toBe(400);
      expect(paths(r)).toEqual([field]);
    }
    const r = await op.request(
      'POST',
      '/api/softphone/calls',
      { direction: 'out', number: '12' },
      { 'accept-language': 'en' },
    );
    expect(JSON.stringify(r.body)).toContain('The number dialed is incorrect');
  });

  it('a dial needs the seat online (409) and enabled (403)', async () => {
    const offline = await op.post('/api/softphone/calls', { direction: 'out', number: '13800138000' });
    expect(offline.status).toBe(409);
    expect((await op.put(`/api/seats/${seat.id}/state`, { online: true })).status).toBe(200);
    const ok = await op.post<SoftphoneCallDto>('/api/softphone/calls', {
      direction: 'out',
      number: '138 0013 8000',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      direction: 'out',
      number: '13800138000',
      outcome: null,
      seatId: seat.id,
    });
    await p.db.knex('seats').where('id', seat.id).update({ enabled: false });
    try {
      expect(
        (await op.post('/api/softphone/calls', { direction: 'out', number: '13800138000' })).status,
      ).toBe(403);
    } finally {
      await p.db.knex('seats').where('id', seat.id).update({ enabled: true });
    }
  });

  it('records an incoming call: answered, finished once, listed newest first; other tenants get 404', async () => {
    const started = await op.post<SoftphoneCallDto>('/api/softphone/calls', {
      direction: 'in',
      number: '139****0001',
      callUuid: '3f2a9c1e-0000-4000-8000-000000000001',
    });
    expect(started.status).toBe(200);
    const id = started.body.data!.id;
    // Another tenant's user and the merchant (not the seat's user) cannot touch it.
    for (const c of [other.u2, other.m2, m1]) {
      expect((await c.put(`/api/softphone/calls/${id}/answer`, { answered: true })).status).toBe(404);
      expect(
        (await c.put(`/api/softphone/calls/${id}`, { outcome: 'answered', answered: true })).status,
      ).toBe(404);
      const list = await c.get<SoftphoneCallDto[]>('/api/softphone/calls');
      expect(list.status).toBe(200);
      expect(list.body.data!.some((x) => x.id === id)).toBe(false);
    }
    expect((await op.put(`/api/softphone/calls/${id}/answer`, { answered: 'yes' })).status).toBe(400);
    expect((await op.put(`/api/softphone/calls/${id}/answer`, { answered: true })).status).toBe(200);
    expect((await op.put(`/api/softphone/calls/${id}`, { outcome: 'talked' })).status).toBe(400);
    expect((await op.put('/api/softphone/calls/abc', { outcome: 'answered' })).status).toBe(400);
    const done = await op.put<SoftphoneCallDto>(`/api/softphone/calls/${id}`, {
      outcome: 'answered',
      answered: true,
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ outcome: 'answered', direction: 'in' });
    expect(done.body.data!.answeredAt).not.toBeNull();
    expect(done.body.data!.endedAt).not.toBeNull();
    expect((await op.put(`/api/softphone/calls/${id}`, { outcome: 'missed' })).status).toBe(409);
    const list = await op.get<SoftphoneCallDto[]>('/api/softphone/calls?limit=10');
    expect(list.body.data![0]!.id).toBe(id);
    expect((await op.get('/api/softphone/calls?limit=0')).status).toBe(400);
    expect((await op.get('/api/softphone/calls?limit=x')).status).toBe(400);
  });
});

describe('POST /fsapi/xml directory', () => {
  const fetchDir = (
    form: Record<string, string>,
    auth = `${p.config.fsXmlCurlUser}:${p.config.fsXmlCurlPassword}`,
  ) =>
    fetch(`${p.url}/fsapi/xml`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(auth).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    });

  it('answers an extension with its password and auth name; unknown ones and bad credentials are not served', async () => {
    const form = {
      section: 'directory',
      tag_name: 'domain',
      key_name: 'name',
      key_value: 'callplat.local',
      user: '8201',
      domain: 'callplat.local',
    };
    const r = await fetchDir(form);
    expect(r.status).toBe(200);
    const xml = await r.text();
    expect(xml).toContain('<user id="8201">');
    expect(xml).toContain('<param name="password" value="Desk-Pass-82"/>');
    expect(xml).toContain('<param name="auth-name" value="seat8201"/>');
    expect(await (await fetchDir({ ...form, user: '8299' })).text()).toContain('status="not found"');
    expect(await (await fetchDir({ ...form, user: "8201' or 1=1" })).text()).toContain('status="not found"');
    expect((await fetchDir(form, 'freeswitch:wrong')).status).toBe(401);
  });

  // FreeSWITCH asks for a REGISTER by the digest user name (the auth name) and looks for that id.
  it('answers a lookup by auth name under that id, with the dial-string and the seats variables', async () => {
    const form = {
      section: 'directory',
      tag_name: 'domain',
      key_name: 'name',
      key_value: 'callplat.local',
      user: 'seat8201',
      domain: 'callplat.local',
      action: 'sip_auth',
      sip_auth_method: 'REGISTER',
      sip_to_user: '8201',
    };
    const xml = await (await fetchDir(form)).text();
    expect(xml).toContain('<user id="seat8201">');
    expect(xml).toContain('<param name="password" value="Desk-Pass-82"/>');
    expect(xml).toContain('<param name="dial-string" value="{^^:sip_invite_domain=');
    expect(xml).toContain('<variable name="user_context" value="seats"/>');
    expect(xml).toContain('<variable name="callplat_extension" value="8201"/>');
    // The merchant's first enabled line (the demo seeds') carries the seat's dial-outs.
    const merchant = await accountId(p, 'merchant01');
    const line = await p.db
      .knex('sip_lines')
      .where({ account_id: merchant, enabled: true })
      .orderBy('id')
      .first('id');
    expect(xml).toContain(`<variable name="callplat_line" value="line-${line.id}"/>`);
    // A REGISTER binding another extension with this seat's credentials is not served.
    expect(await (await fetchDir({ ...form, sip_to_user: '8299' })).text()).toContain('status="not found"');
    // originate user/8201 asks by extension.
    const byExt = await (
      await fetchDir({ ...form, user: '8201', action: 'user_call', sip_auth_method: '' })
    ).text();
    expect(byExt).toContain('<user id="8201">');
  });
});
