// One call's life: originate on a node, then channel events drive the bot engine and the engine's
// actions become switch commands, until the hang-up closes the record (once) and frees the slots.
// The engine is pure (domain/bot): this class only translates events in and actions out. What the
// call hears is listening.ts, what it says playback.ts, a transfer's seat leg seatLeg.ts, its end
// closing.ts.
import type { Knex } from 'knex';
import type Redis from 'ioredis';
import type { Config } from '../../../config';
import {
  grade,
  start,
  step,
  type BotAction,
  type BotEvent,
  type Reason,
  type SessionState,
} from '../../../domain/bot';
import type { LlmInput } from '../../../domain/bot/llm';
import type { CallStatus, DialJob } from '../../../domain/calls';
import { maskPhone } from '../../../domain/format';
import { bareCard, DEFAULT_TRANSFER_WAIT_S, type TransferOutcome } from '../../../domain/transfer';
import { coded, extendReason, reasonZh, type ReasonMessage } from '../../../domain/reasons';
import { AVMD_BEEP, type EslEvent } from '../esl/events';
import { checkCause, checkUuid } from '../esl/guard';
import type { AsrAdapter } from '../speech/asr';
import type { ChannelRow, EslNode } from '../esl/node';
import type { NodePool } from '../esl/pool';
import type { BotCache, LoadedBot } from './bots';
import type { CallLive } from './live';
import type { Outcome } from './outcome';
import { hangUpLost, lostCallOutcome, waitForOwner } from './recover';
import { originateCommand, recordCommand } from './commands';
import { fillerFile } from './audio';
import { recordingPath, type PromptFiles } from './prompts';
import { CustomerRequests } from './requests';
import { recordStatus, Transcript } from './record';
import {
  claimOriginate,
  closeRecord,
  ensureRecord,
  setStatus,
  type OpenRecord,
} from '../../../platform/callRecord';
import { waitOriginateToken } from './originatePace';
import { CallTimers } from './timers';
import { groupServes, type TransferClient } from './transferClient';
import { Listening, eventUs } from './listening';
import { recognizerFor } from './recognizer';
import { Playback, PLAY_TIMEOUT_MS } from './playback';
import { SeatLeg, TRANSFER_FAILED, type SeatFailure } from './seatLeg';
import { robotOutcome, type Hangup } from './closing';
import { isErrReply } from './switchReplies';
import { AVMD_WINDOW_MS } from './beepDetector';
import { log } from '../../../platform/log';

export interface SessionMetrics {
  /** Final ASR result received -> the playback it caused written to the socket, ms. */
  decisionToCommand(ms: number): void;
}

/** Answering machines and phone assistants beyond the greeting keywords (result 70, nothing billed). */
export interface MachineDetection {
  /** Run mod_avmd (`avmd_start`) from the answer of an outbound call: its avmd::beep is a voicemail beep. */
  avmd: boolean;
  /**
   * mod_avmd is stopped this long after the answer, ms (0: it runs until the seat takes over or the
   * call ends). A voicemail box beeps at the end of its greeting, within the first seconds of the
   * call; avmd on every leg for the whole call cost the switch a third of its capacity (issue 20).
   */
  avmdWindowMs: number;
  /**
   * A first utterance longer than this without a pause (speech begin -> final result, by the
   * switch's event timestamps) is a recorded greeting, ms; 0 turns the heuristic off.
   */
  longGreetingMs: number;
}

export const DEFAULT_MACHINE_DETECTION: MachineDetection = {
  avmd: true,
  avmdWindowMs: AVMD_WINDOW_MS,
  longGreetingMs: 4000,
};
/** Longest wait for the LLM before the filler plays, ms (real time: the model is a real service). */
export const DEFAULT_LLM_DEAD_AIR_MS = 1500;

