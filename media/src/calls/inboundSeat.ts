// An inbound call a seat-group scene answers: the channel is answered, the call is offered to the
// group's seats through the transfer machinery (transferClient.ts -> modules/seats/transfer.ts: longest
// idle first, pop-ups, auto-answer), and bridged to the seat that takes it. No seat within the wait,
// or the caller hanging up, ends it; the record is closed once like an outbound call's.
import { bareCard, bridgeFailed, type TransferCard, type TransferOutcome } from '../../../domain/transfer';
import type { CallStatus, DialJob } from '../../../domain/calls';
import { maskPhone } from '../../../domain/format';
import type { EslEvent } from '../esl/events';
import { checkUuid } from '../esl/guard';
import type { ChannelRow, EslNode } from '../esl/node';
import { playHoldMusic } from './holdMusic';
import { recordCommand, seatDialString } from './commands';
import { recordingPath } from './prompts';
import { outcomeOf, type Outcome } from './outcome';
import { claimOriginate, closeRecord, setStatus } from './record';
import type { SessionDeps } from './session';
import { acquireSlots, releaseSlots } from './slots';

type Hangup = Extract<EslEvent, { name: 'CHANNEL_HANGUP_COMPLETE' }>;

/** Seats of one call whose leg may fail the bridge before the caller is hung up on. */
const MAX_SEAT_FAILURES = 3;
/** Longest a bridge to a seat may last before its execute is given up (the hang-up ends it anyway). */
const BRIDGE_TIMEOUT_MS = 4 * 60 * 60 * 1000;

