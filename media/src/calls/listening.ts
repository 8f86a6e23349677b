// What a call hears: the recognizer (speech/asr: started at the answer, stopped for a seat), its
// results turned into engine events, DTMF, and the machine checks on the first thing heard (greeting
// keywords, a long greeting without a pause, mod_avmd's beep). A recognizer the switch does not have
// (`-ERR … Command not found!`, or `detect_speech` leaving no media bug) is a platform fault: the call
// cannot hear the customer, so it is not run as a silent billed call.
import type { BotEvent } from '../../../domain/bot';
import { recordingFragment } from '../../../domain/callRecords';
import { greetingKindOf, type GreetingKind } from '../../../domain/telephony';
import type { ReasonMessage } from '../../../domain/reasons';
import type { EslEvent } from '../esl/events';
import type { EslNode } from '../esl/node';
import { NO_ASR, type AsrAdapter, type AsrCommand, type AsrResult } from '../speech/asr';
import { BeepDetector } from './beepDetector';
import type { CallHost } from './callHost';
import { DETECT_SPEECH_BUG, hasMediaBug, isErrReply } from './switchReplies';
import { log } from '../../../platform/log';

/** The fault of a recognizer that would not start (the record's reason, domain/reasons.ts). */
const asrFault = (asr: string): ReasonMessage => ({ code: 'fault_asr', params: { asr } });

/** A customer who started speaking has this long to finish before silence counts again. */
const SPEECH_GUARD_MS = 20000;
/**
 * How long one recognised character can take to say (a slow speaker). An utterance's length is the
 * switch's begin -> final time bounded by this, so a late final result (slow endpointing, a busy
 * switch or simulator) never turns a short answer into a long greeting.
 */
const MAX_MS_PER_CHAR = 300;
/** How long a spoken character usually takes: places a line heard without its begin-speaking. */
const TYPICAL_MS_PER_CHAR = 200;
/** A first utterance counts as the greeting only if it began this soon after the answer (switch time). */
const GREETING_WINDOW_MS = 10000;

export interface ListeningHost extends CallHost {
  answered(): boolean;
  /** The call's recording file, and the switch time (µs) it started (0 until RECORD_START). */
  recording(): { path: string | null; startUs: number };
  /** The answer: switch time (µs, 0 when learnt otherwise) and our wall clock (ms). */
  answer(): { us: number; wall: number };
  now(): number;
  feed(event: BotEvent): void;
  kill(cause: string): void;
  armSilence(): void;
  /** A final result the engine is about to answer: when it was heard (performance.now()). */
  decided(at: number): void;
}

export class Listening {
  asr: AsrAdapter = NO_ASR;
  /** What answered, when the first thing heard (or a beep) showed a machine. */
  greeting: GreetingKind | null = null;
  /** Why the machine was recognised, when it was not by a greeting keyword. */
  machineReason: ReasonMessage | null = null;
  private heardCustomer = false;
  /** Final results heard from the customer. */
  private utterances = 0;
  /** Switch time (µs) the current utterance began; 0 when none is under way. */
  private speechBeganUs = 0;
  private beeps: BeepDetector | null = null;

  constructor(private readonly host: ListeningHost) {}

  /** At the answer: the recognizer, then (outbound legs, when configured) the beep detector. */
  start(node: EslNode): void {
    void this.startAsr();
    const machine = this.host.deps.machine;
    if (machine.avmd) {
      this.beeps = new BeepDetector(node, this.host.uuid);
      void this.beeps.start(this.host.job.direction === 'in' ? 'in' : 'out');
      // The detection window: a beep comes at the end of a voicemail greeting, not later.
      if (machine.avmdWindowMs > 0)
        this.host.timers.set('avmdWindow', machine.avmdWindowMs, () => this.beeps?.stop());
    }
  }

  /** The recognizer again (a transfer that found no seat goes on with the bot). */
  async startAsr(): Promise<void> {
    const def = this.host.bot()!.compiled.def;
    const cmds = this.asr.start(this.host.uuid, {
      hotWords: def.hotWords ?? [],
      waitSeconds: def.settings.waitSeconds,
    });
    await this.run(cmds, true);
  }

  /** The seat talks now: the recognizer and the beep detector are not needed any more. */
  async stop(): Promise<void> {
    this.host.timers.clear('avmdWindow');
    this.beeps?.stop();
    await this.run(this.asr.stop(this.host.uuid), false);
  }

  onEvent(ev: EslEvent): void {
    if (ev.name === 'DTMF') {
      this.host.timers.clear('silence');
      return this.host.feed({ type: 'dtmf', digit: ev.digit, at: this.host.now() });
    }
    if (!this.host.answered()) return;
    const r = this.asr.parse(ev);
    if (r) this.onAsr(r, ev);
  }

  /** mod_avmd heard a beep: a voicemail box is about to record. Hang up at once (70, not billed). */
  onBeep(): void {
    if (!this.host.answered() || this.utterances >= 2 || this.greeting) return;
    this.greeting = 'voicemail';
    this.machineReason = { code: this.heardCustomer ? 'beepAfterGreeting' : 'beepNoSpeech' };
    this.host.kill('NORMAL_CLEARING');
  }

