// Outbound robot calls on a real FreeSWITCH, SIPp as the carrier, the server's dial scheduler and
// settlement: a whole call (both prompts played in full, the recording as long as the call, the
// record settled and billed once), busy -> 67, no answer -> 68, a voicemail box's beep -> 70.
import fs from 'node:fs';
import { voicemailAlaw, wavSeconds } from './audio';
import { announceBot, GOODBYE, GREETING, insertBot, setRecognizer } from './bots';
import { describeFs } from './describeFs';
import { startFsKit, type FsKit, type Row } from './kit';

jest.setTimeout(180_000);

describeFs('outbound robot calls on the real switch', () => {
  let kit: FsKit;
  let botId: number;

  beforeAll(async () => {
    kit = await startFsKit({
      dialer: true,
      carriers: [
        { name: 'answer', scenario: 'uas-answer' },
        { name: 'busy', scenario: 'uas-busy' },
        { name: 'noAnswer', scenario: 'uas-no-answer' },
        { name: 'voicemail', scenario: 'uas-answer', audio: (f) => voicemailAlaw(f) },
      ],
    });
    botId = await insertBot(kit.k, kit.merchantId, '实呼通知机器人', announceBot());
    await setRecognizer(kit.k, kit.merchantId, 'none');
  }, 120_000);
  afterAll(() => kit?.close());

  /** A task of one number on the carrier's line; resolves with its settled call row. */
  const dialOne = (carrier: string, phone: string): Promise<Row> =>
    kit.taskCall(carrier, botId, phone, (r) => Boolean(r?.settled_at));

  it('plays both prompts in full, records the whole call, settles and bills it once', async () => {
    const call = await dialOne('answer', '13900000001');
    expect(call.status).toBe('ended');
    expect(call.result_level).toBeGreaterThanOrEqual(21); // a grade A-F, not 90 (lost) nor 70
    expect(call.result_level).toBeLessThanOrEqual(26);

    // The robot said both sentences, and the call lasted at least as long as their audio.
    const lines = await kit.k('conversation_lines').where({ call_id: call.id }).orderBy('seq');
    const robot = lines.filter((l) => l.khtype !== 'user').map((l) => l.khcontent);
    expect(robot).toEqual(expect.arrayContaining([GREETING, GOODBYE]));
    const audio = await kit.k('tts_audio').whereIn('text', [GREETING, GOODBYE]).select('text', 'duration_ms');
    expect(audio).toHaveLength(2);
    const promptsMs = audio.reduce((s, a) => s + Number(a.duration_ms), 0);
    expect(Number(call.talk_ms)).toBeGreaterThanOrEqual(promptsMs - 300);

    // The recording holds the whole answered call (not a stalled fraction of it).
    expect(call.recording_path).toBeTruthy();
    expect(fs.existsSync(call.recording_path)).toBe(true);
    const recorded = wavSeconds(call.recording_path);
    expect(recorded).toBeGreaterThanOrEqual(promptsMs / 1000 - 0.5);
    expect(Math.abs(recorded - Number(call.talk_ms) / 1000)).toBeLessThan(2);

    // Billed once: one ledger row per charged account for this call, and a charge on the record.
    expect(Number(call.billable_ms)).toBeGreaterThan(0);
    expect(Number(call.charged_fen)).toBeGreaterThan(0);
    const ledger = await kit.k('ledger_entries').where('idempotency_key', 'like', `call:${call.call_uuid}:%`);
    expect(ledger.length).toBeGreaterThan(0);
    expect(new Set(ledger.map((l) => String(l.account_id))).size).toBe(ledger.length);
  });

  it('scores a busy callee 67 and one who never answers 68, unbilled', async () => {
    const [busy, noAnswer] = await Promise.all([
      dialOne('busy', '13900000002'),
      dialOne('noAnswer', '13900000003'),
    ]);
    expect(busy).toMatchObject({ status: 'ended', result_level: 67, sip_status: 486 });
    expect(noAnswer).toMatchObject({ status: 'ended', result_level: 68 });
    for (const c of [busy, noAnswer]) expect(Number(c.charged_fen)).toBe(0);
  });

  it('hangs up on a voicemail box at its beep: 70, not billed', async () => {
    const call = await dialOne('voicemail', '13900000004');
    expect(call).toMatchObject({ status: 'ended', result_level: 70 });
    expect(Number(call.billable_ms)).toBe(0);
    expect(Number(call.charged_fen)).toBe(0);
  });
});
