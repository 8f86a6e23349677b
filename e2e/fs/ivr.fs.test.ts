// A DTMF menu bot on a real FreeSWITCH, the carrier's callee pressing keys as carriers send them
// (RFC 4733 telephone-events on the negotiated payload type, from a Node media peer: rtpPeer.ts):
// key 2 takes the bot to its goodbye; key 1 to its transfer node, and the call is bridged to an
// auto-answer seat whose softphone is registered over WebSocket (wsSeat.ts). The seat answers, then
// hangs up; the record shows the transfer, and the call is billed once (the seat leg's CDR, an
// outbound leg of the switch, charges nothing: domain/cdr.ts).
import type { SeatDto, SeatGroupDto } from '../../domain/seats';
import { accountId, loggedIn } from '../../test/fixtures';
import { GOODBYE, insertBot, ivrBot, IVR_REMINDER as REMINDER, setRecognizer } from './bots';
import { describeFs } from './describeFs';
import { startFsKit, until, type FsKit } from './kit';
import { startWsSeat, type WsSeat } from './wsSeat';

jest.setTimeout(150_000);

const SEAT = { extension: '8012', authName: 'seat8012', password: 'Seat-Pass-8012' };

describeFs('a DTMF menu bot on the real switch', () => {
  let kit: FsKit;
  let botId: number;
  let seat: SeatDto;
  let phone: WsSeat;

  beforeAll(async () => {
    kit = await startFsKit({
      dialer: true,
      carriers: [
        { name: 'press2', scenario: 'uas-answer-dtmf', media: { keys: [{ digit: '2', afterMs: 3000 }] } },
        {
          name: 'press1',
          scenario: 'uas-answer-dtmf',
          media: { keys: [{ digit: '1', afterMs: 3000 }] },
        },
      ],
    });
    // The seat desk as the web does it: a group, an extension seat that answers by itself, its user
    // puts it online; its softphone registers over WS.
    const m1 = await loggedIn(kit.p, 'merchant01');
    const group = (await m1.post<SeatGroupDto>('/api/seats/groups', { name: '实呼坐席组' })).body.data!;
    seat = (
      await m1.post<SeatDto>('/api/seats', {
        name: '实呼坐席',
        type: 'extension',
        extension: SEAT.extension,
        authName: SEAT.authName,
        authPassword: SEAT.password,
        groupId: group.id,
        userId: await accountId(kit.p, 'operator01'),
        enabled: true,
        autoAnswer: true,
      })
    ).body.data!;
    const op = await loggedIn(kit.p, 'operator01');
    await op.put(`/api/seats/${seat.id}/state`, { online: true });
    phone = await startWsSeat({
      ...SEAT,
      wsPort: kit.ports.ws,
      domain: 'callplat.local',
      rtpPort: kit.ports.sippRtp + 178,
    });
    botId = await insertBot(kit.k, kit.merchantId, '实呼按键机器人', ivrBot(group.id));
    await setRecognizer(kit.k, kit.merchantId, 'none');
  }, 120_000);
  afterAll(async () => {
    await phone?.close();
    await kit?.close();
  });

  it('takes key 2 to its goodbye', async () => {
    const c = kit.carriers.get('press2')!;
    const call = await kit.taskCall('press2', botId, '13900000031', (r) => r?.status === 'ended');
    expect(c.media!.pressed).toEqual(['2']);
    const lines = await kit.k('conversation_lines').where({ call_id: call.id }).orderBy('seq');
    expect(lines.map((l) => l.khcontent)).toContain(GOODBYE);
    // Reached by the key, not by the silence fallback (which asks again first).
    expect(lines.map((l) => l.khcontent)).not.toContain(REMINDER);
    expect(call.answered_at).not.toBeNull();
    expect(call.transfer_outcome).toBeNull();
  });

  it('takes key 1 to its transfer node and bridges the call to the WS seat, billed once', async () => {
    const c = kit.carriers.get('press1')!;
    const ended = kit.taskCall('press1', botId, '13900000032', (r) => Boolean(r?.settled_at));
    ended.catch(() => undefined); // awaited below; a failure before that is reported there
    // The seat's phone rings (the offer was taken at once: auto-answer) and answers.
    await until(
      'the seat rung',
      async () => phone.invites.length,
      (n) => n > 0,
      60_000,
    ).catch(async (e) => {
      const row = await kit.k('calls').orderBy('id', 'desc').first();
      const lines = await kit
        .k('conversation_lines')
        .where({ call_id: row?.id ?? 0 })
        .orderBy('seq');
      throw new Error(
        `${(e as Error).message}: ${JSON.stringify(row)}\n${JSON.stringify(lines.map((l) => [l.khtype, l.khcontent]))}\n--- switch:\n${kit.switchLog()}`,
      );
    });
    // The switch took the seat's answer (its ACK): the customer's leg is bridged to the seat.
    await phone.sip.waitFor((m) => m.kind === 'request' && m.method === 'ACK', 10_000);
    // NOT checked: audio through the bridge. The switch offers a WS contact WebRTC media (RTP/SAVPF,
    // ICE, DTLS-SRTP), which this plain-RTP client cannot do (the softphone in Chromium can).
    await new Promise((r) => setTimeout(r, 2000));
    await phone.hangUp();
    const call = await ended;
    expect(c.media!.pressed).toEqual(['1']);
    expect(call).toMatchObject({ transfer_outcome: 'accepted', transfer_seat_id: String(seat.id) });
    expect(call.hangup_cause).toBe('NORMAL_CLEARING');
    // The robot talked, then the seat: the record is the whole call, billed once.
    expect(Number(call.charged_fen)).toBeGreaterThan(0);
    const ledger = await kit.k('ledger_entries').where('idempotency_key', 'like', `call:${call.call_uuid}:%`);
    expect(ledger.length).toBeGreaterThan(0);
    expect(new Set(ledger.map((l) => String(l.account_id))).size).toBe(ledger.length);
    // The switch posted the seat leg's CDR too (an outbound leg to user/<ext>): taken, charged nothing.
    const seatLeg = await until(
      "the seat leg's CDR",
      async () => kit.cdrs.find((d) => d.extension === SEAT.extension && d.direction === 'outbound'),
      (d) => d !== undefined,
      15_000,
    );
    expect(seatLeg!.status).toBe(200);
    expect(await kit.k('softphone_calls').where({ seat_id: seat.id })).toHaveLength(0);
    expect(await kit.k('ledger_entries').where('idempotency_key', 'like', 'softphone:%')).toHaveLength(0);
  });
});
