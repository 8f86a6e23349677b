// One call's life: originate on a node, then channel events drive the bot engine and the engine's
// actions become switch commands, until the hang-up closes the record (once) and frees the slots.
// The engine is pure (domain/bot): this class only translates events in and actions out.
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
import { recordingFragment } from '../../../domain/callRecords';
import { maskPhone } from '../../../domain/format';
import { greetingKindOf, type GreetingKind } from '../../../domain/telephony';
import {
  bareCard,
  bridgeFailed,
  DEFAULT_TRANSFER_WAIT_S,
  type TransferCard,
  type TransferOutcome,
} from '../../../domain/transfer';
import { AVMD_BEEP, type EslEvent } from '../esl/events';
import { checkCause, checkUuid } from '../esl/guard';
import { NO_ASR, UnimrcpAdapter, type AsrAdapter, type AsrCommand, type AsrResult } from '../speech/asr';
import type { ChannelRow, EslNode } from '../esl/node';
import { playHoldMusic } from './holdMusic';
import type { NodePool } from '../esl/pool';
import type { BotCache, LoadedBot } from './bots';
import type { CallLive } from './live';
import { outcomeOf, type Outcome } from './outcome';
import { lostCallOutcome, waitForOwner } from './recover';
import { originateCommand, playbackArg, recordCommand, seatDialString } from './commands';
import { fillerFile, promptFile, FILLER_TEXT } from './audio';
import { recordingPath, type PromptFiles } from './prompts';
import { CustomerRequests } from './requests';
import { claimOriginate, closeRecord, ensureRecord, setStatus, Transcript, type OpenRecord } from './record';
import { awaitOriginateToken } from './originatePace';
import { acquireSlots, releaseSlots } from './slots';
import { CallTimers } from './timers';
import { groupServes, type TransferClient } from './transferClient';

export interface SessionMetrics {
  /** Final ASR result received -> the playback it caused written to the socket, ms. */
  decisionToCommand(ms: number): void;
}

/** Answering machines and phone assistants beyond the greeting keywords (result 70, nothing billed). */
export interface MachineDetection {
  /** Run mod_avmd (`avmd_start`) from the answer: its avmd::beep is a voicemail beep. */
  avmd: boolean;
  /**
   * A first utterance longer than this without a pause (speech begin -> final result, by the
   * switch's event timestamps) is a recorded greeting, ms; 0 turns the heuristic off.
   */
  longGreetingMs: number;
}

export const DEFAULT_MACHINE_DETECTION: MachineDetection = { avmd: true, longGreetingMs: 4000 };
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

type Hangup = Extract<EslEvent, { name: 'CHANNEL_HANGUP_COMPLETE' }>;

/** Why a transfer found no seat, as the call record's reason says it. */
const TRANSFER_FAILED: Partial<Record<TransferOutcome, string>> = {
  noSeat: '没有空闲坐席',
  timeout: '等待坐席超时',
  badGroup: '坐席组不存在或不属于本账户',
  noService: '转接服务未运行',
};

/** Seats of one call whose leg may fail the bridge before the call goes to the fallback. */
const MAX_SEAT_FAILURES = 3;

