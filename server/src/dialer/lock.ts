// One scheduler tick at a time across processes: a Redis lock with a token and a TTL.
//
// Why a Redis lock and not a Bull repeatable job: a repeatable job at 500 ms writes a delayed job per
// tick, its timing rides on Bull's delay polling, and a process that dies mid-tick blocks the next one
// until Bull's stalled check (30 s by default). With the lock, every process polls a few times per
// interval; the one that wins ticks, and when it is done it leaves the key alive for the rest of the
// interval, so ticks never overlap and the cadence stays about one per interval whatever the number
// of processes. Ended calls cut that rest short (wake), so freed slots are dialed again at once, not
// up to an interval later. A process that dies mid-tick loses the lock after `holdMs` at most.
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

// Ends our tick: the key becomes 'rest' (no token) for ARGV[2] ms, when we still own it.
const FINISH = `if redis.call('get', KEYS[1]) == ARGV[1] then
  redis.call('set', KEYS[1], 'rest', 'PX', ARGV[2]) return 1 end return 0`;
// Shortens a rest (never a tick in progress) to ARGV[1] ms.
const WAKE = `if redis.call('get', KEYS[1]) == 'rest' and redis.call('pttl', KEYS[1]) > tonumber(ARGV[1]) then
  redis.call('pexpire', KEYS[1], ARGV[1]) return 1 end return 0`;

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

  /** Milliseconds until the lock may be free (0: now). */
  async freeIn(): Promise<number> {
    return Math.max(0, await this.redis.pttl(this.key));
  }

  /** Ends the tick: nobody ticks again for `restMs` (the rest of the interval). */
  async finish(restMs: number): Promise<void> {
    await this.redis.eval(FINISH, 1, this.key, this.token, String(Math.max(1, Math.round(restMs))));
  }

  /**
   * Slots were freed (calls ended): the rest after the last tick ends within `gapMs`, whichever
   * process ticked. A tick in progress is never cut short.
   */
  async wake(gapMs: number): Promise<void> {
    await this.redis.eval(WAKE, 1, this.key, String(Math.max(1, Math.round(gapMs))));
    // Processes that tick but did not settle these calls hear it at once, not at their next poll.
    await this.redis.publish(this.wakeChannel, '1');
  }

  /** Calls `onWake` whenever any process wakes the lock; returns what stops listening. */
  async listen(onWake: () => void): Promise<() => Promise<void>> {
    const sub = this.redis.duplicate();
    sub.on('message', onWake);
    sub.on('error', () => undefined);
    await sub.subscribe(this.wakeChannel);
    return async () => {
      await sub.quit().catch(() => sub.disconnect());
    };
  }

  private get wakeChannel(): string {
    return `${this.key}:wake`;
  }
}
