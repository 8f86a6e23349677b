// A simulated channel: its state machine (CS_* / call state / answer state), variables, the queue
// of applications sent with `sendmsg … execute`, and its hang-up sequence.
// Hang-up order follows FreeSWITCH: CHANNEL_HANGUP fires where the hang-up happens
// (switch_channel_perform_hangup), the running application then returns and completes, and the
// session thread fires CHANNEL_HANGUP_COMPLETE (CS_REPORTING) and CHANNEL_DESTROY.
import { Q850 } from '../../../domain/telephony';
import { appExists, runApp } from './apps';
import type { CallState, ChannelState, ChannelView } from './events';
import type { Headers } from './framing';
import type { Hub } from './hub';
import type { Persona } from './personas';
import type { Rng } from './random';
import { MediaBugs } from './mediaBugs';
import { Tape } from './tape';

export type WaitEnd = 'done' | 'break' | 'hangup';

export interface QueuedApp {
  app: string;
  arg: string;
  eventUuid?: string;
  loops: number;
}

export interface Speech {
  kind: 'begin' | 'result' | 'dtmf';
  text: string;
  body?: string;
}

interface Waiter {
  resolve: (end: WaitEnd) => void;
  breakable: boolean;
  cancel: () => void;
}

export class Channel implements ChannelView {
  state: ChannelState = 'CS_INIT';
  callState: CallState = 'DOWN';
  answered = false;
  early = false;
  hungUp = false;
  /** 'inbound' for a call placed towards the switch (sim/inbound.ts). */
  direction: 'outbound' | 'inbound' = 'outbound';
  readonly times = { createdUs: 0, answeredUs: 0, progressUs: 0, progressMediaUs: 0, hangupUs: 0 };
  cause = '';
  /** Prompts the callee has heard (a "round" ends when one finishes). */
  rounds = 0;
  /** Set while detect_speech / play_and_detect_speech listens; null = nobody hears the callee. */
  get detecting(): { grammar: string } | null {
    return this.listening;
  }
  set detecting(v: { grammar: string } | null) {
    this.listening = v;
    if (v) for (const fn of this.listenWaiters.splice(0)) fn();
  }
  private listening: { grammar: string } | null = null;
  private listenWaiters: Array<() => void> = [];
  /** Runs `fn` once a recognizer listens to the callee (at once if one does already). */
  whenListening(fn: () => void): void {
    if (this.listening) fn();
    else this.listenWaiters.push(fn);
  }
  /**
   * Set while a streaming transcription module runs (uuid_google_transcribe start): the callee is
   * then heard through its CUSTOM events instead of DETECTED_SPEECH.
   */
  transcribing: { language: string; interim: boolean } | null = null;
  /**
   * What mod_avmd listens to on this channel (avmd_start, apps.ts avmdReads): the callee (an
   * originated leg), our own prompts (an inbound leg), or nothing.
   */
  avmd: 'callee' | 'our-audio' | false = false;
  /** What the call sounds like, and the files being recorded (record_session, uuid_record). */
  readonly tape = new Tape();
  /** The media bugs uuid_buglist lists (avmd, detect_speech, session_record). */
  readonly bugs = new MediaBugs();
  readonly speechListeners = new Set<(s: Speech) => void>();
  readonly ended: Promise<void>;
  private endedResolve!: () => void;
  private readonly queue: QueuedApp[] = [];
  private running: Promise<void> | null = null;
  private readonly waiters = new Set<Waiter>();
  private readonly cancels = new Set<() => void>();
  private readonly onComplete: Array<() => void> = [];
  private readonly onHangup: Array<() => void> = [];

  constructor(
    readonly hub: Hub,
    readonly uuid: string,
    readonly name: string,
    readonly destination: string,
    readonly callerIdName: string,
    readonly callerIdNumber: string,
    readonly vars: Map<string, string>,
    readonly persona: Persona,
    readonly rng: Rng,
  ) {
    this.times.createdUs = Math.floor(hub.nowUs());
    this.ended = new Promise((r) => (this.endedResolve = r));
  }

  /** `atUs`: the event's switch time when it was taken before an await (default: now). */
  fire(name: string, headers: Headers = [], body?: string, atUs?: number): void {
    this.hub.fire(name, { channel: this, headers, body, atUs });
  }

  /** A CUSTOM event of a module (switch_event_create_subclass + switch_channel_event_set_data). */
  fireCustom(subclass: string, headers: Headers = [], body?: string): void {
    this.hub.fire('CUSTOM', { channel: this, headers, body, subclass });
  }

