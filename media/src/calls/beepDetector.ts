// Voicemail beeps with mod_avmd: its avmd::beep means a voicemail box is about to record.
// mod_avmd attaches to one side of the channel. On a leg we originated, what the customer sends is the
// READ_REPLACE side, which avmd_start picks with `outbound_channel=1` (FreeSWITCH 1.10.12: "started!
// direction=READ_REPLACE"); `inbound_channel=1` there logs "Can't set direction … Avmd NOT started" and
// still completes with "_none_". On an inbound call no direction reads the caller (inbound_channel=1
// hears our own prompt and "detects" a beep in it), so avmd is not started at all.
import type { EslNode } from '../esl/node';
import { AVMD_BUG, hasMediaBug } from './switchReplies';

export const AVMD_START_ARG = 'outbound_channel=1,inbound_channel=0';

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
        console.warn(`call ${this.uuid}: avmd not started (no avmd media bug), no beep detection`);
      }
    } catch (err) {
      if (!this.running) return;
      this.running = false;
      console.warn(`call ${this.uuid}: avmd_start failed, no beep detection: ${(err as Error).message}`);
    }
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    // mod_avmd's API: avmd <uuid> stop (AVMD_SYNTAX); not through the lane, so no prompt waits on it.
    void this.node.api(`avmd ${this.uuid} stop`).catch(() => undefined);
  }
}
