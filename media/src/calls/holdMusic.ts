// Music on hold while a call waits for a seat (a robot's transfer, a seat-group reception scene):
// FreeSWITCH's stock stream, played until stop() breaks it off. The channel's next application (the
// bridge, a fallback prompt, the hang-up) waits behind a playback, so stop() resolves only once the
// switch has let the music go.
import type { EslNode } from '../esl/node';

/** FreeSWITCH's stock music-on-hold stream (mod_local_stream, local_stream.conf.xml "moh"). */
export const HOLD_MUSIC = 'local_stream://moh';
/** Longest the music may play before its execute is given up (the break or hang-up ends it first). */
const HOLD_TIMEOUT_MS = 60 * 60 * 1000;
/** A break that reaches the switch before the music has started breaks nothing: it is sent again. */
const BREAK_RETRY_MS = 200;
const BREAK_TRIES = 25;

export function playHoldMusic(node: EslNode, uuid: string, ended: () => boolean): { stop(): Promise<void> } {
  let over = false;
  const playing = node.execute(uuid, 'playback', HOLD_MUSIC, HOLD_TIMEOUT_MS).then(
    () => void (over = true),
    () => void (over = true),
  );
  return {
    async stop() {
      for (let i = 0; i < BREAK_TRIES && !over && !ended(); i++) {
        await node.api(`uuid_break ${uuid} all`).catch(() => undefined);
        // On FreeSWITCH a break that comes before the music started flushes its queued execute, whose
        // CHANNEL_EXECUTE_COMPLETE then never comes: the lane lets go of it, or the bridge queued next
        // would wait behind it for ever (seen with an auto-answer seat, issue 20).
        node.clearLane(uuid);
        await Promise.race([playing, new Promise((r) => setTimeout(r, BREAK_RETRY_MS))]);
      }
    },
  };
}