  setState(state: ChannelState): void {
    this.state = state;
    this.fire('CHANNEL_STATE');
  }

  setCallState(next: CallState): void {
    const prev = this.callState;
    if (prev === next) return;
    this.callState = next;
    this.fire('CHANNEL_CALLSTATE', [['Original-Channel-Call-State', prev]]);
  }

  /** 180 Ringing (CHANNEL_PROGRESS) or 183 with media (CHANNEL_PROGRESS_MEDIA). */
  progress(media: boolean): void {
    if (this.hungUp || this.answered) return;
    const now = Math.floor(this.hub.nowUs());
    if (media) {
      this.early = true;
      this.times.progressMediaUs ||= now;
      this.times.progressUs ||= now;
      this.setCallState('EARLY');
      this.fire('CHANNEL_PROGRESS_MEDIA');
    } else {
      this.times.progressUs ||= now;
      this.setCallState('RINGING');
      this.fire('CHANNEL_PROGRESS');
    }
  }

  answer(): void {
    if (this.hungUp || this.answered) return;
    this.answered = true;
    this.times.answeredUs = Math.floor(this.hub.nowUs());
    this.setCallState('ACTIVE');
    this.fire('CHANNEL_ANSWER');
  }

  /** A timer that dies with the channel. */
  after(ms: number, fn: () => void): void {
    const cancel = this.hub.after(ms, () => {
      this.cancels.delete(cancel);
      if (!this.hungUp) fn();
    });
    this.cancels.add(cancel);
  }

  /**
   * A timer at simulated time `atUs`: a chain of timers (a customer starts talking, then finishes)
   * keeps its place against others set from the same moment however late a step fired.
   */
  afterAt(atUs: number, fn: () => void): void {
    this.after((atUs - this.hub.nowUs()) / 1000, fn);
  }

  /** Waits `ms` simulated ms; uuid_break ends a breakable wait early, hang-up ends any wait. */
  wait(ms: number, breakable = true): Promise<WaitEnd> {
    if (this.hungUp) return Promise.resolve('hangup');
    return new Promise((resolve) => {
      const w: Waiter = { resolve, breakable, cancel: () => {} };
      w.cancel = this.hub.after(ms, () => {
        this.waiters.delete(w);
        resolve('done');
      });
      this.waiters.add(w);
    });
  }

  /** uuid_break: stops what is playing; with `all`, also drops the applications still queued. */
  breakMedia(all: boolean): void {
    if (all) this.queue.length = 0;
    for (const w of [...this.waiters])
      if (w.breakable) {
        w.cancel();
        this.waiters.delete(w);
        w.resolve('break');
      }
  }

  hear(s: Speech): void {
    for (const l of [...this.speechListeners]) l(s);
  }

  enqueue(q: QueuedApp): void {
    this.queue.push(q);
    this.pump();
  }

  /** Runs queued applications one at a time; each ends with CHANNEL_EXECUTE_COMPLETE. */
  private pump(): void {
    if (this.running || this.hungUp) return;
    const next = this.queue.shift();
    if (!next) return;
    this.running = (async () => {
      for (let i = 0; i < Math.max(1, next.loops) && !this.hungUp; i++) await this.execute(next);
    })().finally(() => {
      this.running = null;
      this.pump();
    });
  }

  private async execute(q: QueuedApp): Promise<void> {
    if (!appExists(this.hub, q.app)) {
      // switch_core_session_execute_application: "Invalid Application x", the channel is hung up
      // (DESTINATION_OUT_OF_ORDER) with no CHANNEL_EXECUTE / _COMPLETE for it.
      void this.hangup('DESTINATION_OUT_OF_ORDER', this.answered ? 200 : undefined, 'send_bye');
      return;
    }
    const ids: Headers = [
      ['Application', q.app],
      ['Application-Data', q.arg],
    ];
    if (q.eventUuid) ids.push(['Application-UUID', q.eventUuid]);
    // switch_core_session_exec sets these before CHANNEL_EXECUTE and clears the response.
    this.vars.set('current_application_data', q.arg);
    this.vars.set('current_application', q.app);
    this.vars.delete('current_application_response');
    this.fire('CHANNEL_EXECUTE', ids);
    const response = await runApp(this, q.app, q.arg);
    if (response !== undefined) this.vars.set('current_application_response', response);
    // switch_core_session_exec: Application-Response is current_application_response or _none_.
    this.fire('CHANNEL_EXECUTE_COMPLETE', [
      ...ids.slice(0, 2),
      ['Application-Response', response ?? '_none_'],
      ...ids.slice(2),
    ]);
  }

