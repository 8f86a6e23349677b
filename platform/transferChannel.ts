// The Redis side of a transfer to a human seat (the contract: domain/transfer.ts): the one module
// that writes it. The media worker asks over the transfers queue, the server's transfer processor
// (server/src/modules/seats/state/transfer.ts) offers the call to seats and writes its reply here,
// the media worker (media/src/calls/transferClient.ts) reads it; both wake each other on one channel.
//
//   <p>:transfer:<uuid>:offer   hash: seat, offer (seat_offers id), st (offered|accepted|declined|expired|cancelled)
//   <p>:transfer:<uuid>:reply   string: TransferReply JSON, for the media worker to read
//   <p>:transfer:<uuid>:cancel  string: set by the media worker when the customer hangs up meanwhile
//   <p>:transfer:<uuid>:alive   string: renewed while a server process runs the offer
//   <p>:transfer:wake           pub/sub: a call's uuid, whenever its offer state, reply or cancel changes
//   <p>:transfer:hangup         pub/sub: a call's uuid whose seat hung up from the desk
import type Redis from 'ioredis';
import type { OfferState, TransferReply } from '../domain/transfer';

export const transferOfferKey = (prefix: string, uuid: string) => `${prefix}:transfer:${uuid}:offer`;
export const transferReplyKey = (prefix: string, uuid: string) => `${prefix}:transfer:${uuid}:reply`;
export const transferCancelKey = (prefix: string, uuid: string) => `${prefix}:transfer:${uuid}:cancel`;
/** Kept alive by the server process running the offer; gone = that process died (the media worker re-asks). */
export const transferAliveKey = (prefix: string, uuid: string) => `${prefix}:transfer:${uuid}:alive`;
/** The alive key's life; the runner renews it every second. */
export const TRANSFER_ALIVE_MS = 3000;
/** How long the keys of a transfer live after their last write. */
export const TRANSFER_KEY_TTL_S = 3600;
/** Published with a call's uuid when its offer state, reply or cancel key is written. */
export const transferWakeChannel = (prefix: string) => `${prefix}:transfer:wake`;
/**
 * Pub/sub: a call's uuid whose seat hung up from the desk; the media worker running the call kills
 * its customer leg (uuid_kill), which ends the seat's leg too.
 */
export const seatHangupChannel = (prefix: string) => `${prefix}:transfer:hangup`;

/**
 * Ends an offer once: KEYS[1] the offer hash; ARGV: seat id, new state, ttl s. Returns 1 when the
 * offer to that seat was still open (the caller's answer counts), 0 otherwise (someone else ended it).
 */
const OFFER_END_SCRIPT = `
if redis.call('HGET', KEYS[1], 'st') ~= 'offered' or redis.call('HGET', KEYS[1], 'seat') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'st', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
`;

export class TransferChannel {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** Wakes whoever waits on the call's transfer (a lost wake costs a poll, never a decision). */
  private wake(callUuid: string): Promise<unknown> {
    return this.redis.publish(transferWakeChannel(this.prefix), callUuid).catch(() => undefined);
  }

  // ---- the server's side ----

  /** The seat whose offer a process left ringing ('offered'), if any. */
  async ringingSeat(callUuid: string): Promise<number | null> {
    const left = await this.redis.hgetall(transferOfferKey(this.prefix, callUuid));
    return left.st === 'offered' && /^\d+$/.test(left.seat ?? '') ? Number(left.seat) : null;
  }

  /** The call is offered to `seatId` (an auto-answer seat's offer is accepted at once). */
  async offer(callUuid: string, seatId: number, offerId: number, accepted: boolean): Promise<void> {
    const key = transferOfferKey(this.prefix, callUuid);
    await this.redis
      .multi()
      .del(key)
      .hset(key, 'seat', String(seatId), 'offer', String(offerId), 'st', accepted ? 'accepted' : 'offered')
      .expire(key, TRANSFER_KEY_TTL_S)
      .exec();
  }

  async offerState(callUuid: string): Promise<OfferState | null> {
    return (await this.redis.hget(transferOfferKey(this.prefix, callUuid), 'st')) as OfferState | null;
  }

  /**
   * Ends the open offer of `seatId` as `state`; true when this call of it decided the offer (then the
   * process running the offer is woken, wherever it runs).
   */
  async endOffer(callUuid: string, seatId: number, state: OfferState): Promise<boolean> {
    const won = await this.redis.eval(
      OFFER_END_SCRIPT,
      1,
      transferOfferKey(this.prefix, callUuid),
      String(seatId),
      state,
      TRANSFER_KEY_TTL_S,
    );
    if (Number(won) !== 1) return false;
    await this.wake(callUuid);
    return true;
  }

  /** The server's decision, for the media worker (woken at once). */
  async reply(r: TransferReply): Promise<void> {
    await this.redis.set(
      transferReplyKey(this.prefix, r.callUuid),
      JSON.stringify(r),
      'EX',
      TRANSFER_KEY_TTL_S,
    );
    await this.wake(r.callUuid);
  }

  /** The offer of the call still runs in this process (`owner`: its pid). */
  async keepAlive(callUuid: string, owner: string): Promise<void> {
    await this.redis.set(transferAliveKey(this.prefix, callUuid), owner, 'PX', TRANSFER_ALIVE_MS);
  }

  async dropAlive(callUuid: string): Promise<void> {
    await this.redis.del(transferAliveKey(this.prefix, callUuid));
  }

  /** The seat desk's hang-up: the worker running the call kills its customer leg. */
  async hangUp(callUuid: string): Promise<void> {
    await this.redis.publish(seatHangupChannel(this.prefix), callUuid);
  }

  // ---- both sides ----

  async readReply(callUuid: string): Promise<TransferReply | null> {
    const r = await this.redis.get(transferReplyKey(this.prefix, callUuid));
    return r ? (JSON.parse(r) as TransferReply) : null;
  }

  async isCancelled(callUuid: string): Promise<boolean> {
    return (await this.redis.exists(transferCancelKey(this.prefix, callUuid))) === 1;
  }

  // ---- the media worker's side ----

  /** The customer hung up while waiting: the server stops offering (woken at once). */
  async cancel(callUuid: string): Promise<void> {
    await this.redis.set(transferCancelKey(this.prefix, callUuid), '1', 'EX', TRANSFER_KEY_TTL_S);
    await this.wake(callUuid);
  }

  /** Whether a server process still runs the call's offer. */
  async isAlive(callUuid: string): Promise<boolean> {
    return (await this.redis.exists(transferAliveKey(this.prefix, callUuid))) === 1;
  }

  /** Forgets the reply and the offer, so the next offer of the call is decided anew. */
  async forget(callUuid: string): Promise<void> {
    await this.redis.del(transferReplyKey(this.prefix, callUuid), transferOfferKey(this.prefix, callUuid));
  }
}
