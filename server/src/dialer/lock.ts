// One scheduler tick at a time across processes: a Redis lock with a token and a TTL.
//
// Why a Redis lock and not a Bull repeatable job: a repeatable job at 500 ms writes a delayed job per
// tick, its timing rides on Bull's delay polling, and a process that dies mid-tick blocks the next one
// until Bull's stalled check (30 s by default). With the lock, every process polls a few times per
// interval; the one that wins ticks, and when it is done it leaves the key alive for the rest of the
// interval, so ticks never overlap and the cadence stays about one per interval whatever the number
// of processes. A process that dies mid-tick loses the lock after `holdMs` at most.
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

// Keeps the key for ARGV[2] more ms only when we still own it (the token matches).
const SETTLE = `if redis.call('get', KEYS[1]) == ARGV[1] then
  redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end return 0`;

export class TickLock {
  private readonly token = randomUUID();

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    /** Longest a tick may hold the lock before another process may take over. */
    private readonly holdMs = 30_000,
  ) {}

  /** True when this process may tick now. */
  async acquire(): Promise<boolean> {
    return (await this.redis.set(this.key, this.token, 'PX', this.holdMs, 'NX')) === 'OK';
  }

  /** Ends the tick: nobody ticks again for `restMs` (the rest of the interval). */
  async finish(restMs: number): Promise<void> {
    await this.redis.eval(SETTLE, 1, this.key, this.token, String(Math.max(1, Math.round(restMs))));
  }
}