export interface SessionDeps {
  db: Knex;
  redis: Redis;
  config: Config;
  pool: NodePool;
  bots: BotCache;
  prompts: PromptFiles;
  live: CallLive;
  /** Scales our own timers (silence, max duration) to a simulator running faster than real time. */
  timeScale: number;
  originateTimeoutSec: number;
  /** How long a call waits for its node to come back before it is closed as unknown. */
  lostAfterMs: number;
  /** This worker's heartbeat id (null: not announced, e.g. in tests). */
  workerId: string | null;
  /** Whether the worker with this heartbeat id is alive. */
  workerAlive(id: string): Promise<boolean>;
  /** Transfers to human seats (transferClient.ts). */
  transfers: Pick<TransferClient, 'offer' | 'ended' | 'failed'>;
  llm(accountId: number, input: LlmInput): Promise<string | null>;
  /** The account's recognizer (asr_settings, the superior's when blank). */
  asr: { forAccount(accountId: number): Promise<AsrAdapter> };
  machine: MachineDetection;
  /** Silence while the LLM thinks, ms, after which the filler plays. */
  llmDeadAirMs: number;
  /** Grades an ended call's stored transcript with the account's LLM (calls.llm_grade); never throws. */
  llmGrade(call: { id: number; accountId: number }): Promise<unknown>;
  metrics?: SessionMetrics;
}

/**
 * A failed originate whose channel existed: FreeSWITCH may send the BACKGROUND_JOB `-ERR` before the
 * channel's CHANNEL_HANGUP_COMPLETE (NO_ANSWER: ~1 ms before; 486: after). The hang-up carries the SIP
 * status and the times, so the call waits this long for it (real time) before closing without it.
 */
export const HANGUP_WAIT_MS = 2000;

export class CallSession {
  readonly uuid: string;
  private rec!: OpenRecord;
  private bot: LoadedBot | null = null;
  private node: EslNode | null = null;
  private state: SessionState | null = null;
  private transcript: Transcript | null = null;
  /** Opt-outs and callback requests heard, kept on the record for the settlement (requests.ts). */
  private requests: CustomerRequests | null = null;
  private readonly origin = performance.now();
  private readonly startedWall = Date.now();
  private answeredWall = 0;
  /** Switch time (µs) of CHANNEL_ANSWER; 0 when the answer was learnt otherwise (a reconcile). */
  private answeredUs = 0;
  private answered = false;
  private engineEnded = false;
  private listenSec: number | null = null;
  readonly timers: CallTimers;
  private chain: Promise<void> = Promise.resolve();
  private statusWrites: Promise<unknown> = Promise.resolve();
  /** An event of our channel arrived: the switch made one (a failed originate then has a hang-up to come). */
  private channelSeen = false;
  private hangup: Hangup | null = null;
  private failedCause: string | null = null;
  private unknown: ReasonMessage | null = null;
  /** Why our platform broke the call (closes as a fault, unbilled); null when it did not. */
  private faultWhy: ReasonMessage | null = null;
  private llmPending = false;
  private engineResult: number | null = null;
  private engineReason: Reason | null = null;
  private recPath: string | null = null;
  /** Switch time (µs) the recording started (RECORD_START); 0 until then. */
  private recStartUs = 0;
  /** The line's dial prefix (a mobile seat is reached through the call's line). */
  private linePrefix = '';
  private readonly listening: Listening;
  private readonly playback: Playback;
  private seatLeg: SeatLeg | null = null;
  private killing: Promise<void> | null = null;
  private finished = false;
  private resolveDone!: () => void;
  private rejectDone!: (e: Error) => void;
  private readonly done = new Promise<void>((res, rej) => {
    this.resolveDone = res;
    this.rejectDone = rej;
  });

  constructor(
    readonly job: DialJob,
    readonly deps: SessionDeps,
  ) {
    this.uuid = checkUuid(job.callUuid);
    this.timers = new CallTimers(deps.timeScale);
    const common = {
      uuid: this.uuid,
      job,
      deps,
      timers: this.timers,
      node: () => this.node,
      bot: () => this.bot,
      over: () => this.finished,
      transcript: () => this.transcript,
      fault: (why: ReasonMessage, reply: string) => this.fault(why, reply),
    };
    this.listening = new Listening({
      ...common,
      answered: () => this.answered,
      recording: () => ({ path: this.recPath, startUs: this.recStartUs }),
      answer: () => ({ us: this.answeredUs, wall: this.answeredWall }),
      now: () => this.now(),
      feed: (e) => this.feed(e),
      kill: (cause) => this.kill(cause),
      armSilence: () => this.armSilence(),
      decided: (at) => (this.playback.decisionAt = at),
    });
    this.playback = new Playback({
      ...common,
      drained: () => this.feed({ type: 'playbackFinished', at: this.now() }),
    });
  }

