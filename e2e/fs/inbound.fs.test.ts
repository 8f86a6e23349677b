// An inbound call on a real FreeSWITCH: a SIPp caller (uac-call) calls a scene's number through the
// switch's external profile; the switch parks it, the media worker claims it and the scene's bot
// answers: both prompts play and the bot hangs up. The caller's own voice must not be taken for a
// voicemail beep (no false 70 on an inbound bot call).
import { announceBot, GOODBYE, GREETING, insertBot, setRecognizer } from './bots';
import { describeFs } from './describeFs';
import { startFsKit, until, type FsKit, type Row } from './kit';

jest.setTimeout(150_000);

describeFs('inbound calls on the real switch', () => {
  let kit: FsKit;
  let did: string;

  beforeAll(async () => {
    // The carrier's line (sim-line-1, 127.0.0.1) is where calls from the SIPp caller arrive.
    kit = await startFsKit({ carriers: [{ name: 'answer', scenario: 'uas-answer' }] });
    const botId = await insertBot(kit.k, kit.merchantId, '实呼呼入机器人', announceBot());
    await setRecognizer(kit.k, kit.merchantId, 'none');
    const line = await kit
      .k('sip_lines')
      .where({ id: kit.carriers.get('answer')!.lineId })
      .first('caller_number');
    did = String(line.caller_number);
    await kit.k('scenes').insert({
      account_id: kit.merchantId,
      name: '实呼呼入',
      did,
      line_id: kit.carriers.get('answer')!.lineId,
      target: 'bot',
      bot_id: botId,
      enabled: true,
    });
  }, 120_000);
  afterAll(() => kit?.close());

  it("answers a call to the scene's number with its bot, and takes no beep from the caller", async () => {
    const caller = kit.call({ to: did, caller: '13811112222', holdMs: 40_000 });
    let call: Row;
    try {
      call = await until(
        'the inbound call ended',
        () => kit.k('calls').where({ direction: 'in' }).first(),
        (r) => r?.status === 'ended',
        60_000,
      );
    } catch (e) {
      throw new Error(
        `${(e as Error).message}\n--- sipp:\n${caller.log()}\n--- switch:\n${kit.switchLog()}`,
        { cause: e },
      );
    }
    expect(call.scene_id).not.toBeNull();
    // The bot hung up after its goodbye: a graded call, not a voicemail (70) nor lost (90).
    expect(call.result_level).not.toBe(70);
    expect(call.result_level).not.toBe(90);
    expect(call.hangup_cause).toBe('NORMAL_CLEARING');
    const lines = await kit.k('conversation_lines').where({ call_id: call.id }).orderBy('seq');
    expect(lines.map((l) => l.khcontent)).toEqual(expect.arrayContaining([GREETING, GOODBYE]));
    // The caller saw the bot hang up (it got the BYE before its own 40 s were up).
    expect(await caller.exited).toBe(0);
  });
});
