// A call's prompts: each plays through the call's lane with its own cp_seq (PLAYBACK_START / STOP
// carry it back), the LLM filler covers a slow model, a barge-in breaks what plays and drops what is
// queued, and the engine hears playbackFinished once nothing is left. A prompt enters the transcript
// when the switch starts it (PLAYBACK_START): one it could not play (FILE NOT FOUND) is never robot
// speech, and ends the call as a platform fault instead.
import type { Reason } from '../../../domain/bot';
import { fillerFile, promptFile, FILLER_TEXT } from './audio';
import type { CallHost } from './callHost';
import { playbackArg } from './commands';
import { playbackFailed } from './switchReplies';

/** Longest a single prompt may play before its execute is given up. */
export const PLAY_TIMEOUT_MS = 10 * 60 * 1000;
/** How long a PLAYBACK ERROR waits for the hang-up that would explain it (real time). */
const PLAYBACK_ERROR_GRACE_MS = 1000;
/** A filler played this recently covers a slow rendering of the sentence that follows it. */
const FILLER_COVERS_MS = 5000;
/** How long the LLM filler itself may take to render (it is cached after the first time). */
const FILLER_RENDER_WAIT_MS = 2000;

export interface PlaybackHost extends CallHost {
  /** Every queued prompt has played or was broken off. */
  drained(): void;
}

/** A prompt sent to the switch and not yet over; its transcript line waits for PLAYBACK_START. */
interface Pending {
  started: boolean;
  line: { text: string; file: string; reason: Reason };
}

export class Playback {
  private readonly playing = new Map<string, Pending>();
  private seq = 0;
  private waiters: Array<() => void> = [];
  private lastFillerAt = -Infinity;
  /** When the decision the next prompt answers was taken (performance.now()), 0 when none. */
  decisionAt = 0;

  constructor(private readonly host: PlaybackHost) {}

  get busy(): boolean {
    return this.playing.size > 0;
  }

  async play(text: string, recordingId: number | null, reason: Reason): Promise<void> {
    const h = this.host;
    const file = await promptFile(h.deps.prompts, h.job, h.bot()!, text, recordingId, (filler) => {
      // A filler that just played (a slow LLM) already covers this rendering.
      if (performance.now() - this.lastFillerAt > FILLER_COVERS_MS) this.filler(filler);
    });
    const node = h.node();
    if (h.over() || !node) return;
    if (!file) {
      // Nothing playable: carry on as if it had played, so the engine listens.
      if (!this.playing.size) h.drained();
      return;
    }
    const seq = String(++this.seq);
    this.playing.set(seq, { started: false, line: { text, file, reason } });
    h.timers.clear('silence');
    node
      .execute(h.uuid, 'playback', playbackArg(text, file, seq), PLAY_TIMEOUT_MS, () => this.measure())
      .then(
        (done) => {
          const p = this.playing.get(seq);
          // Never started and failed: the switch could not open the file. A PLAYBACK ERROR may also be a
          // channel going away under it: a fault only if no hang-up follows soon.
          if (p && !p.started && playbackFailed(done.response)) {
            const fault = () =>
              h.fault(
                { code: 'fault_prompt', params: { response: done.response } },
                `${done.response}: ${file}`,
              );
            if (done.response === 'FILE NOT FOUND') fault();
            else setTimeout(() => !h.over() && fault(), PLAYBACK_ERROR_GRACE_MS);
          }
          this.stopped(seq);
        },
        () => this.stopped(seq),
      );
  }

  /** PLAYBACK_START of one of our prompts: it is robot speech now. */
  started(seq: string): void {
    const p = this.playing.get(seq);
    if (!p || p.started) return;
    p.started = true;
    const { text, file, reason } = p.line;
    this.host.transcript()?.add({ khtype: 'robot', khcontent: text, khvoicepath: [file], reason });
  }

  /** PLAYBACK_STOP, or the prompt's execute finished either way. */
  stopped(seq: string): void {
    if (!this.playing.delete(seq) || this.playing.size) return;
    this.release();
    this.host.drained();
  }

  /** The model is slow: the filler plays while it thinks (once rendered), unless the answer came. */
  async llmFiller(stillWaiting: () => boolean): Promise<void> {
    const h = this.host;
    const bot = h.bot();
    if (!bot || !stillWaiting() || h.over()) return;
    const file = await fillerFile(
      h.deps.prompts,
      h.job.accountId,
      bot.compiled.def.settings.speed,
      FILLER_RENDER_WAIT_MS,
    );
    // The answer may have come while the filler was being fetched: then it is not needed.
    if (file && stillWaiting()) this.filler(file);
  }

  /** Barge-in: what plays is broken off and what is queued is dropped. */
  stop(): void {
    const node = this.host.node();
    if (!node) return;
    node.clearLane(this.host.uuid);
    this.playing.clear();
    // Not awaited: the switch takes the socket's commands in order, so the answer written next
    // is queued after this break has emptied the channel's queue.
    void node.api(`uuid_break ${this.host.uuid} all`).catch(() => undefined);
  }

  /** Resolves once the queued prompts have played. */
  drain(): Promise<void> {
    return this.playing.size ? new Promise((r) => this.waiters.push(r)) : Promise.resolve();
  }

  /** Lets everyone waiting for the prompts go (the call is over). */
  release(): void {
    for (const fn of this.waiters.splice(0)) fn();
  }

  private filler(file: string): void {
    const h = this.host;
    const node = h.node();
    if (h.over() || !node) return;
    this.lastFillerAt = performance.now();
    h.timers.clear('silence');
    node.execute(h.uuid, 'playback', playbackArg(FILLER_TEXT, file), PLAY_TIMEOUT_MS).catch(() => undefined);
  }

  private measure(): void {
    if (!this.decisionAt) return;
    this.host.deps.metrics?.decisionToCommand(performance.now() - this.decisionAt);
    this.decisionAt = 0;
  }
}