  get nodeName(): string | null {
    return this.node?.config.name ?? null;
  }

  /** Runs the call to its end; rejects only when the record could not be closed (Bull retries). */
  async run(): Promise<void> {
    const d = this.deps;
    this.rec = await ensureRecord(d.db, d.config.secretKey, this.job);
    if (this.rec.status === 'ended')
      return this.rec.originatedAt ? hangUpLost(d, this.rec.id, this.uuid) : undefined;
    if (this.rec.originatedAt) return this.recover();
    this.transcript = new Transcript(d.db, this.rec.id, (line) =>
      d.live.line(this.job, { callUuid: this.uuid, line }),
    );
    this.requests = new CustomerRequests(d.db, d.config.secretKey, this.rec.id, this.job.phone);
    this.bot = await d.bots.load(this.job.accountId, this.job.botId, this.job.botVersion);
    this.listening.asr = await recognizerFor(d.asr, this.job.accountId, this.bot);
    const line = await d
      .db('sip_lines')
      .where({ id: this.job.lineId, enabled: true })
      .first('prefix', 'caller_number', 'rate_count', 'rate_seconds');
    if (!this.bot || !line) {
      this.unknown = { code: this.bot ? 'lineNotFound' : 'botVersionNotFound' };
      this.finish();
      return this.done;
    }
    this.linePrefix = line.prefix ?? '';
    if (this.job.direction === 'in') return this.answerInbound();
    const caller = this.job.callerNumber || line.caller_number || '';
    const command = originateCommand(this.job, line.prefix ?? '', caller, d.originateTimeoutSec);
    const rate = { n: Number(line.rate_count), m: Number(line.rate_seconds) };
    // Waits its turn however long (originatePace.ts); a record closed meanwhile (withdrawn) ends it.
    const paced = await waitOriginateToken(
      d.redis,
      d.config.redisPrefix,
      this.job.lineId,
      rate,
      async () => (await recordStatus(d.db, this.rec.id)) !== 'ended',
    );
    if (paced === null) return;
    const node = d.pool.pick();
    if (!node) throw new Error('no FreeSWITCH node is connected');
    if (!(await claimOriginate(d.db, this.rec.id, node.config.name, d.workerId, paced)))
      return this.recover();
    this.node = node;
    this.state = start(this.bot.compiled);
    node.attach(this.uuid, this);
    this.emitState('dialing');
    void this.originate(node, command);
    return this.done;
  }

  /**
   * An inbound call (calls/inbound.ts): the channel is parked on the node it arrived on; the record
   * is claimed as for an originate (a retry never answers twice), then `uuid_answer` and the switch's
   * CHANNEL_ANSWER starts the bot as for an outbound call.
   */
  private async answerInbound(): Promise<void> {
    const d = this.deps;
    const node = this.job.fsNode ? d.pool.byName(this.job.fsNode) : undefined;
    if (!node?.connected)
      throw new Error(`inbound call ${this.uuid}: node ${this.job.fsNode} is not connected`);
    if (!(await claimOriginate(d.db, this.rec.id, node.config.name, d.workerId, Date.now())))
      return this.recover();
    this.node = node;
    this.state = start(this.bot!.compiled);
    node.attach(this.uuid, this);
    this.channelSeen = true;
    this.emitState('ringing');
    const reply = await node.api(`uuid_answer ${this.uuid}`).catch((err: Error) => `-ERR ${err.message}`);
    // The caller gave up before we answered: the channel is gone (its hang-up came before attach).
    if (!reply.startsWith('+OK') && !this.finished) {
      log.warn('inbound call: uuid_answer failed', { callUuid: this.uuid, reply: reply.trim() });
      this.failedCause = 'ORIGINATOR_CANCEL';
      this.finish();
    }
    return this.done;
  }

