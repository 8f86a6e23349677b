// mod_avmd's detection window on the real switch: the worker stops avmd (`avmd <uuid> stop`) a set time
// after the answer, so it costs the switch only the first seconds of a call. Here the window is 2 s and
// the voicemail box beeps only after its 5 s greeting: avmd's media bug is on the leg after the
// answer and gone after the window (uuid_buglist), the late beep is not heard, and the call runs as
// an answered, billed call. A beep inside the (default 30 s) window is outbound.fs.test.ts's 70.
import { voicemailAlaw } from './audio';
import { announceBot, insertBot, setRecognizer } from './bots';
import { describeFs } from './describeFs';
import { startFsKit, until, type FsKit } from './kit';

jest.setTimeout(150_000);

const WINDOW_MS = 2000;

describeFs("mod_avmd's detection window on the real switch", () => {
  let kit: FsKit;
  let botId: number;

  beforeAll(async () => {
    kit = await startFsKit({
      dialer: true,
      carriers: [{ name: 'lateBeep', scenario: 'uas-answer', audio: (f) => voicemailAlaw(f) }],
      worker: { machine: { avmd: true, avmdWindowMs: WINDOW_MS } },
    });
    botId = await insertBot(kit.k, kit.merchantId, '实呼窗口机器人', announceBot());
    await setRecognizer(kit.k, kit.merchantId, 'none');
  }, 120_000);
  afterAll(() => kit?.close());

  it('stops avmd after the window: its bug leaves the leg, a later beep is not a voicemail', async () => {
    const ended = kit.taskCall('lateBeep', botId, '13900000061', (r) => Boolean(r?.settled_at));
    ended.catch(() => undefined); // awaited below
    const answered = await until(
      'the answer',
      () => kit.k('calls').whereNotNull('answered_at').first(),
      (r) => Boolean(r?.call_uuid),
      60_000,
      50,
    );
    const bugs = () => kit.api(`uuid_buglist ${answered.call_uuid}`).catch((e: Error) => e.message);
    // avmd is on the leg from the answer …
    await until('avmd on the leg', bugs, (b) => b.includes('<function>avmd</function>'), 5000, 50);
    const on = Date.now();
    // … and gone once the window is over (before the beep, ~5.5 s after the answer).
    await until('avmd stopped', bugs, (b) => !b.includes('<function>avmd</function>'), 10_000, 100);
    expect(Date.now() - on).toBeLessThan(WINDOW_MS + 2500);
    const call = await ended;
    expect(call.status).toBe('ended');
    expect(call.result_level).not.toBe(70);
    expect(Number(call.charged_fen)).toBeGreaterThan(0);
    expect(kit.switchLog()).not.toMatch(/avmd.*(ERR|error parsing)/i);
  });
});
