// The simulator's SIP-over-WebSocket registrar against the real platform: extensions come from the
// seats through POST /fsapi/xml (mod_xml_curl directory), REGISTER is refused with a wrong password
// and accepted with the right one, and `bridge user/<ext>` rings the registered WebSocket (INVITE,
// 200 / ACK, BYE both ways, CANCEL when the customer hangs up first). Softphone dials: the simulator
// answers as the callee; a malformed number gets 484; the call's CDR (mod_json_cdr) reaches the platform
// and completes the dial record the INVITE named.
import { RECORD_HEADER } from '../../../../domain/cdr';
import type { SeatDto, SeatGroupDto } from '../../../../domain/seats';
import { accountId, loggedIn } from '../../../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../../../test/harness';
import { startSimulator, type Simulator } from '../server';
import { RawEsl } from '../testing';
import { jsonCdrPoster } from './cdr';
import { xmlCurlDirectory } from './directory';
import { header, type SipMessage, type SipRequest } from './message';
import { offerSdp, newSdpIdentity } from './sdp';
import { SipWsClient } from './testClient';
import { until } from '../../../../test/until';

let p: TestPlatform;
let op: Awaited<ReturnType<typeof loggedIn>>;
let sim: Simulator;
let esl: RawEsl;
const clients: SipWsClient[] = [];

const isReq = (method: string) => (m: SipMessage) => m.kind === 'request' && m.method === method;
const isRes = (status: number, method?: string) => (m: SipMessage) =>
  m.kind === 'response' && m.status === status && (!method || (header(m, 'CSeq') ?? '').endsWith(method));

beforeAll(async () => {
  p = await startTestPlatform();
  const m1 = await loggedIn(p, 'merchant01');
  const group = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '软电话组' })).body.data!;
  const opId = await accountId(p, 'operator01');
  const seat = await m1.post<SeatDto>('/api/seats', {
    name: '分机坐席',
    type: 'extension',
    extension: '8101',
    authName: 'seat8101',
    authPassword: 'Desk-Pass-81',
    groupId: group.id,
    userId: opId,
    enabled: true,
    autoAnswer: false,
  });
  expect(seat.status).toBe(200);
  op = await loggedIn(p, 'operator01');
  await op.put(`/api/seats/${seat.body.data!.id}/state`, { online: true });
  sim = await startSimulator({
    timeScale: 0.05,
    heartbeatMs: 0,
    personas: [
      { name: 'customer', match: '^139', outcome: 'answer', ringMs: [100, 100], hangupAtMs: 600_000 },
    ],
    sipWs: {
      port: 0,
      calleeRingMs: 50,
      calleeAnswerMs: 100,
      directory: xmlCurlDirectory({
        url: `${p.url}/fsapi/xml`,
        user: p.config.fsXmlCurlUser,
        password: p.config.fsXmlCurlPassword,
      }),
      cdr: jsonCdrPoster({
        url: `${p.url}/fsapi/cdr`,
        user: p.config.fsXmlCurlUser,
        password: p.config.fsXmlCurlPassword,
      }),
    },
  });
  esl = await RawEsl.open(
    sim.port,
    'plain CHANNEL_ANSWER CHANNEL_BRIDGE CHANNEL_UNBRIDGE CHANNEL_HANGUP_COMPLETE CHANNEL_EXECUTE_COMPLETE BACKGROUND_JOB',
  );
});
afterAll(async () => {
  for (const c of clients) c.close();
  esl?.close();
  await sim?.close();
  await p?.close();
});

const client = async () => {
  const c = await SipWsClient.open(sim.sipWsPort!);
  clients.push(c);
  return c;
};

async function answeredCall(uuid: string) {
  const reply = await esl.command(
    `bgapi originate {origination_uuid=${uuid},originate_timeout=30}sofia/gateway/line1/13900000001 &park()`,
  );
  const job = await esl.event(
    (e) => e['Event-Name'] === 'BACKGROUND_JOB' && e['Job-UUID'] === reply.headers['Job-UUID'],
    10_000,
  );
  expect(job._body).toBe(`+OK ${uuid}\n`);
}
const bridge = (uuid: string, id: string) =>
  esl.command(
    `sendmsg ${uuid}\ncall-command: execute\nexecute-app-name: bridge\nexecute-app-arg: user/8101\nevent-lock: true\nEvent-UUID: ${id}`,
  );