  private async originate(node: EslNode, command: string): Promise<void> {
    let body: string;
    try {
      body = await node.bgapi(command, (this.deps.originateTimeoutSec + 15) * 1000);
    } catch (err) {
      // The socket dropped or the job never reported: the channel may exist. Ask, or wait for
      // the reconnect's reconcile (onReconciled), or give up after lostAfterMs.
      if (this.finished) return;
      log.warn('call: originate got no result', { callUuid: this.uuid, err: (err as Error).message });
      if (!node.connected) return this.nodeDown();
      const exists = await node.api(`uuid_exists ${this.uuid}`).catch(() => 'false');
      if (exists.trim() !== 'true') {
        this.unknown = { code: 'originateLost' };
        this.finish();
      }
      return;
    }
    if (!isErrReply(body) || this.finished) return;
    this.failedCause = body.replace(/^\s*-ERR\s*/, '').trim() || 'UNKNOWN';
    // No channel was made (GATEWAY_DOWN, INVALID_GATEWAY): nothing more will come. Else its hang-up
    // may still be on its way (see HANGUP_WAIT_MS); it closes the call when it comes.
    if (!this.channelSeen) return this.finish();
    this.timers.set('hangupWait', HANGUP_WAIT_MS, () => this.finish(), false);
  }

  // ---- switch -> session ----

  onEvent(ev: EslEvent): void {
    if (this.finished) return;
    this.channelSeen = true;
    switch (ev.name) {
      case 'CHANNEL_PROGRESS':
      case 'CHANNEL_PROGRESS_MEDIA':
        if (!this.answered && this.rec.status === 'dialing') {
          this.rec.status = 'ringing';
          this.writeStatus('ringing');
          this.emitState('ringing');
        }
        return;
      case 'CHANNEL_ANSWER':
        if (!this.answered) this.answeredUs = eventUs(ev, this.now());
        return this.onAnswered();
      case 'PLAYBACK_START':
        return this.playback.started(ev.seq);
      case 'PLAYBACK_STOP':
        return this.playback.stopped(ev.seq);
      case 'RECORD_START':
        if (ev.file === this.recPath) this.recStartUs = eventUs(ev, this.now());
        return;
      case 'CUSTOM':
        if (ev.subclass === AVMD_BEEP) return this.listening.onBeep();
        return this.listening.onEvent(ev);
      case 'DETECTED_SPEECH':
      case 'DTMF':
        return this.listening.onEvent(ev);
      case 'CHANNEL_HANGUP_COMPLETE':
        this.hangup = ev;
        return this.finish();
      default:
        return;
    }
  }

  onReconciled(row: ChannelRow | null): void {
    this.timers.clear('lost');
    if (this.finished) return;
    if (!row) {
      this.unknown = { code: 'lost_vanished' };
      return this.finish();
    }
    if (!this.answered && row.callstate === 'ACTIVE') this.onAnswered();
  }

  /** The node's connection dropped: wait for the reconcile, but not for ever. */
  nodeDown(): void {
    if (this.finished || this.timers.has('lost')) return;
    this.timers.set(
      'lost',
      this.deps.lostAfterMs,
      () => {
        this.unknown = { code: 'nodeNotBack' };
        this.finish();
      },
      false,
    );
  }

  private onAnswered(): void {
    if (this.answered || this.finished || !this.node || !this.bot) return;
    this.answered = true;
    this.answeredWall = Date.now();
    this.rec.status = 'answered';
    this.writeStatus('answered');
    this.emitState('answered');
    const node = this.node;
    this.recPath = recordingPath(this.uuid);
    node
      .api(recordCommand(this.uuid, this.recPath))
      .then((reply) => {
        if (!isErrReply(reply)) return;
        log.warn('call: uuid_record failed', { callUuid: this.uuid, reply: reply.trim() });
        this.recPath = null;
      })
      .catch(() => (this.recPath = null));
    // Background recognition for the whole call (results arrive while prompts play: smart
    // interruption), and the voicemail beep detector on outbound legs.
    this.listening.start(node);
    const def = this.bot.compiled.def;
    // A bot that may ask its model gets the filler ready now, so a slow answer never waits on it.
    if (def.llm?.answerUnmatched)
      void fillerFile(this.deps.prompts, this.job.accountId, def.settings.speed, 30000).catch(() => null);
    this.feed({ type: 'answered', at: this.now() });
    // Hard stop a little after the bot's maximum duration (the engine itself hangs up at it).
    this.armMax();
  }

