// The media worker's side of a transfer to a human seat (domain/transfer.ts; its Redis side is
// platform/transferChannel.ts): the offer job goes to
// the server (transfers queue) with the bare customer card (the server fills it in), and the reply key
// is read until the server decides, or the customer hangs up (the cancel key tells the server to
// stop offering). The reply is read when the server's wake for the call arrives (transferWakeChannel),
// and once a second in case a wake was lost.
import type { Knex } from 'knex';
import type Redis from 'ioredis';
import type Queue from 'bull';
import { pathIds } from '../../../domain/accountPath';
import {
  TRANSFER_POLL_MS,
  type TransferEndedJob,
  type TransferFailedJob,
  type TransferJob,
  type TransferOfferJob,
  type TransferReply,
} from '../../../domain/transfer';
import { Wakeups } from '../../../platform/wakeups';
import { TRANSFER_ALIVE_MS, TransferChannel, transferWakeChannel } from '../../../platform/transferChannel';

/** A job nobody has taken after this long: no server is processing transfers. */
const UNSERVED_MS = 15_000;
/** Asks of one transfer at most (each after the process running the last one died). */
const MAX_ASKS = 3;
/** How often the customer's hangup is looked at while waiting (a local flag, no Redis). */
const GONE_CHECK_MS = 100;

/**
 * Whether the group may take the account's calls: the account's own, or an account's above it
 * (a merchant's seats take its users' calls). Never another tree's seats.
 */
export async function groupServes(db: Knex, accountId: number, groupId: number): Promise<boolean> {
  const [account, group] = await Promise.all([
    db('accounts').where({ id: accountId }).first('path'),
    db('seat_groups').where({ id: groupId }).first('account_id'),
  ]);
  return !!account && !!group && pathIds(account.path).includes(Number(group.account_id));
}

export class TransferClient {
  private readonly wakes = new Wakeups();
  private readonly sub: Redis;
  private readonly subscribed: Promise<unknown>;
  private readonly channel: TransferChannel;

  constructor(
    private readonly queue: Queue.Queue<TransferJob>,
    redis: Redis,
    prefix: string,
  ) {
    this.channel = new TransferChannel(redis, prefix);
    this.sub = redis.duplicate();
    this.sub.on('message', (_channel: string, callUuid: string) => this.wakes.wake(callUuid));
    this.sub.on('error', () => undefined); // reconnects; meanwhile the reply is still read each second
    this.subscribed = this.sub.subscribe(transferWakeChannel(prefix)).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.wakes.close();
    this.sub.disconnect();
  }

  /**
   * Asks for a seat and waits for the server's answer. Null when the customer hung up meanwhile
   * (`gone`); outcome 'noService' when no server took the job.
   */
  async offer(job: TransferOfferJob, gone: () => boolean): Promise<TransferReply | null> {
    const { callUuid } = job;
    let asked = 0;
    const ask = () =>
      this.queue.add(job, {
        // A new id for each ask: the server takes each once.
        jobId: `transfer:${callUuid}:${++asked}`,
        attempts: 3,
        backoff: { type: 'fixed', delay: 1000 },
        removeOnComplete: 1000,
        removeOnFail: 1000,
      });
    await this.subscribed;
    let added = await ask();
    let since = Date.now();
    let lastCheck = Date.now();
    let missing = 0;
    let lastRead = 0;
    let woken: Promise<boolean> = Promise.resolve(true);
    for (;;) {
      if ((await woken) || Date.now() - lastRead >= TRANSFER_POLL_MS) {
        // Waiting before reading: a wake that comes while the reply is read is not missed.
        woken = this.wakes.wait(callUuid, GONE_CHECK_MS);
        lastRead = Date.now();
        const r = await this.channel.readReply(callUuid);
        if (r) return r;
      } else woken = this.wakes.wait(callUuid, GONE_CHECK_MS);
      if (gone()) {
        await this.channel.cancel(callUuid);
        // A seat that took the call as the customer hung up is let go (the call is never bridged); the
        // server does the same when it sees the cancel after its reply.
        const r = await this.channel.readReply(callUuid);
        if (r?.outcome === 'accepted' && r.seat)
          await this.failed({ kind: 'failed', callUuid, seatId: r.seat.id, cause: 'ORIGINATOR_CANCEL' });
        return null;
      }
      if (Date.now() - lastCheck >= 1000) {
        lastCheck = Date.now();
        const state = await added.getState().catch(() => 'unknown');
        if ((state === 'waiting' || state === 'failed') && Date.now() - since >= UNSERVED_MS) {
          await added.remove().catch(() => undefined);
          return { callUuid, outcome: 'noService', offers: 0 };
        }
        // Taken, but nobody keeps the offer alive: the process running it died. Ask again.
        const alive = await this.channel.isAlive(callUuid);
        const taken = !['waiting', 'delayed', 'paused', 'active'].includes(state);
        missing = taken && !alive ? missing + 1 : 0;
        if (missing * 1000 >= TRANSFER_ALIVE_MS) {
          if (asked >= MAX_ASKS) return { callUuid, outcome: 'noService', offers: 0 };
          added = await ask();
          since = Date.now();
          missing = 0;
        }
      }
    }
  }

  /**
   * The seat that took the call never answered the bridge: the server lets it go. The transfer's
   * reply and offer are forgotten first, so the next offer of the call is decided anew.
   */
  async failed(job: TransferFailedJob): Promise<void> {
    await this.channel.forget(job.callUuid);
    await this.queue.add(job, {
      jobId: `transfer-failed:${job.callUuid}:${job.seatId}`,
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: 1000,
      removeOnFail: 1000,
    });
  }

  /** The call a seat took has ended: wrap-up for the seat, the talk time for its offer. */
  async ended(job: TransferEndedJob): Promise<void> {
    await this.queue.add(job, {
      jobId: `transfer-ended:${job.callUuid}`,
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: 1000,
      removeOnFail: 1000,
    });
  }
}