describe('REGISTER', () => {
  it('offers only the sip subprotocol', async () => {
    const c = await client();
    expect(c.ws.protocol).toBe('sip');
  });

  it('challenges, refuses a wrong password or auth name (403) and an unknown extension', async () => {
    const c = await client();
    expect(await c.register('8101', 'seat8101', 'wrong-pass')).toMatchObject({ status: 403 });
    expect(await c.register('8101', 'someone', 'Desk-Pass-81')).toMatchObject({ status: 403 });
    expect(await c.register('8199', 'seat8199', 'Desk-Pass-81')).toMatchObject({ status: 403 });
    // Without credentials: 401 with a Digest challenge for the domain.
    c.send(
      c.request('REGISTER', 'sip:callplat.local', [
        ['To', '<sip:8101@callplat.local>'],
        ['From', '<sip:8101@callplat.local>;tag=x'],
        ['Call-ID', 'q1'],
      ]),
    );
    const ch = await c.waitFor(isRes(401));
    expect(header(ch, 'WWW-Authenticate')).toMatch(
      /^Digest realm="callplat.local", nonce="[0-9a-f]+", algorithm=MD5, qop="auth"$/,
    );
  });

  it('accepts the right credentials with 200 echoing the Contact and its expiry', async () => {
    const c = await client();
    const ok = await c.register('8101', 'seat8101', 'Desk-Pass-81', 'callplat.local', 3600);
    expect(ok).toMatchObject({ status: 200 });
    expect(header(ok, 'Contact')).toBe(`<${c.contact}>;expires=600`);
    c.close();
  });
});