  /**
   * Our platform broke the call (a prompt the switch could not play, a recognizer it does not have):
   * hang up at once; the record closes as a fault, unbilled (closing.ts).
   */
  private fault(why: ReasonMessage, reply: string): void {
    if (this.finished || this.faultWhy) return;
    this.faultWhy = why;
    log.error('call: fault, hanging up', { callUuid: this.uuid, why: reasonZh(why), reply });
    this.engineEnded = true;
    this.kill('NORMAL_TEMPORARY_FAILURE');
  }

  // ---- engine ----

  private now(): number {
    return (performance.now() - this.origin) / this.deps.timeScale;
  }

  private feed(event: BotEvent): void {
    if (this.engineEnded || !this.bot || !this.state) return;
    const r = step(this.bot.compiled, this.state, event);
    this.state = r.state;
    if (r.ended) this.engineEnded = true;
    if (
      event.type === 'asrFinal' &&
      r.actions.some((a) => a.reason.kind === 'noMatch' || a.reason.kind === 'unanswered')
    )
      this.transcript?.markLost();
    // Decision latency counts only speech the engine answers with a prompt.
    if (event.type === 'asrFinal' && !r.actions.some((a) => a.type === 'play')) this.playback.decisionAt = 0;
    // Requests are kept at once, not behind the prompts: a customer who hangs up right after
    // "别再打了" has still asked.
    for (const a of r.actions) this.requests?.note(a);
    for (const a of r.actions) this.chain = this.chain.then(() => this.act(a)).catch(() => undefined);
    // Speech the engine ignored (over a prompt, say) must not leave the call without a timer.
    this.chain = this.chain.then(() => {
      if (!this.playback.busy && !this.timers.has('silence')) this.armSilence();
    });
  }

  private async act(a: BotAction): Promise<void> {
    if (this.finished || !this.node) return;
    switch (a.type) {
      case 'play':
        return this.playback.play(a.text, a.recordingId, a.reason);
      case 'stopPlayback':
        return this.playback.stop();
      case 'listen':
        this.listenSec = a.waitSeconds;
        if (!this.playback.busy) this.armSilence();
        return;
      case 'transfer':
        return this.transfer(a.seatGroupId, a.reason);
      case 'hangup':
        this.engineResult = a.result;
        this.engineReason = a.reason;
        return this.hangupAfterPrompts();
      case 'askLlm':
        return this.askLlm(a.history, a.utterance);
      default:
        // setLevel / addLabel live in the engine state (grade reads them); SMS comes with its module;
        // optOut / remind were kept on the record by feed() (the settlement applies them).
        return;
    }
  }

  /**
   * The model answers an unmatched sentence. Past llmDeadAirMs without its answer the filler plays
   * (no dead air), and the answer follows when it comes; a failed or silent model gives the engine
   * a null reply, and the engine runs its own no-match branch.
   */
  private async askLlm(history: LlmInput['history'], utterance: string): Promise<void> {
    this.llmPending = true;
    this.timers.set(
      'deadAir',
      this.deps.llmDeadAirMs,
      () => void this.playback.llmFiller(() => this.llmPending),
      false,
    );
    let text: string | null;
    try {
      text = await this.deps.llm(this.job.accountId, { history, utterance });
    } catch {
      text = null;
    } finally {
      this.llmPending = false;
      this.timers.clear('deadAir');
    }
    this.feed({ type: 'llmReply', text, at: this.now() });
  }

  private armSilence(): void {
    this.timers.clear('silence');
    if (this.listenSec === null || this.finished || this.engineEnded || this.playback.busy) return;
    const sec = this.listenSec;
    this.timers.set('silence', sec * 1000, () => {
      this.listenSec = null;
      this.feed({ type: 'silence', at: this.now() });
    });
  }

