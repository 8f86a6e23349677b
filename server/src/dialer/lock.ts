// One scheduler tick at a time across processes: a Redis lock with a token and a TTL.
//
// Why a Redis lock and not a Bull repeatable job: a repeatable job at 500 ms writes a delayed job per
// tick, its timing rides on Bull's delay polling, and a process that dies mid-tick blocks the next one
// until Bull's stalled check (30 s by default). With the lock, every process polls a few times per
// interval; the one that wins ticks, and when it is done it leaves the key alive for the rest of the
// interval, so ticks never overlap and the cadence stays about one per interval whatever the number
// of processes. Ended calls cut that rest short (wake), so freed slots are dialed again at once, not
// up to an interval later. The hold is short (2 s) and renewed while the tick runs (renew, every
// RENEW_MS), so a process that dies mid-tick stops renewing and its lock lapses within `holdMs`: the
// others tick again within about 2 s, not 30 (issue 21).
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

// Ends our tick: the key becomes 'rest' (no token) for ARGV[2] ms, when we still own it.
const FINISH = `if redis.call('get', KEYS[1]) == ARGV[1] then
  redis.call('set', KEYS[1], 'rest', 'PX', ARGV[2]) return 1 end return 0`;
// Extends our tick's hold to ARGV[2] ms, when we still own it.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then
  redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end return 0`;
// Shortens a rest (never a tick in progress) to ARGV[1] ms.
const WAKE = `if redis.call('get', KEYS[1]) == 'rest' and redis.call('pttl', KEYS[1]) > tonumber(ARGV[1]) then
  redis.call('pexpire', KEYS[1], ARGV[1]) return 1 end return 0`;

/** How long a tick's hold lasts without renewal: a dead holder blocks the others this long at most. */
export const TICK_HOLD_MS = 2000;
/** How often a running tick renews its hold (at most; three renewals fit in any hold). */
export const RENEW_MS = 500;

export class TickLock {
  private readonly token = randomUUID();

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    /** Longest a tick may hold the lock before another process may take over. */
    private readonly holdMs = TICK_HOLD_MS,
  ) {}

  /** True when this process may tick now. */
  async acquire(): Promise<boolean> {
    return (await this.redis.set(this.key, this.token, 'PX', this.holdMs, 'NX')) === 'OK';
  }

  /**
   * Keeps the hold alive while `work` runs (renewed every RENEW_MS); resolves to what `work` does.
   * False from a renewal means another process took over (this tick overran a hold it could not
   * renew, e.g. Redis was unreachable): the tick still ends, the claim's row locks keep it safe.
   */
  async holding<T>(work: () => Promise<T>): Promise<T> {
    const timer = setInterval(
      () => {
        void this.redis.eval(RENEW, 1, this.key, this.token, String(this.holdMs)).catch(() => undefined);
      },
      Math.min(RENEW_MS, this.holdMs / 3),
    );
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
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