describe('bridge user/<ext> to the registered browser', () => {
  let phone: SipWsClient;
  beforeEach(async () => {
    phone = await client();
    expect(await phone.register('8101', 'seat8101', 'Desk-Pass-81')).toMatchObject({ status: 200 });
  });
  afterEach(() => phone.close());

  it('INVITEs the contact, bridges on 200 (ACK), and the browser BYE hangs the customer up', async () => {
    await answeredCall('sw-1');
    // What the media worker sets before a bridge (FreeSWITCH's default leaves the customer parked).
    await esl.command('api uuid_setvar sw-1 hangup_after_bridge true');
    const from = phone.received.length;
    await bridge('sw-1', 'b1');
    const invite = (await phone.waitFor(isReq('INVITE'), 5000, from)) as SipRequest;
    expect(invite.uri).toBe(phone.contact);
    expect(header(invite, 'X-Call-UUID')).toBe('sw-1');
    expect(header(invite, 'From')).toContain('139****0001');
    expect(invite.body).toContain('a=fingerprint:sha-256');
    phone.reply(invite, 180, 'Ringing');
    phone.reply(invite, 200, 'OK', [['Content-Type', 'application/sdp']], offerSdp(newSdpIdentity()));
    const ack = (await phone.waitFor(isReq('ACK'), 3000, from)) as SipRequest;
    expect(header(ack, 'To')).toContain('tag=browser1');
    await esl.event((e) => e['Event-Name'] === 'CHANNEL_BRIDGE' && e['Unique-ID'] === 'sw-1');
    // DTMF over INFO reaches the channel; BYE from the browser ends the call.
    const dialogHeaders: Array<[string, string]> = [
      ['From', header(invite, 'To')! + ';tag=browser1'],
      ['To', header(invite, 'From')!],
      ['Call-ID', header(invite, 'Call-ID')!],
    ];
    phone.send(
      phone.request(
        'INFO',
        'sip:callplat-sim@127.0.0.1',
        [...dialogHeaders, ['Content-Type', 'application/dtmf-relay']],
        'Signal=5\r\nDuration=100\r\n',
      ),
    );
    await phone.waitFor(isRes(200, 'INFO'), 3000, from);
    phone.send(phone.request('BYE', 'sip:callplat-sim@127.0.0.1', dialogHeaders));
    await phone.waitFor(isRes(200, 'BYE'), 3000, from);
    const end = await esl.event(
      (e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE' && e['Unique-ID'] === 'sw-1',
      5000,
    );
    expect(end['Hangup-Cause']).toBe('NORMAL_CLEARING');
    expect(
      esl.events().some((e) => e['Event-Name'] === 'CHANNEL_UNBRIDGE' && e['Unique-ID'] === 'sw-1'),
    ).toBe(true);
  });

  it('sends BYE to the browser when the customer hangs up during the bridge', async () => {
    await answeredCall('sw-2');
    const from = phone.received.length;
    await bridge('sw-2', 'b2');
    const invite = (await phone.waitFor(isReq('INVITE'), 5000, from)) as SipRequest;
    phone.reply(invite, 200, 'OK', [['Content-Type', 'application/sdp']], offerSdp(newSdpIdentity()));
    await esl.event((e) => e['Event-Name'] === 'CHANNEL_BRIDGE' && e['Unique-ID'] === 'sw-2');
    await esl.command('api uuid_kill sw-2');
    const bye = await phone.waitFor(isReq('BYE'), 3000, from);
    expect(header(bye, 'Call-ID')).toBe(header(invite, 'Call-ID'));
  });

  it('CANCELs the INVITE when the customer hangs up while the browser rings', async () => {
    await answeredCall('sw-3');
    const from = phone.received.length;
    await bridge('sw-3', 'b3');
    const invite = (await phone.waitFor(isReq('INVITE'), 5000, from)) as SipRequest;
    phone.reply(invite, 180, 'Ringing');
    await esl.command('api uuid_kill sw-3');
    const cancel = await phone.waitFor(isReq('CANCEL'), 3000, from);
    expect(header(cancel, 'Call-ID')).toBe(header(invite, 'Call-ID'));
    phone.reply(invite, 487, 'Request Terminated');
    await phone.waitFor(isReq('ACK'), 3000, from);
  });

  it('a rejected INVITE (486) fails the bridge as FreeSWITCH does: _none_, the cause in variables, hang-up', async () => {
    await answeredCall('sw-4');
    const from = phone.received.length;
    await bridge('sw-4', 'b4');
    const invite = (await phone.waitFor(isReq('INVITE'), 5000, from)) as SipRequest;
    phone.reply(invite, 486, 'Busy Here');
    await phone.waitFor(isReq('ACK'), 3000, from);
    const done = await esl.event(
      (e) => e['Event-Name'] === 'CHANNEL_EXECUTE_COMPLETE' && e['Application-UUID'] === 'b4',
      5000,
    );
    expect(done).toMatchObject({
      'Application-Response': '_none_',
      variable_originate_disposition: 'USER_BUSY',
      variable_DIALSTATUS: 'BUSY',
      variable_originate_failed_cause: 'USER_BUSY',
    });
    // Without continue_on_fail the customer is hung up with the cause.
    const end = await esl.event(
      (e) => e['Event-Name'] === 'CHANNEL_HANGUP_COMPLETE' && e['Unique-ID'] === 'sw-4',
      5000,
    );
    expect(end['Hangup-Cause']).toBe('USER_BUSY');
  });

  it('with continue_on_fail=true the customer stays after a failed bridge (480: NO_USER_RESPONSE)', async () => {
    await answeredCall('sw-5');
    await esl.command('api uuid_setvar sw-5 continue_on_fail true');
    const from = phone.received.length;
    await bridge('sw-5', 'b5');
    const invite = (await phone.waitFor(isReq('INVITE'), 5000, from)) as SipRequest;
    phone.reply(invite, 480, 'Temporarily Unavailable');
    const done = await esl.event(
      (e) => e['Event-Name'] === 'CHANNEL_EXECUTE_COMPLETE' && e['Application-UUID'] === 'b5',
      5000,
    );
    expect(done['variable_originate_disposition']).toBe('NO_USER_RESPONSE');
    expect((await esl.command('api uuid_exists sw-5')).body).toBe('true');
    await esl.command('api uuid_kill sw-5');
  });

  it('without hangup_after_bridge the customer stays parked when the seat hangs up', async () => {
    await answeredCall('sw-6');
    const from = phone.received.length;
    await bridge('sw-6', 'b6');
    const invite = (await phone.waitFor(isReq('INVITE'), 5000, from)) as SipRequest;
    phone.reply(invite, 200, 'OK', [['Content-Type', 'application/sdp']], offerSdp(newSdpIdentity()));
    await esl.event((e) => e['Event-Name'] === 'CHANNEL_BRIDGE' && e['Unique-ID'] === 'sw-6');
    phone.send(
      phone.request('BYE', 'sip:callplat-sim@127.0.0.1', [
        ['From', header(invite, 'To')! + ';tag=browser1'],
        ['To', header(invite, 'From')!],
        ['Call-ID', header(invite, 'Call-ID')!],
      ]),
    );
    const done = await esl.event(
      (e) => e['Event-Name'] === 'CHANNEL_EXECUTE_COMPLETE' && e['Application-UUID'] === 'b6',
      5000,
    );
    expect(done).toMatchObject({
      'Application-Response': '_none_',
      variable_originate_disposition: 'SUCCESS',
      variable_last_bridge_hangup_cause: 'NORMAL_CLEARING',
    });
    expect((await esl.command('api uuid_exists sw-6')).body).toBe('true');
    await esl.command('api uuid_kill sw-6');
  });
});

describe('a softphone dials out', () => {
  it('the simulator answers as the callee; a bad number gets 484; an unregistered socket 403', async () => {
    const stranger = await client();
    const invite = (c: SipWsClient, number: string, callId: string, extra: [string, string][] = []) =>
      c.request(
        'INVITE',
        `sip:${number}@callplat.local`,
        [
          ['From', '<sip:8101@callplat.local>;tag=out1'],
          ['To', `<sip:${number}@callplat.local>`],
          ['Call-ID', callId],
          ['Contact', `<${c.contact}>`],
          ['Content-Type', 'application/sdp'],
          ...extra,
        ],
        offerSdp(newSdpIdentity()),
      );
    stranger.send(invite(stranger, '13800138000', 'o0'));
    await stranger.waitFor(isRes(403, 'INVITE'));

    const phone = await client();
    expect(await phone.register('8101', 'seat8101', 'Desk-Pass-81')).toMatchObject({ status: 200 });
    phone.send(invite(phone, '12', 'o1'));
    await phone.waitFor(isRes(484, 'INVITE'));
    // The dial record the softphone opens first, named in the INVITE (as the browser does).
    const rec = (
      await op.post<{ id: number }>('/api/softphone/calls', { direction: 'out', number: '13800138000' })
    ).body.data!;
    phone.send(invite(phone, '13800138000', 'o2', [[RECORD_HEADER, String(rec.id)]]));
    await phone.waitFor(isRes(180, 'INVITE'));
    const ok = await phone.waitFor(isRes(200, 'INVITE'));
    expect(ok.body).toContain('a=setup:active');
    phone.send(
      phone.request('ACK', 'sip:callplat-sim@127.0.0.1', [
        ['From', '<sip:8101@callplat.local>;tag=out1'],
        ['To', header(ok, 'To')!],
        ['Call-ID', 'o2'],
      ]),
    );
    await new Promise((r) => setTimeout(r, 1100)); // a second of talk: the CDR's billsec is whole seconds
    phone.send(
      phone.request('BYE', 'sip:callplat-sim@127.0.0.1', [
        ['From', '<sip:8101@callplat.local>;tag=out1'],
        ['To', header(ok, 'To')!],
        ['Call-ID', 'o2'],
      ]),
    );
    await phone.waitFor(isRes(200, 'BYE'));
    phone.close();
    // The simulator's mod_json_cdr posted the leg: the record has the switch's talk time, settled.
    const row = await until(async () => {
      const r = await p.db.knex('softphone_calls').where({ id: rec.id }).first();
      return r?.settled_at ? r : undefined;
    }, 5000);
    expect(row).toMatchObject({ direction: 'out', hangup_cause: 'NORMAL_CLEARING' });
    expect(row.settled_at).not.toBeNull();
    expect(row.fs_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.billed_seconds).toBeGreaterThanOrEqual(1);
    // Only that dial left a CDR (the refused and malformed INVITEs never became calls).
    expect(await p.db.knex('softphone_calls').whereNotNull('fs_uuid').count({ n: '*' })).toEqual([
      { n: '1' },
    ]);
  });
});