  /**
   * Transfer to a human seat (modules/seats/state/transfer.ts offers the call to the group's seats): the
   * prompts finish, the bot stops listening, and the call is bridged to the seat that takes it
   * (seatLeg.ts). No seat within the manual-transfer wait (or a group that does not serve the
   * account): the bot goes on at the transfer's fallback flow when it has one, else hangs up;
   * recorded with why either way. The customer hanging up meanwhile withdraws the offer.
   */
  private async transfer(seatGroupId: number | null, reason: Reason): Promise<void> {
    const base = { callUuid: this.uuid, accountId: this.job.accountId, seatGroupId };
    const seats = (this.seatLeg ??= new SeatLeg({
      uuid: this.uuid,
      job: this.job,
      deps: this.deps,
      node: () => this.node!,
      recordId: () => this.rec.id,
      linePrefix: this.linePrefix,
      over: () => this.finished,
      bridging: (seat) => {
        this.engineReason = extendReason(reason, 'transferredToSeat', { seat: seat.name });
        this.deps.live.transfer(this.job, { ...base, transferred: true, reason: this.engineReason.text });
      },
    }));
    let listening = true;
    const fail = async (why: SeatFailure) => {
      if (this.state?.tf !== undefined && this.bot && !this.finished) {
        const { text } = extendReason(reason, 'transferFailedFallback', { why });
        this.deps.live.transfer(this.job, { ...base, transferred: false, reason: text });
        if (!listening) await this.listening.startAsr();
        this.armMax();
        this.engineEnded = false;
        this.feed({ type: 'transferFailed', why, at: this.now() });
        return;
      }
      this.engineReason = { ...extendReason(reason, 'transferFailedHangup', { why }), kind: 'hangup' };
      const text = this.engineReason.text;
      this.deps.live.transfer(this.job, { ...base, transferred: false, reason: text });
      return this.hangupAfterPrompts();
    };
    const d = this.deps;
    if (
      seatGroupId === null ||
      !(await groupServes(d.db, this.job.accountId, seatGroupId).catch(() => false))
    ) {
      await seats.record('badGroup', null);
      return fail(TRANSFER_FAILED.badGroup!);
    }
    await this.playback.drain();
    if (this.finished) return;
    listening = false;
    await this.listening.stop();
    // The bot's maximum call length is the bot's part of the call: a customer waiting for a seat (a
    // wait of 0 is for ever) or talking with one is never cut by it. A fallback flow gets what is left.
    this.timers.clear('max');
    const talkSec = Math.max(0, Math.round((Date.now() - this.answeredWall) / 1000));
    const soFar =
      this.bot && this.state
        ? grade(this.bot.compiled, this.state, { durationSeconds: talkSec, callStatus: 'answered' })
        : null;
    const card = bareCard({
      customerId: this.job.customerId ?? null,
      phoneMasked: maskPhone(this.job.phone),
      grade: soFar?.level ?? null,
    });
    const offer = {
      seatGroupId,
      waitSeconds: this.bot?.compiled.def.settings.transferWaitSeconds ?? DEFAULT_TRANSFER_WAIT_S,
      taskId: this.job.taskId ?? null,
      card,
      transcript: this.transcript?.lines() ?? [],
    };
    return seats.offer(offer, fail);
  }

  /** Hangs up once the queued prompts have played (the hangup app queues behind them). */
  private async hangupAfterPrompts(): Promise<void> {
    await this.node!.execute(this.uuid, 'hangup', 'NORMAL_CLEARING', PLAY_TIMEOUT_MS).catch(() =>
      this.kill('NORMAL_CLEARING'),
    );
  }

  /** The hard stop a little after the bot's maximum duration from the answer (the engine hangs up at it). */
  private armMax(): void {
    if (!this.bot || !this.state) return;
    const left = this.bot.compiled.maxMs - (this.now() - this.state.t0);
    this.timers.set('max', Math.max(0, left) + 2000, () => this.hardStop());
  }

