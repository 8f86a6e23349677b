// The web softphone (sip.js in Chromium, fake microphone) against the real switch: operator01's
// browser registers its extension seat over WebSocket to the internal profile, dials a customer from
// the personal center; the `seats` dialplan bridges it out on merchant01's line to the SIPp carrier,
// which answers and talks. The browser's leg is WebRTC (ICE, DTLS-SRTP, PCMU/PCMA): the page's
// RTCPeerConnection and the switch both show it negotiated and audio flowing both ways. The hang-up
// from the UI ends both legs, and the seat's CDR charges the dial record once. Then the other way: a
// DTMF bot's customer presses 1, the bot transfers to the (now auto-answer) seat, the switch bridges
// user/<ext> to the browser, which answers by itself with WebRTC media; its hang-up ends the call,
// billed once as a robot call (the seat leg's CDR charges nothing).
import type { Page } from 'puppeteer-core';
import type { SeatDto, SeatGroupDto } from '../../domain/seats';
import { menuPath } from '../../domain/menus';
import { accountId, loggedIn } from '../../test/fixtures';
import { click, fill, launchBrowser, login, newPage, shot, tid, type TestBrowser } from '../support/browser';
import { seatSocketJoined } from '../../test/mediaKit';
import { speechAlaw } from './audio';
import { insertBot, ivrBot, setRecognizer } from './bots';
import { describeFs } from './describeFs';
import { startFsKit, until, type FsKit } from './kit';
import { pageMediaStats, recordPeerConnections, type PageMediaStats } from './webrtcStats';

jest.setTimeout(150_000);

const SEAT = { extension: '8021', authName: 'seat8021', password: 'Seat-Pass-8021' };
const NUMBER = '13900000051';

