// Voicemail beeps with mod_avmd: its avmd::beep means a voicemail box is about to record.
// mod_avmd attaches to one side of the channel. On a leg we originated, what the customer sends is the
// READ_REPLACE side, which avmd_start picks with `outbound_channel=1` (FreeSWITCH 1.10.12: "started!
// direction=READ_REPLACE"); `inbound_channel=1` there logs "Can't set direction … Avmd NOT started" and
// still completes with "_none_". On an inbound call no direction reads the caller (inbound_channel=1
// hears our own prompt and "detects" a beep in it), so avmd is not started at all.
//
// avmd is the switch's dearest work per call (the fs bench: ~100 concurrent robot calls on 2 cores
// with it for the whole call, ~270 without), and a voicemail beep only comes at the end of the box's
// greeting, near the start of the call. So the session stops it after a detection window
// (MachineDetection.avmdWindowMs, default AVMD_WINDOW_MS from the answer), or earlier once the customer
// answered the bot (a second recognised utterance: the first may be the box's own greeting, whose beep
// follows it), or when a seat takes the call. 30 s is the usual answering-machine analysis limit
// (Twilio's MachineDetectionTimeout defaults to 30 s) and covers a long personal greeting.
import type { EslNode } from '../esl/node';
import { AVMD_BUG, hasMediaBug } from './switchReplies';
import { log } from '../../../platform/log';

export const AVMD_START_ARG = 'outbound_channel=1,inbound_channel=0';
/** How long after the answer mod_avmd listens for a voicemail beep, ms. */
export const AVMD_WINDOW_MS = 30_000;
/** mod_avmd's API (mod_avmd.c AVMD_SYNTAX "<uuid> < start | stop | … >"): detaches its media bug. */
export const avmdStopCommand = (uuid: string): string => `avmd ${uuid} stop`;

export class BeepDetector {
  private running = false;

  constructor(
    private readonly node: EslNode,
    private readonly uuid: string,
  ) {}

  get listening(): boolean {
    return this.running;
  }

  /** Starts avmd on an originated leg; anything else, or a start that fails, leaves the call without it. */
  async start(direction: 'in' | 'out'): Promise<void> {
    if (direction !== 'out') return;
    this.running = true;
    try {
      await this.node.execute(this.uuid, 'avmd_start', AVMD_START_ARG, 10000);
      // avmd_start completes with "_none_" even when it did not start: its media bug tells.
      const bugs = await this.node.api(`uuid_buglist ${this.uuid}`);
      if (hasMediaBug(bugs, AVMD_BUG) === false) {
        this.running = false;
        log.warn('call: avmd not started (no avmd media bug), no beep detection', { callUuid: this.uuid });
      }
    } catch (err) {
      if (!this.running) return;
      this.running = false;
      log.warn('call: avmd_start failed, no beep detection', {
        callUuid: this.uuid,
        err: (err as Error).message,
      });
    }
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    // An api, not through the lane, so no prompt waits on it. Its media bug leaves the channel
    // (uuid_buglist no longer lists avmd: checked on FreeSWITCH 1.10.12, e2e/fs/avmd.fs.test.ts).
    void this.node.api(avmdStopCommand(this.uuid)).catch(() => undefined);
  }
}
