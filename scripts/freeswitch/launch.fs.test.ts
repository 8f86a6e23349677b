// The project's FreeSWITCH configuration (config/freeswitch) on the real switch, the platform serving
// sofia.conf, the directory and the CDR endpoint: both profiles run (WS bound), a line added is a
// gateway after a rescan, a seat registers its extension with its auth name over UDP and over WS,
// `originate user/<ext>` rings it, a seat's dial-out goes out on its merchant's line and its CDR
// charges the dial record, and every leg's CDR is taken (200, nothing left for the switch to retry).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { SeatDto, SeatGroupDto } from '../../domain/seats';
import type { SoftphoneCallDto } from '../../domain/softphone';
import { encryptSecret } from '../../platform/secrets';
import { EslConnection } from '../../media/src/esl/connection';
import { SipWsClient } from '../../media/src/sim/sipws/testClient';
import type { SipRequest } from '../../media/src/sim/sipws/message';
import type { ApiClient } from '../../test/apiClient';
import { accountId, loggedIn } from '../../test/fixtures';
import { startTestPlatform, type TestPlatform } from '../../test/harness';
import { until } from '../../test/until';
import { freeswitchInstalled, startFreeswitch, type RunningFreeswitch } from './launch';
import { startCdrWatch, type CdrWatch } from '../../e2e/fs/cdrWatch';
import { fsPorts } from '../../e2e/fs/ports';
import { startSipp, type Sipp, type SippOptions } from '../../e2e/fs/sipp';

// The real-switch tier's ports of this jest worker (e2e/fs/ports.ts).
const P = fsPorts();
const PORTS = {
  esl: P.esl,
  external: P.externalSip,
  internal: P.internalSip,
  ws: P.ws,
  rtpStart: P.rtpStart,
  rtpEnd: P.rtpEnd,
};
const SIPP = { register: P.sippSip, phone: P.sippSip + 1, carrier: P.sippSip + 10, seatCall: P.sippSip + 12 };
const MEDIA = (n: number) => P.sippRtp + 10 * n;
const DOMAIN = 'callplat.local';
const SEAT = { extension: '8001', authName: 'seat8001', password: 'Seat-Pass-8001' };
const WS_SEAT = { extension: '8002', authName: 'seat8002', password: 'Seat-Pass-8002' };

const maybe = freeswitchInstalled() ? describe : describe.skip;

