// An inbound call a seat-group scene answers: the channel is answered, the call is offered to the
// group's seats through the transfer machinery (seatLeg.ts, as a robot's transfer: longest idle first,
// pop-ups, auto-answer), and bridged to the seat that takes it. No seat within the wait,
// or the caller hanging up, ends it; the record is closed once like an outbound call's.
import { bareCard } from '../../../domain/transfer';
import type { CallStatus, DialJob } from '../../../domain/calls';
import { maskPhone } from '../../../domain/format';
import { coded, type ReasonMessage } from '../../../domain/reasons';
import { checkUuid } from '../esl/guard';
import type { ChannelRow, EslNode } from '../esl/node';
import { recordCommand } from './commands';
import { recordingPath } from './prompts';
import { outcomeOf, type Outcome } from './outcome';
import { claimOriginate, closeRecord, setStatus } from '../../../platform/callRecord';
import type { SessionDeps } from './session';
import { type Hangup } from './closing';
import { SeatLeg, type SeatFailure } from './seatLeg';
import { isErrReply } from './switchReplies';
import type { EslEvent } from '../esl/events';
import { log } from '../../../platform/log';

export interface SeatCallJob extends DialJob {
  seatGroupId: number;
  /** The scene's ring wait (SPEC §9: 0 = for ever). */
  waitSeconds: number;
  recordId: number;
}

export class InboundSeatCall {
  readonly uuid: string;
  private answered = false;
  private answeredWall = 0;
  /** The whole call is recorded from the answer (the caller on hold, then with the seat). */
  private recPath: string | null = null;
  private readonly startedWall = Date.now();
  private hangup: Hangup | null = null;
  private finished = false;
  private reason: (ReasonMessage & { text: string }) | null = null;
  private unknown: ReasonMessage | null = null;
  private readonly seats: SeatLeg;
  private resolveDone!: () => void;
  private readonly done = new Promise<void>((r) => (this.resolveDone = r));

  constructor(
    readonly job: SeatCallJob,
    private readonly deps: SessionDeps,
    private readonly node: EslNode,
    linePrefix: string,
  ) {
    this.uuid = checkUuid(job.callUuid);
    this.seats = new SeatLeg({
      uuid: this.uuid,
      job,
      deps,
      node: () => node,
      recordId: () => job.recordId,
      linePrefix,
      over: () => this.finished,
      bridging: (seat) => {
        this.reason = coded('inboundSeatConnected', { seat: seat.name });
        deps.live.transfer(job, {
          callUuid: this.uuid,
          accountId: job.accountId,
          seatGroupId: job.seatGroupId,
          transferred: true,
          reason: this.reason.text,
        });
      },
    });
  }

  get nodeName(): string {
    return this.node.config.name;
  }

  async run(): Promise<void> {
    const d = this.deps;
    if (!(await claimOriginate(d.db, this.job.recordId, this.node.config.name, d.workerId, Date.now())))
      return;
    this.node.attach(this.uuid, this);
    this.emit('ringing');
    const reply = await this.node
      .api(`uuid_answer ${this.uuid}`)
      .catch((err: Error) => `-ERR ${err.message}`);
    if (!reply.startsWith('+OK') && !this.finished) {
      this.reason = coded('inboundHungUpEarly');
      this.finish();
    }
    return this.done;
  }

  onEvent(ev: EslEvent): void {
    if (this.finished) return;
    if (ev.name === 'CHANNEL_ANSWER') void this.onAnswered();
    else if (ev.name === 'CHANNEL_HANGUP_COMPLETE') {
      this.hangup = ev;
      this.finish();
    }
  }

  onReconciled(row: ChannelRow | null): void {
    if (!row && !this.finished) {
      this.unknown = { code: 'lost_vanished' };
      this.finish();
    }
  }

  nodeDown(): void {
    // The reconcile after the reconnect tells whether the channel is still there.
  }

  private async onAnswered(): Promise<void> {
    if (this.answered) return;
    this.answered = true;
    this.answeredWall = Date.now();
    const d = this.deps;
    this.recPath = recordingPath(this.uuid);
    this.node
      .api(recordCommand(this.uuid, this.recPath))
      .then((reply) => {
        if (!isErrReply(reply)) return;
        log.warn('inbound call: uuid_record failed', { callUuid: this.uuid, reply: reply.trim() });
        this.recPath = null;
      })
      .catch(() => (this.recPath = null));
    await setStatus(d.db, this.job.recordId, 'answered').catch(() => undefined);
    this.emit('answered');
    const card = bareCard({
      customerId: this.job.customerId ?? null,
      phoneMasked: maskPhone(this.job.phone),
      grade: null,
    });
    const offer = {
      seatGroupId: this.job.seatGroupId,
      waitSeconds: this.job.waitSeconds,
      taskId: null,
      card,
      transcript: [],
      origin: 'inbound' as const,
    };
    return this.seats.offer(offer, (why) => this.fail(why));
  }

  private fail(why: SeatFailure): void {
    this.reason = coded('inboundSeatFailed', { why });
    this.deps.live.transfer(this.job, {
      callUuid: this.uuid,
      accountId: this.job.accountId,
      seatGroupId: this.job.seatGroupId,
      transferred: false,
      reason: this.reason.text,
    });
    void this.node.api(`uuid_kill ${this.uuid} NORMAL_CLEARING`).catch(() => undefined);
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.node.detach(this.uuid);
    void this.close()
      .catch((err: Error) =>
        log.error('inbound call: record not closed', { callUuid: this.uuid, err: err.message }),
      )
      .finally(this.resolveDone);
  }

  private async close(): Promise<void> {
    const h = this.hangup;
    const o = outcomeOf({
      answered: this.answered,
      hangupCause: h?.cause ?? (this.answered ? 'NORMAL_CLEARING' : 'ORIGINATOR_CANCEL'),
      sipStatus: h?.sipStatus ?? null,
      createdUs: h?.createdUs || this.startedWall * 1000,
      answeredUs: h ? h.answeredUs : this.answeredWall * 1000,
      hangupUs: h?.hangupUs || Date.now() * 1000,
      unknown: this.unknown,
      greeting: null,
      engineResult: null,
      engineReason: null,
      grade: null,
      rounds: 0,
    });
    if (this.reason && !this.unknown) o.reason = { kind: 'hangup', ...this.reason };
    const closed = await closeRecord(this.deps.db, this.job.recordId, {
      ...o,
      hangupCause: h?.cause ?? null,
      sipStatus: h?.sipStatus ?? null,
      rounds: 0,
      recordingPath: this.recPath,
    });
    if (closed) this.emit('ended', o);
    await this.seats.wrapUp();
  }

  private emit(status: CallStatus, o?: Outcome): void {
    this.deps.live.state(this.job, {
      callUuid: this.uuid,
      accountId: this.job.accountId,
      taskId: null,
      status,
      resultLevel: o?.resultLevel ?? null,
      grade: null,
      test: false,
      talkMs: o?.talkMs,
      billableMs: o?.billableMs,
      at: new Date().toISOString(),
    });
  }
}