  /**
   * Switch commands of the recognizer, in order (api directly, applications through the lane). When
   * starting, a `-ERR` reply or a `detect_speech` that left no media bug is a fault of the call.
   */
  private async run(cmds: AsrCommand[], starting: boolean): Promise<void> {
    const h = this.host;
    for (const c of cmds) {
      const node = h.node();
      if (h.over() || !node) return;
      if (c.kind === 'api') {
        const reply = await node.api(c.command).catch((err: Error) => `-ERR ${err.message}`);
        if (!isErrReply(reply)) continue;
        // The channel is gone (the customer hung up at once): its hang-up closes the call.
        if (h.over() || /No such channel/i.test(reply)) return;
        if (starting) return h.fault(asrFault(this.asr.name), `${c.command}: ${reply.trim()}`);
        log.warn('call: recognizer command failed', {
          callUuid: h.uuid,
          command: c.command.split(' ')[0],
          reply: reply.trim(),
        });
        continue;
      }
      const done = await node.execute(h.uuid, c.app, c.arg, 10000).catch(() => null);
      if (!starting || h.over() || c.app !== 'detect_speech' || !done) continue;
      // detect_speech completes with "_none_" even when the module is missing: its media bug tells.
      const bugs = await node.api(`uuid_buglist ${h.uuid}`).catch(() => '');
      if (hasMediaBug(bugs, DETECT_SPEECH_BUG) === false && !h.over())
        return h.fault(asrFault(this.asr.name), `detect_speech ${c.arg}: no detect_speech media bug`);
    }
  }

  private onAsr(r: AsrResult, ev: EslEvent): void {
    if (r.kind === 'begin') return this.speechBegan(eventUs(ev, this.host.now()));
    if (r.kind === 'partial') {
      // Interim hypotheses are shown live but never decide anything: only finals feed the engine.
      this.speechBegan(eventUs(ev, this.host.now()));
      this.host.deps.live.partial(this.host.job, {
        callUuid: this.host.uuid,
        text: r.text,
        at: new Date().toISOString(),
      });
      return;
    }
    this.onFinal(r.text, ev);
  }

  /** The customer started speaking: no silence timeout while they talk (the guard bounds it). */
  private speechBegan(atUs: number): void {
    if (!this.speechBeganUs) this.speechBeganUs = atUs;
    this.host.timers.clear('silence');
    this.host.timers.set('guard', SPEECH_GUARD_MS, () => this.host.armSilence());
  }

  private onFinal(text: string, ev: EslEvent): void {
    const h = this.host;
    h.timers.clear('guard');
    h.timers.clear('silence');
    const first = !this.heardCustomer;
    this.heardCustomer = true;
    this.utterances++;
    const began = this.speechBeganUs;
    const atUs = eventUs(ev, h.now());
    const answeredUs = h.answer().us;
    const spokeMs = began ? Math.min((atUs - began) / 1000, [...text].length * MAX_MS_PER_CHAR) : 0;
    const greetingTime = !answeredUs || (began - answeredUs) / 1000 <= GREETING_WINDOW_MS;
    this.speechBeganUs = 0;
    const rec = h.recording();
    h.transcript()?.add({
      khtype: 'customer',
      khcontent: text,
      khvoicepath: rec.path ? [this.voiceOf(rec.path, rec.startUs, text, began, atUs)] : [],
      reduceNoiseRate: (h.bot()?.compiled.def.settings.noiseFilterRatio ?? 0) / 100,
    });
    const kind = first ? greetingKindOf(text) : null;
    if (kind) {
      // A voicemail or call assistant answered: stop at once, no talk to bill (result 70).
      this.greeting = kind;
      return h.kill('NORMAL_CLEARING');
    }
    const long = h.deps.machine.longGreetingMs;
    if (first && greetingTime && long > 0 && spokeMs > long) {
      // People answer a call with a word or two; a recording talks on without a pause.
      this.greeting = 'voicemail';
      this.machineReason = { code: 'longGreeting', params: { seconds: (spokeMs / 1000).toFixed(1) } };
      return h.kill('NORMAL_CLEARING');
    }
    // Past the greeting and one real answer, a tone is not a voicemail beep any more.
    if (this.utterances >= 2) this.beeps?.stop();
    h.decided(ev.receivedAt);
    h.feed({ type: 'asrFinal', text, at: h.now() });
  }

  /**
   * Where the customer said `text` in the recording, as its path with `#t=start,end`: switch times
   * from RECORD_START on (else from the answer: uuid_record is sent right after it); without either
   * switch time, our clock stands in.
   */
  private voiceOf(path: string, recStartUs: number, text: string, beganUs: number, atUs: number): string {
    const guessMs = [...text].length * TYPICAL_MS_PER_CHAR;
    const answer = this.host.answer();
    const zeroUs = recStartUs || answer.us;
    if (zeroUs) {
      const endMs = (atUs - zeroUs) / 1000;
      const startMs = beganUs ? (beganUs - zeroUs) / 1000 : endMs - guessMs;
      return recordingFragment(path, startMs, endMs);
    }
    const endMs = Date.now() - answer.wall;
    return recordingFragment(path, endMs - guessMs, endMs);
  }
}

/** The switch's time of an event, µs (Event-Date-Timestamp), else ours (`nowMs`, the call's clock). */
export function eventUs(ev: EslEvent, nowMs: number): number {
  const ts = Number(ev.headers.get('Event-Date-Timestamp'));
  return Number.isFinite(ts) && ts > 0 ? ts : nowMs * 1000;
}