const FAILED: Partial<Record<TransferOutcome, string>> = {
  noSeat: '没有空闲坐席',
  timeout: '等待坐席超时',
  badGroup: '坐席组不存在或不属于本账户',
  noService: '转接服务未运行',
};

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
  private reason: string | null = null;
  private unknown: string | null = null;
  private seatTook: { seatId: number; at: number } | null = null;
  private resolveDone!: () => void;
  private readonly done = new Promise<void>((r) => (this.resolveDone = r));

  constructor(
    readonly job: SeatCallJob,
    private readonly deps: SessionDeps,
    private readonly node: EslNode,
    private readonly linePrefix: string,
  ) {
    this.uuid = checkUuid(job.callUuid);
  }

  get nodeName(): string {
    return this.node.config.name;
  }

  async run(): Promise<void> {
    const d = this.deps;
    if (!(await claimOriginate(d.db, this.job.recordId, this.node.config.name, d.workerId, Date.now())))
      return;
    await acquireSlots(d.redis, d.config.redisPrefix, this.job);
    this.node.attach(this.uuid, this);
    this.emit('ringing');
    const reply = await this.node
      .api(`uuid_answer ${this.uuid}`)
      .catch((err: Error) => `-ERR ${err.message}`);
    if (!reply.startsWith('+OK') && !this.finished) {
      this.reason = '来电在接听前已挂断';
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
      this.unknown = 'channel vanished while the FreeSWITCH node was disconnected';
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
    this.node.api(recordCommand(this.uuid, this.recPath)).catch(() => (this.recPath = null));
    await setStatus(d.db, this.job.recordId, 'answered').catch(() => undefined);
    this.emit('answered');
    const card = bareCard({
      customerId: this.job.customerId ?? null,
      phoneMasked: maskPhone(this.job.phone),
      grade: null,
    });
    return this.offerToSeats(card, []);
  }

  /**
   * Offers the call to the group's seats (never those in `exclude`) and bridges it to the one that
   * takes it; a seat whose leg fails the bridge (no microphone, softphone gone) is let go and the call
   * offered again without it (up to MAX_SEAT_FAILURES seats).
   */
  private async offerToSeats(card: TransferCard, exclude: number[]): Promise<void> {
    const d = this.deps;
    const hold = playHoldMusic(this.node, this.uuid, () => this.finished);
    const reply = await d.transfers.offer(
      {
        kind: 'offer',
        callUuid: this.uuid,
        accountId: this.job.accountId,
        taskId: null,
        seatGroupId: this.job.seatGroupId,
        waitSeconds: this.job.waitSeconds,
        card,
        transcript: [],
        ...(exclude.length ? { excludeSeatIds: exclude } : {}),
      },
      () => this.finished,
    );
    await hold.stop();
    if (!reply) return this.recordTransfer('cancelled', null);
    await this.recordTransfer(reply.outcome, reply.seat?.id ?? null);
    if (this.finished) return;
    if (reply.outcome !== 'accepted' || !reply.seat) return this.fail(FAILED[reply.outcome] ?? reply.outcome);
    let dial: string;
    try {
      dial = seatDialString(reply.seat, { lineId: this.job.lineId, prefix: this.linePrefix }, this.uuid);
    } catch {
      return this.fail('坐席号码无效');
    }
    this.seatTook = { seatId: reply.seat.id, at: Date.now() };
    this.reason = `来电已接入坐席「${reply.seat.name}」`;
    d.live.transfer(this.job, {
      callUuid: this.uuid,
      accountId: this.job.accountId,
      seatGroupId: this.job.seatGroupId,
      transferred: true,
      reason: this.reason,
    });
    const seatId = reply.seat.id;
    void this.node
      .execute(this.uuid, 'bridge', dial, BRIDGE_TIMEOUT_MS)
      .then(
        (done) => {
          if (this.finished || !bridgeFailed(done.response)) return;
          return this.seatDidNotAnswer(card, [...exclude, seatId], done.response);
        },
        () => undefined,
      )
      .catch((err: Error) =>
        console.error(`inbound call ${this.uuid}: re-offer after a failed bridge: ${err.message}`),
      );
  }

  /** The seat's leg failed the bridge: its offer ends, and the call goes to the next seat. */
  private async seatDidNotAnswer(card: TransferCard, failed: number[], cause: string): Promise<void> {
    this.seatTook = null;
    await this.deps.transfers
      .failed({ kind: 'failed', callUuid: this.uuid, seatId: failed[failed.length - 1]!, cause })
      .catch((err: Error) =>
        console.error(`inbound call ${this.uuid}: seat failure not sent: ${err.message}`),
      );
    if (this.finished) return;
    if (failed.length >= MAX_SEAT_FAILURES) {
      await this.recordTransfer('noSeat', null);
      return this.fail('坐席未能接起通话');
    }
    return this.offerToSeats(card, failed);
  }

  private fail(why: string): void {
    this.reason = `来电转坐席失败：${why}，挂机`;
    this.deps.live.transfer(this.job, {
      callUuid: this.uuid,
      accountId: this.job.accountId,
      seatGroupId: this.job.seatGroupId,
      transferred: false,
      reason: this.reason,
    });
    void this.node.api(`uuid_kill ${this.uuid} NORMAL_CLEARING`).catch(() => undefined);
  }

  private async recordTransfer(outcome: TransferOutcome, seatId: number | null): Promise<void> {
    await this.deps
      .db('calls')
      .where({ id: this.job.recordId })
      .update({ transfer_outcome: outcome, transfer_seat_id: seatId })
      .catch((err: Error) => console.error(`call ${this.uuid}: transfer outcome not stored: ${err.message}`));
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.node.detach(this.uuid);
    void this.close()
      .catch((err: Error) => console.error(`inbound call ${this.uuid}: record not closed: ${err.message}`))
      .finally(this.resolveDone);
  }

  private async close(): Promise<void> {
    const d = this.deps;
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
    if (this.reason && !this.unknown) o.reason = { kind: 'hangup', text: this.reason };
    const closed = await closeRecord(d.db, this.job.recordId, {
      ...o,
      hangupCause: h?.cause ?? null,
      sipStatus: h?.sipStatus ?? null,
      rounds: 0,
      recordingPath: this.recPath,
    });
    await releaseSlots(d.redis, d.config.redisPrefix, this.job);
    if (closed) this.emit('ended', o);
    if (this.seatTook)
      await d.transfers
        .ended({
          kind: 'ended',
          callUuid: this.uuid,
          seatId: this.seatTook.seatId,
          talkMs: Date.now() - this.seatTook.at,
        })
        .catch((err: Error) => console.error(`call ${this.uuid}: seat wrap-up not sent: ${err.message}`));
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