  /** record_session / uuid_record start: RECORD_START, and the file exists from now on. */
  async startRecording(file: string): Promise<void> {
    // One switch time for the tape and the event: the recording starts where RECORD_START says,
    // however long writing the empty file took.
    const at = this.hub.nowUs();
    if (await this.tape.start(file, at)) {
      this.bugs.add('session_record', file);
      this.fire('RECORD_START', [['Record-File-Path', file]], undefined, at);
    }
  }

  /** Stops a recording: the file holds the whole mix when RECORD_STOP fires. */
  async stopRecording(file: string): Promise<void> {
    const at = this.hub.nowUs();
    if (await this.tape.stop(file, at)) {
      this.bugs.remove('session_record', file);
      this.fire('RECORD_STOP', [['Record-File-Path', file]], undefined, at);
    }
  }

  /** Runs fn after CHANNEL_HANGUP_COMPLETE, before CHANNEL_DESTROY (originate reports a refusal there). */
  whenComplete(fn: () => void): void {
    this.onComplete.push(fn);
  }

  /** Runs fn right after CHANNEL_HANGUP (originate reports its own timeout there, before the COMPLETE). */
  whenHungUp(fn: () => void): void {
    this.onHangup.push(fn);
  }

  /**
   * Hangs the channel up. `sip` is the final SIP status (variable_sip_term_status);
   * `disposition` is sip_hangup_disposition (recv_bye, send_bye, recv_refuse, send_cancel).
   */
  async hangup(cause: string, sip?: number, disposition = 'send_bye'): Promise<void> {
    if (this.hungUp) return this.ended;
    this.hungUp = true;
    this.cause = cause;
    this.times.hangupUs = Math.floor(this.hub.nowUs());
    this.setBillingVars(cause, sip, disposition);
    this.state = 'CS_HANGUP';
    this.callState = 'HANGUP';
    this.fire('CHANNEL_HANGUP', [['Hangup-Cause', cause]]);
    for (const fn of this.onHangup) fn();
    for (const c of this.cancels) c();
    this.cancels.clear();
    for (const w of this.waiters) {
      w.cancel();
      w.resolve('hangup');
    }
    this.waiters.clear();
    this.queue.length = 0;
    if (this.running) await this.running;
    // The media bug closes the files on hang-up: each is written before its RECORD_STOP.
    for (const path of this.tape.files) await this.stopRecording(path);
    this.state = 'CS_REPORTING';
    this.fire('CHANNEL_HANGUP_COMPLETE', [['Hangup-Cause', cause]]);
    for (const fn of this.onComplete) fn();
    this.state = 'CS_DESTROY';
    this.fire('CHANNEL_DESTROY');
    this.hub.channels.delete(this.uuid);
    this.endedResolve();
  }

  /** The CDR variables FreeSWITCH sets at hang-up (switch_channel.c, switch_core_state_machine.c). */
  private setBillingVars(cause: string, sip: number | undefined, disposition: string): void {
    const t = this.times;
    const sec = (us: number) => Math.max(0, Math.floor(us / 1e6));
    const v = this.vars;
    v.set('hangup_cause', cause);
    v.set('hangup_cause_q850', String(Q850[cause as keyof typeof Q850] ?? 0));
    if (sip !== undefined) v.set('sip_term_status', String(sip));
    v.set('sip_hangup_disposition', disposition);
    v.set('start_epoch', String(sec(t.createdUs)));
    v.set('answer_epoch', String(t.answeredUs ? sec(t.answeredUs) : 0));
    v.set('end_epoch', String(sec(t.hangupUs)));
    v.set('duration', String(sec(t.hangupUs - t.createdUs)));
    v.set('billsec', String(t.answeredUs ? sec(t.hangupUs - t.answeredUs) : 0));
    v.set('answersec', String(t.answeredUs ? sec(t.answeredUs - t.createdUs) : 0));
    v.set('progresssec', String(t.progressUs ? sec(t.progressUs - t.createdUs) : 0));
    v.set('progress_mediasec', String(t.progressMediaUs ? sec(t.progressMediaUs - t.createdUs) : 0));
    v.set('billmsec', String(t.answeredUs ? Math.floor((t.hangupUs - t.answeredUs) / 1000) : 0));
  }
}