  private hardStop(): void {
    const minutes = this.bot?.compiled.def.settings.maxCallMinutes;
    this.engineReason = { kind: 'maxDuration', ...coded('maxDurationForced', { minutes: String(minutes) }) };
    this.kill('ALLOTTED_TIMEOUT');
  }

  private kill(cause: string): void {
    // One at a time: a hang-up queued behind the prompts fails when the lane is cleared, and must not
    // kill again; a kill that failed (node down, channel gone) may be tried again (the hard stop).
    if (!this.node || this.killing) return;
    this.node.clearLane(this.uuid);
    const forget = () => void (this.killing = null);
    this.killing = this.node
      .api(`uuid_kill ${this.uuid} ${checkCause(cause)}`)
      .then((reply) => (isErrReply(reply) ? forget() : undefined), forget);
  }

  // ---- the end ----

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.timers.clearAll();
    this.node?.detach(this.uuid);
    this.playback.release();
    this.close().then(this.resolveDone, (err: Error) => this.rejectDone(err));
  }

  private async close(): Promise<void> {
    const h = this.hangup;
    const { outcome: o, state } = robotOutcome({
      bot: this.bot,
      state: this.state,
      answered: this.answered,
      engineEnded: this.engineEnded,
      hangup: h,
      failedCause: this.failedCause,
      startedWall: this.startedWall,
      answeredWall: this.answeredWall,
      unknown: this.unknown,
      greeting: this.listening.greeting,
      machineReason: this.listening.machineReason,
      engineResult: this.engineResult,
      engineReason: this.engineReason,
      fault: this.faultWhy,
      at: this.now(),
      note: (a) => this.requests?.note(a),
    });
    this.state = state;
    await Promise.all([this.transcript?.flush(), this.statusWrites, this.requests?.flush()]);
    await this.closeWith(o, h?.cause ?? this.failedCause, h?.sipStatus ?? null);
    await this.seatLeg?.wrapUp();
    // After the record is closed and the slots are free: the model's answer never holds up a call.
    if (this.answered && !this.faultWhy && this.bot?.compiled.def.llm?.gradeCall)
      await this.deps.llmGrade({ id: this.rec.id, accountId: this.job.accountId });
  }

  private async closeWith(o: Outcome, cause: string | null, sip: number | null): Promise<void> {
    const closed = await closeRecord(this.deps.db, this.rec.id, {
      ...o,
      hangupCause: cause,
      sipStatus: sip,
      rounds: this.state?.c[4] ?? 0,
      recordingPath: this.recPath,
    });
    if (closed) this.emitState('ended', o);
  }

  /** A retry of a call an earlier attempt originated (that worker died): see recover.ts. */
  private async recover(): Promise<void> {
    const owner = this.rec.mediaWorker;
    if (owner && owner !== this.deps.workerId && !(await waitForOwner(this.deps, this.rec.id, owner))) return;
    const node =
      (this.rec.fsNode ? this.deps.pool.byName(this.rec.fsNode) : undefined) ?? this.deps.pool.pick();
    this.finished = true;
    await this.closeWith(await lostCallOutcome(node ?? null, this.uuid), null, null);
  }

  /** Status writes in order, and finished before the record is closed. */
  private writeStatus(status: 'ringing' | 'answered'): void {
    this.statusWrites = this.statusWrites
      .then(() => setStatus(this.deps.db, this.rec.id, status))
      .catch(() => undefined);
  }

  private emitState(status: CallStatus, o?: Outcome): void {
    const transferOutcome: TransferOutcome | null = this.seatLeg?.outcome ?? null;
    this.deps.live.state(this.job, {
      callUuid: this.uuid,
      accountId: this.job.accountId,
      taskId: this.job.taskId ?? null,
      status,
      resultLevel: o?.resultLevel ?? null,
      grade: o?.grade ?? null,
      test: this.job.test ?? false,
      talkMs: o?.talkMs,
      billableMs: o?.billableMs,
      lineId: this.job.lineId,
      phoneMasked: maskPhone(this.job.phone),
      ...(status === 'ended' ? { transferOutcome } : {}),
      at: new Date().toISOString(),
    });
  }
}