maybe('config/freeswitch on the real switch', () => {
  let p: TestPlatform;
  let fsw: RunningFreeswitch;
  let esl: EslConnection;
  let op: ApiClient;
  /** What the switch posted to /fsapi/cdr and what the platform answered; can hold the posts back. */
  let watch: CdrWatch;

  const sipps: Sipp[] = [];
  const sipp = (o: SippOptions) => {
    const r = startSipp(o);
    sipps.push(r);
    return r;
  };
  const switchLog = () => fs.readFileSync(fsw.logFile, 'utf8').slice(-6000);

  beforeAll(async () => {
    p = await startTestPlatform();
    const m1 = await loggedIn(p, 'merchant01');
    const group = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: 'fs组' })).body.data!;
    const seat = async (s: typeof SEAT, name: string, user: string) =>
      (
        await m1.post<SeatDto>('/api/seats', {
          name,
          type: 'extension',
          extension: s.extension,
          authName: s.authName,
          authPassword: s.password,
          groupId: group.id,
          userId: await accountId(p, user),
          enabled: true,
          autoAnswer: false,
        })
      ).body.data!;
    const s1 = await seat(SEAT, 'fs坐席', 'operator01');
    expect(s1.id).toBeGreaterThan(0);
    op = await loggedIn(p, 'operator01');
    await op.put(`/api/seats/${s1.id}/state`, { online: true });
    // Watches the CDR posts on their way to the platform (the platform alone answers them).
    watch = await startCdrWatch(p.url);
    fsw = await startFreeswitch({
      eslPort: PORTS.esl,
      eslPassword: 'fs-test-pw',
      externalSipPort: PORTS.external,
      internalSipPort: PORTS.internal,
      wsPort: PORTS.ws,
      rtpStart: PORTS.rtpStart,
      rtpEnd: PORTS.rtpEnd,
      fsapiUrl: watch.url,
      fsapiUser: p.config.fsXmlCurlUser,
      fsapiPassword: p.config.fsXmlCurlPassword,
      domain: DOMAIN,
      logLevel: 'info',
    });
    esl = await EslConnection.open({ host: '127.0.0.1', port: PORTS.esl, password: 'fs-test-pw' });
    // The second seat, registered over WebSocket, is added after the switch started (nothing cached).
    await seat(WS_SEAT, 'fs坐席2', 'merchant01');
  }, 60_000);

  afterAll(async () => {
    for (const s of sipps) await s.stop();
    esl?.destroy();
    await fsw?.stop();
    await watch?.close();
    await p?.close();
  });

  it('runs both served profiles, WS bound on the internal one', async () => {
    const status = await esl.api('sofia status');
    expect(status).toMatch(/external\s+profile\s+\S+\s+RUNNING/);
    expect(status).toMatch(/internal\s+profile\s+\S+\s+RUNNING/);
    const internal = await esl.api('sofia status profile internal');
    expect(internal).toMatch(new RegExp(`WS-BIND-URL\\s+sip:mod_sofia@127.0.0.1:${PORTS.ws};transport=ws`));
    expect(internal).toMatch(/Context\s+seats/);
  });

  it('registers a seat by its auth name and rings it with originate user/<ext>', async () => {
    const phone = sipp({ scenario: 'uas-phone', port: SIPP.phone, mediaPort: MEDIA(0), calls: 1 });
    const reg = sipp({
      scenario: 'seat-register',
      target: `127.0.0.1:${PORTS.internal}`,
      port: SIPP.register,
      mediaPort: MEDIA(1),
      vars: { ...vars(SEAT), CONTACT_PORT: String(SIPP.phone) },
    });
    const code = await reg.exited;
    if (code !== 0) throw new Error(`REGISTER failed\n${reg.log()}\n${switchLog()}`);
    const uuid = '11111111-2222-4333-8444-555555555555';
    const reply = await esl.api(`originate {origination_uuid=${uuid}}user/${SEAT.extension} &park()`, 15000);
    expect(reply).toMatch(/^\+OK/);
    // The end of the call does not wait for the CDR post (mod_json_cdr queue-capacity): with the
    // platform taking 3 s to answer, CHANNEL_HANGUP_COMPLETE still comes at once.
    watch.delayMs = 3000;
    const completed = new Promise<number>((resolve) =>
      esl.on('event', (e) => {
        if (e.name === 'CHANNEL_HANGUP_COMPLETE' && e.uuid === uuid) resolve(Date.now());
      }),
    );
    const killedAt = Date.now();
    await esl.api(`uuid_kill ${uuid}`);
    expect((await completed) - killedAt).toBeLessThan(1000);
    expect(await phone.exited).toBe(0);
    // The switch's own leg: not a softphone's, answered 200.
    await until(() => watch.posts.some((c) => c.uuid === uuid), 10_000);
    watch.delayMs = 0;
    const cdr = watch.posts.find((c) => c.uuid === uuid)!;
    expect(cdr).toMatchObject({ status: 200, type: 'application/json' });
    expect(cdr.at - killedAt).toBeGreaterThanOrEqual(3000);
  }, 40_000);

  // Issue 20 point 2: without rtp-timer-name=soft a prompt to a silent far end never finished.
  it('plays a prompt in its own time to a phone that sends no audio', async () => {
    const phone = sipp({ scenario: 'uas-phone', port: SIPP.phone, mediaPort: MEDIA(2), calls: 1 });
    const wav = `${fsw.dir}/prompt-2s.wav`;
    execFileSync('sox', ['-n', '-r', '8000', '-c', '1', '-b', '16', wav, 'synth', '2', 'sine', '440']);
    const uuid = '21111111-2222-4333-8444-555555555555';
    const times = new Map<string, number>();
    esl.on('event', (e) => {
      if (e.uuid === uuid && !times.has(e.name)) times.set(e.name, Date.now());
    });
    const reply = await esl.api(
      `originate {origination_uuid=${uuid}}user/${SEAT.extension} &playback(${wav})`,
      15000,
    );
    expect(reply).toMatch(/^\+OK/);
    await until(() => times.has('CHANNEL_HANGUP_COMPLETE'), 10_000);
    const played = times.get('CHANNEL_HANGUP_COMPLETE')! - times.get('CHANNEL_ANSWER')!;
    expect(played).toBeGreaterThanOrEqual(1800);
    expect(played).toBeLessThan(3500);
    expect(await phone.exited).toBe(0);
  }, 30_000);

  it('registers a WebSocket seat (sip.js style) and rings it over the socket', async () => {
    const ws = await SipWsClient.open(PORTS.ws);
    try {
      const ok = await ws.register(WS_SEAT.extension, WS_SEAT.authName, WS_SEAT.password, DOMAIN);
      expect(ok).toMatchObject({ kind: 'response', status: 200 });
      // Another seat's credentials cannot bind this extension.
      const other = await SipWsClient.open(PORTS.ws);
      expect(await other.register(WS_SEAT.extension, SEAT.authName, SEAT.password, DOMAIN)).toMatchObject({
        status: 403,
      });
      other.close();
      const from = ws.received.length;
      const originate = esl.api(`originate user/${WS_SEAT.extension} &park()`, 15000);
      const invite = (await ws.waitFor(
        (m) => m.kind === 'request' && m.method === 'INVITE',
        10_000,
        from,
      )) as SipRequest;
      ws.reply(invite, 486, 'Busy Here');
      expect(await originate).toMatch(/^-ERR USER_BUSY/);
    } finally {
      ws.close();
    }
  }, 40_000);

  it("puts a seat's dial-out on its merchant's line (added, then rescanned) and charges its record", async () => {
    const merchant = await accountId(p, 'merchant01');
    const [line] = await p.db
      .knex('sip_lines')
      .insert({
        account_id: merchant,
        name: 'fs-carrier',
        server_ip: '127.0.0.1',
        port: SIPP.carrier,
        auth_account: 'fsline01',
        password_enc: encryptSecret(p.config.secretKey, 'fsline-secret'),
        caller_number: '02100000077',
        prefix: '',
        codec: 'PCMA',
        rate_count: 5,
        rate_seconds: 1,
        port_count: 10,
        mode: 'gateway',
        enabled: true,
      })
      .returning('id');
    // The demo line (lower id) goes nowhere: this test's line is the merchant's first enabled one.
    await p.db
      .knex('sip_lines')
      .where({ account_id: merchant })
      .whereNot({ id: line.id })
      .update({ enabled: false });
    await esl.api('sofia profile external rescan');
    await until(async () => /line-\d+/.test(await esl.api(`sofia status gateway line-${line.id}`)), 10_000);
    expect(await esl.api(`sofia status gateway line-${line.id}`)).toMatch(`127.0.0.1:${SIPP.carrier}`);

    const carrier = sipp({ scenario: 'uas-phone', port: SIPP.carrier, mediaPort: MEDIA(3), calls: 5 });
    const rec = (
      await op.post<SoftphoneCallDto>('/api/softphone/calls', { direction: 'out', number: '13800000077' })
    ).body.data!;
    const call = sipp({
      scenario: 'seat-call',
      target: `127.0.0.1:${PORTS.internal}`,
      port: SIPP.seatCall,
      mediaPort: MEDIA(4),
      vars: { ...vars(SEAT), NUMBER: '13800000077', RECORD: String(rec.id), HOLD_MS: '2500' },
    });
    const code = await call.exited;
    if (code !== 0) throw new Error(`seat call failed\n${call.log()}\n${carrier.log()}\n${switchLog()}`);
    const row = await until(async () => {
      const r = await p.db.knex('softphone_calls').where({ id: rec.id }).first();
      return r?.settled_at ? r : null;
    }, 15_000);
    expect(row).toMatchObject({ hangup_cause: 'NORMAL_CLEARING' });
    expect(Number(row.billed_seconds)).toBeGreaterThanOrEqual(2);
    // Every leg's CDR was taken: the seat's (charged) and the carrier leg (not a softphone's).
    expect(watch.posts.filter((c) => c.status !== 200)).toEqual([]);
    expect(fs.readdirSync(`${fsw.dir}/cdr-errors`)).toEqual([]);
  }, 60_000);
});

const vars = (s: typeof SEAT) => ({ EXT: s.extension, DOMAIN, AUTH_NAME: s.authName, PASSWORD: s.password });