describeFs('the web softphone on the real switch', () => {
  let kit: FsKit;
  let b: TestBrowser;
  let page: Page;
  let seat: SeatDto;
  let groupId: number;

  beforeAll(async () => {
    [kit, b] = await Promise.all([
      startFsKit({
        carriers: [
          {
            name: 'customer',
            scenario: 'uas-answer',
            // Long enough to still be talking when the browser's DTLS handshake is done.
            audio: (f) => speechAlaw(f, '喂，你好，我是客户。请问你是哪里？我现在在开会，晚一点再说吧。'),
          },
          { name: 'press1', scenario: 'uas-answer-dtmf', media: { keys: [{ digit: '1', afterMs: 3000 }] } },
        ],
        dialer: true,
      }),
      // Chromium leaves loopback out of its ICE candidates unless told: the switch is on 127.0.0.1.
      launchBrowser({ args: ['--allow-loopback-in-peer-connection'] }),
    ]);
    // The browser registers where the server says (GET /api/softphone/config): the real switch.
    kit.p.config.softphone = {
      wsUrl: `ws://127.0.0.1:${kit.ports.ws}`,
      domain: 'callplat.local',
      simulator: false,
    };
    const m1 = await loggedIn(kit.p, 'merchant01');
    const group = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '网页电话组' })).body.data!;
    groupId = group.id;
    seat = (
      await m1.post<SeatDto>('/api/seats', {
        name: '网页电话实呼',
        type: 'extension',
        extension: SEAT.extension,
        authName: SEAT.authName,
        authPassword: SEAT.password,
        groupId: group.id,
        userId: await accountId(kit.p, 'operator01'),
        enabled: true,
        autoAnswer: false,
      })
    ).body.data!;
    const op = await loggedIn(kit.p, 'operator01');
    await op.put(`/api/seats/${seat.id}/state`, { online: true });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await kit?.close();
  });

  const fail = (what: string) => async (e: unknown) => {
    if (page) await shot(page, `fs-softphone-${what}`).catch(() => undefined);
    throw new Error(`${what}: ${(e as Error).message}\n--- switch:\n${kit.switchLog()}`, { cause: e });
  };

  it('registers over WS, dials out with WebRTC media through the switch, hangs up, billed once', async () => {
    page = await newPage(b, true);
    await recordPeerConnections(page);
    await login(page, kit.p.url, 'operator01');
    await page.goto(`${kit.p.url}${menuPath('mymain/main')}?tab=softphone`);
    const panel = tid('softphone-panel');
    await page
      .waitForSelector(`${panel} ${tid('softphone-registration')}[data-state="registered"]`, {
        timeout: 20_000,
      })
      .catch(fail('registration'));
    // A real switch: no "signalling only" note.
    expect(await page.$(tid('softphone-simulator-note'))).toBeNull();
    const reg = await kit.api(`sofia status profile internal reg`);
    expect(reg).toContain(`${SEAT.extension}@`);

    await fill(page, 'softphone-number', NUMBER);
    await click(page, 'softphone-dial');
    await page
      .waitForSelector(`${panel} ${tid('softphone-call')}[data-phase="active"]`, { timeout: 30_000 })
      .catch(fail('connected'));

    // The browser's leg on the switch: a WebRTC leg (DTLS-SRTP over ICE) with a G.711 codec.
    const leg = await until(
      "the browser's leg",
      async () => {
        const rows = JSON.parse(await kit.api('show channels as json')).rows ?? [];
        return (rows as Array<Record<string, string>>).find((r) => r.name?.startsWith('sofia/internal/'));
      },
      (r) => r !== undefined,
      10_000,
    );
    const dump = await kit.api(`uuid_dump ${leg!.uuid}`);
    const v = (name: string) =>
      decodeURIComponent(new RegExp(`^variable_${name}: (.*)$`, 'm').exec(dump)?.[1] ?? '');
    expect(v('read_codec')).toMatch(/^PCM[UA]$/);
    expect(v('switch_r_sdp')).toContain('UDP/TLS/RTP/SAVPF');
    expect(v('rtp_local_sdp_str')).toContain('a=fingerprint:sha-256');
    // SRTP keyed over DTLS (not SDES): "srtp:dtls:AES_CM_128_HMAC_SHA1_80".
    expect(v('rtp_has_crypto')).toMatch(/^srtp:dtls:/);

    // Audio both ways, as the page's RTCPeerConnection counts it: the carrier's speech arrives
    // (decrypted), the fake microphone's goes out.
    const stats: PageMediaStats = await until(
      'audio in the page',
      () => pageMediaStats(page),
      // A second of audio each way (G.711: 50 packets, 8,000 bytes a second).
      (s) => s.packetsReceived >= 50 && s.bytesSent >= 8000,
      15_000,
    ).catch(fail('media'));
    expect(stats.dtlsState).toBe('connected');
    expect(stats.srtpCipher).not.toBe('');
    expect(stats.codec).toMatch(/^audio\/PCM[UA]$/);
    // The switch counts the same: the browser's packets decrypted in, the carrier's sent out.
    const media = JSON.parse(
      await kit.api(`json {"command":"mediaStats","data":{"uuid":"${leg!.uuid}"}}`),
    ) as { response?: { audio?: Record<string, number> } };
    const audio = media.response?.audio ?? {};
    expect(audio.in_media_packet_count).toBeGreaterThanOrEqual(25);
    expect(audio.out_media_packet_count).toBeGreaterThanOrEqual(50);
    await shot(page, 'fs-softphone-active');

    // Hang up from the UI: both legs end, the dial record is settled from the switch's CDR.
    await click(page, 'softphone-hangup');
    await page.waitForSelector(`${panel} ${tid('softphone-call')}[data-phase="ended"]`, { timeout: 10_000 });
    await until(
      'no channels left',
      async () => (await kit.api('show channels count')).trim(),
      (s) => /^0 total/.test(s),
      10_000,
    );
    const rec = await until(
      'the settled dial record',
      () => kit.k('softphone_calls').where({ seat_id: seat.id }).first(),
      (r) => Boolean(r?.settled_at),
      20_000,
    );
    expect(rec).toMatchObject({ direction: 'out', number: NUMBER, hangup_cause: 'NORMAL_CLEARING' });
    expect(Number(rec.billed_seconds)).toBeGreaterThanOrEqual(1);
    const ledger = await kit.k('ledger_entries').where('idempotency_key', 'like', 'softphone:%');
    expect(ledger.length).toBeGreaterThan(0);
    expect(new Set(ledger.map((l) => l.idempotency_key)).size).toBe(ledger.length);
    expect(new Set(ledger.map((l) => String(l.account_id))).size).toBe(ledger.length);
    expect(await kit.k('softphone_calls').where({ seat_id: seat.id })).toHaveLength(1);
  });
  it('rings with a bridged transfer: answers by itself with WebRTC media, hangs up, billed once', async () => {
    // The same page, registered; the seat answers by itself now and is in its room for offers.
    const op = await loggedIn(kit.p, 'operator01');
    await op.put(`/api/seats/${seat.id}/state`, { autoAnswer: true });
    await seatSocketJoined(kit.p, seat.id);
    const botId = await insertBot(kit.k, kit.merchantId, '实呼转网页电话', ivrBot(groupId));
    await setRecognizer(kit.k, kit.merchantId, 'none');
    const ledgerBefore = await kit.k('ledger_entries').where('idempotency_key', 'like', 'softphone:%');
    const ended = kit.taskCall('press1', botId, '13900000052', (r) => Boolean(r?.settled_at));
    ended.catch(() => undefined); // awaited below

    const panel = tid('softphone-panel');
    await page
      .waitForSelector(`${panel} ${tid('softphone-call')}[data-phase="active"]`, { timeout: 60_000 })
      .catch(fail('bridged call answered'));
    const stats = await until(
      'audio in the page',
      () => pageMediaStats(page),
      (s) => s.packetsReceived >= 50 && s.bytesSent >= 8000,
      15_000,
    ).catch(fail('bridged media'));
    expect(stats.dtlsState).toBe('connected');
    expect(stats.codec).toMatch(/^audio\/PCM[UA]$/);
    await shot(page, 'fs-softphone-bridged');

    await click(page, 'softphone-hangup');
    await page.waitForSelector(`${panel} ${tid('softphone-call')}[data-phase="ended"]`, { timeout: 10_000 });
    const call = await ended;
    expect(call).toMatchObject({ transfer_outcome: 'accepted', transfer_seat_id: String(seat.id) });
    expect(Number(call.charged_fen)).toBeGreaterThan(0);
    const ledger = await kit.k('ledger_entries').where('idempotency_key', 'like', `call:${call.call_uuid}:%`);
    expect(ledger.length).toBeGreaterThan(0);
    expect(new Set(ledger.map((l) => String(l.account_id))).size).toBe(ledger.length);
    // The seat leg (an outbound leg to user/<ext>) charges nothing of its own.
    const after = await kit.k('ledger_entries').where('idempotency_key', 'like', 'softphone:%');
    expect(after).toHaveLength(ledgerBefore.length);
  });
});