/** Longest a single prompt may play before its execute is given up. */
const PLAY_TIMEOUT_MS = 10 * 60 * 1000;
/** A customer who started speaking has this long to finish before silence counts again. */
const SPEECH_GUARD_MS = 20000;
/** mod_avmd on the far end's audio: the read side of our outbound leg (inbound_channel). */
const AVMD_START_ARG = 'inbound_channel=1,outbound_channel=0';
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
/** A filler played this recently covers a slow rendering of the sentence that follows it. */
const FILLER_COVERS_MS = 5000;
/** How long the LLM filler itself may take to render (it is cached after the first time). */
const FILLER_RENDER_WAIT_MS = 2000;

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
  private answered = false;
  private engineEnded = false;
  private readonly playing = new Set<string>();
  private playSeq = 0;
  private drained: Array<() => void> = [];
  private listenSec: number | null = null;
  private readonly timers: CallTimers;
  private chain: Promise<void> = Promise.resolve();
  private statusWrites: Promise<unknown> = Promise.resolve();
  private hangup: Hangup | null = null;
  private failedCause: string | null = null;
  private unknown: string | null = null;
  private greeting: GreetingKind | null = null;
  private heardCustomer = false;
  private asr: AsrAdapter = NO_ASR;
  /** Final results heard from the customer. */
  private utterances = 0;
  /** Switch time (µs) the current utterance began; 0 when none is under way. */
  private speechBeganUs = 0;
  /** Switch time (µs) of CHANNEL_ANSWER; 0 when the answer was learnt otherwise (a reconcile). */
  private answeredUs = 0;
  private machineReason: string | null = null;
  private avmdRunning = false;
  private llmPending = false;
  private lastFillerAt = -Infinity;
  private engineResult: number | null = null;
  private engineReason: Reason | null = null;
  private recPath: string | null = null;
  /** Switch time (µs) the recording started (RECORD_START); 0 until then. */
  private recStartUs = 0;
  private decisionAt = 0;
  /** The line's dial prefix (a mobile seat is reached through the call's line). */
  private linePrefix = '';
  /** The seat that took the call, and when (its talk time is stored when the call ends). */
  private seatTook: { seatId: number; at: number } | null = null;
  /** How a transfer to a seat ended (the ended call:state event carries it to the wallboard). */
  private transferOutcome: TransferOutcome | null = null;
  private finished = false;
  private resolveDone!: () => void;
  private rejectDone!: (e: Error) => void;
  private readonly done = new Promise<void>((res, rej) => {
    this.resolveDone = res;
    this.rejectDone = rej;
  });

  constructor(
    readonly job: DialJob,
    private readonly deps: SessionDeps,
  ) {
    this.uuid = checkUuid(job.callUuid);
    this.timers = new CallTimers(deps.timeScale);
  }

  get nodeName(): string | null {
    return this.node?.config.name ?? null;
  }

  /** Runs the call to its end; rejects only when the record could not be closed (Bull retries). */
  async run(): Promise<void> {
    const d = this.deps;
    this.rec = await ensureRecord(d.db, d.config.secretKey, this.job);
    if (this.rec.status === 'ended') return;
    if (this.rec.originatedAt) return this.recover();
    this.transcript = new Transcript(d.db, this.rec.id, (line) =>
      d.live.line(this.job, { callUuid: this.uuid, line }),
    );
    this.requests = new CustomerRequests(d.db, d.config.secretKey, this.rec.id, this.job.phone);
    this.bot = await d.bots.load(this.job.accountId, this.job.botId, this.job.botVersion);
    this.asr = await d.asr.forAccount(this.job.accountId).catch(() => new UnimrcpAdapter());
    const line = await d
      .db('sip_lines')
      .where({ id: this.job.lineId, enabled: true })
      .first('prefix', 'caller_number', 'rate_count', 'rate_seconds');
    if (!this.bot || !line) {
      this.unknown = this.bot ? 'SIP line not found or disabled' : 'bot version not found';
      this.finish();
      return this.done;
    }
    this.linePrefix = line.prefix ?? '';
    if (this.job.direction === 'in') return this.answerInbound();
    const caller = this.job.callerNumber || line.caller_number || '';
    const command = originateCommand(this.job, line.prefix ?? '', caller, d.originateTimeoutSec);
    const rate = { n: Number(line.rate_count), m: Number(line.rate_seconds) };
    // Past a few windows without a token, Bull tries the job again later (nothing was originated).
    const maxWaitMs = Math.max(10_000, rate.m * 3000);
    const paced = await awaitOriginateToken(d.redis, d.config.redisPrefix, this.job.lineId, rate, maxWaitMs);
    if (paced === null) throw new Error(`line ${this.job.lineId}: no originate token within its send rate`);
    const node = d.pool.pick();
    if (!node) throw new Error('no FreeSWITCH node is connected');
    if (!(await claimOriginate(d.db, this.rec.id, node.config.name, d.workerId, paced)))
      return this.recover();
    this.node = node;
    this.state = start(this.bot.compiled);
    await acquireSlots(d.redis, d.config.redisPrefix, this.job);
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
    await acquireSlots(d.redis, d.config.redisPrefix, this.job);
    node.attach(this.uuid, this);
    this.emitState('ringing');
    const reply = await node.api(`uuid_answer ${this.uuid}`).catch((err: Error) => `-ERR ${err.message}`);
    // The caller gave up before we answered: the channel is gone (its hang-up came before attach).
    if (!reply.startsWith('+OK') && !this.finished) {
      this.failedCause = 'ORIGINATOR_CANCEL';
      this.finish();
    }
    return this.done;
  }

  private async originate(node: EslNode, command: string): Promise<void> {
    let body: string;
    try {
      body = await node.bgapi(command, (this.deps.originateTimeoutSec + 15) * 1000);
    } catch {
      // The socket dropped or the job never reported: the channel may exist. Ask, or wait for
      // the reconnect's reconcile (onReconciled), or give up after lostAfterMs.
      if (this.finished) return;
      if (!node.connected) return this.nodeDown();
      const exists = await node.api(`uuid_exists ${this.uuid}`).catch(() => 'false');
      if (exists.trim() !== 'true') {
        this.unknown = 'originate result lost and no channel';
        this.finish();
      }
      return;
    }
    if (!body.startsWith('+OK')) {
      // A failed originate: CHANNEL_HANGUP_COMPLETE (if a channel was made) came before this.
      this.failedCause = body.replace(/^-ERR\s*/, '').trim() || 'UNKNOWN';
      this.finish();
    }
  }

  // ---- switch -> session ----

  onEvent(ev: EslEvent): void {
    if (this.finished) return;
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
        if (!this.answered) this.answeredUs = this.eventUs(ev);
        return this.onAnswered();
      case 'PLAYBACK_STOP':
        return this.playbackDone(ev.seq);
      case 'RECORD_START':
        if (ev.file === this.recPath) this.recStartUs = this.eventUs(ev);
        return;
      case 'CUSTOM':
        if (ev.subclass === AVMD_BEEP) return this.onBeep();
        return this.onRecognizer(ev);
      case 'DETECTED_SPEECH':
        return this.onRecognizer(ev);
      case 'DTMF':
        this.timers.clear('silence');
        return this.feed({ type: 'dtmf', digit: ev.digit, at: this.now() });
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
      this.unknown = 'channel vanished while the FreeSWITCH node was disconnected';
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
        this.unknown = 'FreeSWITCH node did not come back';
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
    node.api(recordCommand(this.uuid, this.recPath)).catch(() => (this.recPath = null));
    // Background recognition for the whole call (the account's recognizer, speech/asr): results
    // arrive while prompts play, which is what smart interruption needs.
    const def = this.bot.compiled.def;
    void this.runCommands(this.asrStart());
    // Voicemail beeps (mod_avmd): its avmd::beep ends the call as a machine.
    if (this.deps.machine.avmd) {
      this.avmdRunning = true;
      node.execute(this.uuid, 'avmd_start', AVMD_START_ARG, 10000).catch(() => (this.avmdRunning = false));
    }
    // A bot that may ask its model gets the filler ready now, so a slow answer never waits on it.
    if (def.llm?.answerUnmatched)
      void fillerFile(this.deps.prompts, this.job.accountId, def.settings.speed, 30000).catch(() => null);
    // Hard stop a little after the bot's maximum duration (the engine itself hangs up at it).
    this.timers.set('max', this.bot.compiled.maxMs + 2000, () => this.hardStop());
    this.feed({ type: 'answered', at: this.now() });
  }

  /** The recognizer's start commands for this call's bot. */
  private asrStart(): AsrCommand[] {
    const def = this.bot!.compiled.def;
    return this.asr.start(this.uuid, { hotWords: def.hotWords ?? [], waitSeconds: def.settings.waitSeconds });
  }

  /** Switch commands of the recognizer, in order (api directly, applications through the lane). */
  private async runCommands(cmds: AsrCommand[]): Promise<void> {
    for (const c of cmds) {
      if (this.finished || !this.node) return;
      if (c.kind === 'api') await this.node.api(c.command).catch(() => undefined);
      else await this.node.execute(this.uuid, c.app, c.arg, 10000).catch(() => undefined);
    }
  }

  private onRecognizer(ev: EslEvent): void {
    if (!this.answered) return;
    const r = this.asr.parse(ev);
    if (r) this.onAsr(r, ev);
  }

  /** The switch's time of an event, µs (Event-Date-Timestamp), else ours on the simulated clock. */
  private eventUs(ev: EslEvent): number {
    const ts = Number(ev.headers.get('Event-Date-Timestamp'));
    return Number.isFinite(ts) && ts > 0 ? ts : this.now() * 1000;
  }

  private onAsr(r: AsrResult, ev: EslEvent): void {
    if (r.kind === 'begin') return this.speechBegan(this.eventUs(ev));
    if (r.kind === 'partial') {
      // Interim hypotheses are shown live but never decide anything: only finals feed the engine.
      this.speechBegan(this.eventUs(ev));
      this.deps.live.partial(this.job, { callUuid: this.uuid, text: r.text, at: new Date().toISOString() });
      return;
    }
    this.onFinal(r.text, ev);
  }

  /** The customer started speaking: no silence timeout while they talk (the guard bounds it). */
  private speechBegan(atUs: number): void {
    if (!this.speechBeganUs) this.speechBeganUs = atUs;
    this.timers.clear('silence');
    this.timers.set('guard', SPEECH_GUARD_MS, () => this.armSilence());
  }

  private onFinal(text: string, ev: EslEvent): void {
    this.timers.clear('guard');
    this.timers.clear('silence');
    const first = !this.heardCustomer;
    this.heardCustomer = true;
    this.utterances++;
    const began = this.speechBeganUs;
    const spokeMs = began
      ? Math.min((this.eventUs(ev) - began) / 1000, [...text].length * MAX_MS_PER_CHAR)
      : 0;
    const greetingTime = !this.answeredUs || (began - this.answeredUs) / 1000 <= GREETING_WINDOW_MS;
    this.speechBeganUs = 0;
    this.transcript?.add({
      khtype: 'customer',
      khcontent: text,
      khvoicepath: this.recPath ? [this.voiceOf(text, began, ev)] : [],
      reduceNoiseRate: (this.bot?.compiled.def.settings.noiseFilterRatio ?? 0) / 100,
    });
    const kind = first ? greetingKindOf(text) : null;
    if (kind) {
      // A voicemail or call assistant answered: stop at once, no talk to bill (result 70).
      this.greeting = kind;
      return this.kill('NORMAL_CLEARING');
    }
    const long = this.deps.machine.longGreetingMs;
    if (first && greetingTime && long > 0 && spokeMs > long) {
      // People answer a call with a word or two; a recording talks on without a pause.
      this.greeting = 'voicemail';
      this.machineReason = `首句连续${(spokeMs / 1000).toFixed(1)}秒无停顿，判定为录音应答，挂机`;
      return this.kill('NORMAL_CLEARING');
    }
    // Past the greeting and one real answer, a tone is not a voicemail beep any more.
    if (this.utterances >= 2) this.stopAvmd();
    this.decisionAt = ev.receivedAt;
    this.feed({ type: 'asrFinal', text, at: this.now() });
  }

  /**
   * Where the customer said `text` in the recording, as its path with `#t=start,end`: switch times
   * from RECORD_START on (else from the answer: uuid_record is sent right after it); without either
   * switch time, our clock stands in.
   */
  private voiceOf(text: string, beganUs: number, ev: EslEvent): string {
    const guessMs = [...text].length * TYPICAL_MS_PER_CHAR;
    const zeroUs = this.recStartUs || this.answeredUs;
    if (zeroUs) {
      const endMs = (this.eventUs(ev) - zeroUs) / 1000;
      const startMs = beganUs ? (beganUs - zeroUs) / 1000 : endMs - guessMs;
      return recordingFragment(this.recPath!, startMs, endMs);
    }
    const endMs = Date.now() - this.answeredWall;
    return recordingFragment(this.recPath!, endMs - guessMs, endMs);
  }

  /** mod_avmd heard a beep: a voicemail box is about to record. Hang up at once (70, not billed). */
  private onBeep(): void {
    if (!this.answered || this.utterances >= 2) return;
    this.greeting = 'voicemail';
    this.machineReason = this.heardCustomer
      ? '问候语后检测到留言提示音，判定为语音信箱，挂机'
      : '接通后无人说话并检测到留言提示音，判定为语音信箱，挂机';
    this.kill('NORMAL_CLEARING');
  }

  private stopAvmd(): void {
    if (!this.avmdRunning || !this.node) return;
    this.avmdRunning = false;
    // mod_avmd's API: avmd <uuid> stop (AVMD_SYNTAX); not through the lane, so no prompt waits on it.
    void this.node.api(`avmd ${this.uuid} stop`).catch(() => undefined);
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
    if (event.type === 'asrFinal' && !r.actions.some((a) => a.type === 'play')) this.decisionAt = 0;
    // Requests are kept at once, not behind the prompts: a customer who hangs up right after
    // "别再打了" has still asked.
    for (const a of r.actions) this.requests?.note(a);
    for (const a of r.actions) this.chain = this.chain.then(() => this.act(a)).catch(() => undefined);
    // Speech the engine ignored (over a prompt, say) must not leave the call without a timer.
    this.chain = this.chain.then(() => {
      if (!this.playing.size && !this.timers.has('silence')) this.armSilence();
    });
  }

  private async act(a: BotAction): Promise<void> {
    if (this.finished || !this.node) return;
    switch (a.type) {
      case 'play':
        return this.play(a.text, a.recordingId, a.reason);
      case 'stopPlayback':
        this.node.clearLane(this.uuid);
        this.playing.clear();
        // Not awaited: the switch takes the socket's commands in order, so the answer written next
        // is queued after this break has emptied the channel's queue.
        void this.node.api(`uuid_break ${this.uuid} all`).catch(() => undefined);
        return;
      case 'listen':
        this.listenSec = a.waitSeconds;
        if (!this.playing.size) this.armSilence();
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
    this.timers.set('deadAir', this.deps.llmDeadAirMs, () => void this.llmFiller(), false);
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

  private async llmFiller(): Promise<void> {
    const bot = this.bot;
    if (!bot || !this.llmPending || this.finished) return;
    const file = await fillerFile(
      this.deps.prompts,
      this.job.accountId,
      bot.compiled.def.settings.speed,
      FILLER_RENDER_WAIT_MS,
    );
    // The answer may have come while the filler was being fetched: then it is not needed.
    if (file && this.llmPending) this.playFiller(file);
  }

  private playFiller(file: string): void {
    if (this.finished || !this.node) return;
    this.lastFillerAt = performance.now();
    this.timers.clear('silence');
    this.node
      .execute(this.uuid, 'playback', playbackArg(FILLER_TEXT, file), PLAY_TIMEOUT_MS)
      .catch(() => undefined);
  }

  private async play(text: string, recordingId: number | null, reason: Reason): Promise<void> {
    const file = await promptFile(this.deps.prompts, this.job, this.bot!, text, recordingId, (filler) => {
      // A filler that just played (a slow LLM) already covers this rendering.
      if (performance.now() - this.lastFillerAt > FILLER_COVERS_MS) this.playFiller(filler);
    });
    if (this.finished || !this.node) return;
    if (!file) {
      // Nothing playable: carry on as if it had played, so the engine listens.
      if (!this.playing.size) this.feed({ type: 'playbackFinished', at: this.now() });
      return;
    }
    const seq = String(++this.playSeq);
    this.playing.add(seq);
    this.timers.clear('silence');
    this.transcript?.add({ khtype: 'robot', khcontent: text, khvoicepath: [file], reason });
    const arg = playbackArg(text, file, seq);
    this.node
      .execute(this.uuid, 'playback', arg, PLAY_TIMEOUT_MS, () => this.measure())
      .then(
        () => this.playbackDone(seq),
        () => this.playbackDone(seq),
      );
  }

  private measure(): void {
    if (!this.decisionAt) return;
    this.deps.metrics?.decisionToCommand(performance.now() - this.decisionAt);
    this.decisionAt = 0;
  }

  private playbackDone(seq: string): void {
    if (!this.playing.delete(seq) || this.playing.size) return;
    for (const fn of this.drained.splice(0)) fn();
    this.feed({ type: 'playbackFinished', at: this.now() });
  }

  private promptsDrained(): Promise<void> {
    return this.playing.size ? new Promise((r) => this.drained.push(r)) : Promise.resolve();
  }

  private armSilence(): void {
    this.timers.clear('silence');
    if (this.listenSec === null || this.finished || this.engineEnded || this.playing.size) return;
    const sec = this.listenSec;
    this.timers.set('silence', sec * 1000, () => {
      this.listenSec = null;
      this.feed({ type: 'silence', at: this.now() });
    });
  }

  /**
   * Transfer to a human seat (modules/seats/transfer.ts offers the call to the group's seats): the
   * prompts finish, the bot stops listening, and the call is bridged to the seat that takes it. No
   * seat within the manual-transfer wait (or a group that does not serve the account): the bot goes
   * on at the transfer's fallback flow when it has one, else hangs up; recorded with why either way.
   * The customer hanging up meanwhile withdraws the offer.
   */
  private async transfer(seatGroupId: number | null, reason: Reason): Promise<void> {
    const base = { callUuid: this.uuid, accountId: this.job.accountId, seatGroupId };
    let listening = true;
    const fail = async (why: string) => {
      if (this.state?.tf !== undefined && this.bot && !this.finished) {
        const text = `${reason.text}；转接失败：${why}，转到兜底流程`;
        this.deps.live.transfer(this.job, { ...base, transferred: false, reason: text });
        if (!listening) await this.runCommands(this.asrStart());
        this.engineEnded = false;
        this.feed({ type: 'transferFailed', why, at: this.now() });
        return;
      }
      const text = `${reason.text}；转接失败：${why}，挂机`;
      this.engineReason = { ...reason, kind: 'hangup', text };
      this.deps.live.transfer(this.job, { ...base, transferred: false, reason: text });
      return this.hangupAfterPrompts();
    };
    const d = this.deps;
    if (
      seatGroupId === null ||
      !(await groupServes(d.db, this.job.accountId, seatGroupId).catch(() => false))
    ) {
      await this.recordTransfer('badGroup', null);
      return fail('坐席组不存在或不属于本账户');
    }
    await this.promptsDrained();
    if (this.finished) return;
    // The seat talks now: the bot's recognizer and beep detector are not needed any more.
    this.stopAvmd();
    listening = false;
    await this.runCommands(this.asr.stop(this.uuid));
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
    return this.offerToSeats(seatGroupId, reason, card, [], fail);
  }

  /**
   * Offers the call to the group's seats (never those in `exclude`) and bridges it to the one that
   * takes it. A seat whose leg does not answer the bridge (its browser has no microphone, its
   * softphone is gone) is let go and the call offered again without it, up to MAX_SEAT_FAILURES
   * seats; no seat: `fail` (the fallback flow, else the hang-up).
   */
  private async offerToSeats(
    seatGroupId: number,
    reason: Reason,
    card: TransferCard,
    exclude: number[],
    fail: (why: string) => Promise<void>,
  ): Promise<void> {
    const d = this.deps;
    const base = { callUuid: this.uuid, accountId: this.job.accountId, seatGroupId };
    const hold = playHoldMusic(this.node!, this.uuid, () => this.finished);
    const reply = await d.transfers.offer(
      {
        kind: 'offer',
        callUuid: this.uuid,
        accountId: this.job.accountId,
        taskId: this.job.taskId ?? null,
        seatGroupId,
        waitSeconds: this.bot?.compiled.def.settings.transferWaitSeconds ?? DEFAULT_TRANSFER_WAIT_S,
        card,
        transcript: this.transcript?.lines() ?? [],
        ...(exclude.length ? { excludeSeatIds: exclude } : {}),
      },
      () => this.finished,
    );
    // The music stops before the seat is bridged, the fallback flow speaks, or the bot hangs up.
    await hold.stop();
    if (!reply) return this.recordTransfer('cancelled', null);
    await this.recordTransfer(reply.outcome, reply.seat?.id ?? null);
    if (this.finished) return;
    if (reply.outcome !== 'accepted' || !reply.seat)
      return fail(TRANSFER_FAILED[reply.outcome] ?? reply.outcome);
    const seat = reply.seat;
    let dial: string;
    try {
      dial = seatDialString(seat, { lineId: this.job.lineId, prefix: this.linePrefix }, this.uuid);
    } catch {
      return fail('坐席号码无效');
    }
    this.seatTook = { seatId: seat.id, at: Date.now() };
    this.engineReason = { ...reason, text: `${reason.text}；已转接坐席「${seat.name}」` };
    d.live.transfer(this.job, { ...base, transferred: true, reason: this.engineReason.text });
    // The bridge lasts as long as the conversation with the seat; the hangup event ends the call.
    // A bridge that ends with the customer still here and a failure cause: the seat never answered.
    void this.node!.execute(this.uuid, 'bridge', dial, PLAY_TIMEOUT_MS)
      .then(
        (done) => {
          if (this.finished || !bridgeFailed(done.response)) return;
          return this.seatDidNotAnswer(seatGroupId, reason, card, [...exclude, seat.id], done.response, fail);
        },
        () => undefined,
      )
      .catch((err: Error) =>
        console.error(`call ${this.uuid}: re-offer after a failed bridge: ${err.message}`),
      );
  }

  /** The seat's leg failed the bridge: its offer ends, and the call goes to the next seat or the fallback. */
  private async seatDidNotAnswer(
    seatGroupId: number,
    reason: Reason,
    card: TransferCard,
    failed: number[],
    cause: string,
    fail: (why: string) => Promise<void>,
  ): Promise<void> {
    this.seatTook = null;
    const seatId = failed[failed.length - 1]!;
    await this.deps.transfers
      .failed({ kind: 'failed', callUuid: this.uuid, seatId, cause })
      .catch((err: Error) => console.error(`call ${this.uuid}: seat failure not sent: ${err.message}`));
    if (this.finished) return;
    if (failed.length >= MAX_SEAT_FAILURES) {
      await this.recordTransfer('noSeat', null);
      return fail('坐席未能接起通话');
    }
    return this.offerToSeats(seatGroupId, reason, card, failed, fail);
  }

  /** How the transfer ended, on the call record (calls.transfer_outcome / transfer_seat_id). */
  private async recordTransfer(outcome: TransferOutcome, seatId: number | null): Promise<void> {
    this.transferOutcome = outcome;
    await this.deps
      .db('calls')
      .where({ id: this.rec.id })
      .update({ transfer_outcome: outcome, transfer_seat_id: seatId })
      .catch((err: Error) => console.error(`call ${this.uuid}: transfer outcome not stored: ${err.message}`));
  }

  /** Hangs up once the queued prompts have played (the hangup app queues behind them). */
  private async hangupAfterPrompts(): Promise<void> {
    await this.node!.execute(this.uuid, 'hangup', 'NORMAL_CLEARING', PLAY_TIMEOUT_MS).catch(() =>
      this.kill('NORMAL_CLEARING'),
    );
  }

  private hardStop(): void {
    const minutes = this.bot?.compiled.def.settings.maxCallMinutes;
    this.engineReason = { kind: 'maxDuration', text: `通话达到最长时长${minutes}分钟，强制挂机` };
    this.kill('ALLOTTED_TIMEOUT');
  }

  private kill(cause: string): void {
    if (!this.node) return;
    this.node.clearLane(this.uuid);
    void this.node.api(`uuid_kill ${this.uuid} ${checkCause(cause)}`).catch(() => undefined);
  }

  // ---- the end ----

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.timers.clearAll();
    this.node?.detach(this.uuid);
    for (const fn of this.drained.splice(0)) fn();
    this.close().then(this.resolveDone, (err: Error) => this.rejectDone(err));
  }

  private async close(): Promise<void> {
    const bot = this.bot;
    let g = null;
    if (bot && this.state && this.answered) {
      if (!this.engineEnded) {
        const r = step(bot.compiled, this.state, { type: 'hangup', by: 'customer', at: this.now() });
        this.state = r.state;
        for (const a of r.actions) this.requests?.note(a);
      }
      const talkSec = this.hangup?.answeredUs
        ? Math.round((this.hangup.hangupUs - this.hangup.answeredUs) / 1e6)
        : Math.round((Date.now() - this.answeredWall) / 1000);
      g = grade(bot.compiled, this.state, { durationSeconds: talkSec, callStatus: 'answered' });
    }
    const h = this.hangup;
    const o = outcomeOf({
      answered: this.answered,
      hangupCause: h?.cause ?? this.failedCause,
      sipStatus: h?.sipStatus ?? null,
      createdUs: h?.createdUs || this.startedWall * 1000,
      answeredUs: h ? h.answeredUs : this.answeredWall * 1000,
      hangupUs: h?.hangupUs || Date.now() * 1000,
      unknown: this.unknown,
      greeting: this.greeting,
      engineResult: this.engineResult,
      engineReason: this.engineReason,
      grade: g,
      rounds: this.state?.c[4] ?? 0,
    });
    if (this.engineReason?.kind === 'maxDuration' || (this.engineReason && !g)) o.reason = this.engineReason;
    if (o.resultLevel === 70 && this.machineReason)
      o.reason = { kind: 'intercept', text: this.machineReason };
    await Promise.all([this.transcript?.flush(), this.statusWrites, this.requests?.flush()]);
    await this.closeWith(o, h?.cause ?? this.failedCause, h?.sipStatus ?? null);
    if (this.seatTook)
      await this.deps.transfers
        .ended({
          kind: 'ended',
          callUuid: this.uuid,
          seatId: this.seatTook.seatId,
          talkMs: Date.now() - this.seatTook.at,
        })
        .catch((err: Error) => console.error(`call ${this.uuid}: seat wrap-up not sent: ${err.message}`));
    // After the record is closed and the slots are free: the model's answer never holds up a call.
    if (this.answered && bot?.compiled.def.llm?.gradeCall)
      await this.deps.llmGrade({ id: this.rec.id, accountId: this.job.accountId });
  }

  private async closeWith(o: Outcome, cause: string | null, sip: number | null): Promise<void> {
    const d = this.deps;
    const closed = await closeRecord(d.db, this.rec.id, {
      ...o,
      hangupCause: cause,
      sipStatus: sip,
      rounds: this.state?.c[4] ?? 0,
      recordingPath: this.recPath,
    });
    await releaseSlots(d.redis, d.config.redisPrefix, this.job);
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
      ...(status === 'ended' ? { transferOutcome: this.transferOutcome } : {}),
      at: new Date().toISOString(),
    });
  }
}
