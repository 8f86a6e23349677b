// Fixed-window failure counters in Redis. A key over its limit blocks until its window ends, so a
// lock-out is always temporary: nobody can lock a victim out for good.
import type Redis from 'ioredis';

export interface Limit {
  key: string;
  max: number;
}

export interface RateLimiter {
  /** Seconds until the first blocked key frees up, or 0 when none is over its limit. */
  blockedFor(limits: Limit[]): Promise<number>;
  /** Count one failure against each key. */
  fail(limits: Limit[]): Promise<void>;
  reset(keys: string[]): Promise<void>;
}

export function createRateLimiter(redis: Redis, prefix: string, windowSeconds: number): RateLimiter {
  const k = (key: string) => `${prefix}:rl:${key}`;
  return {
    async blockedFor(limits) {
      if (limits.length === 0) return 0;
      const tx = redis.multi();
      for (const l of limits) tx.get(k(l.key)).ttl(k(l.key));
      const res = (await tx.exec()) ?? [];
      let wait = 0;
      limits.forEach((l, i) => {
        const n = Number(res[i * 2]?.[1] ?? 0);
        const ttl = Number(res[i * 2 + 1]?.[1] ?? 0);
        if (n >= l.max) wait = Math.max(wait, ttl > 0 ? ttl : windowSeconds);
      });
      return wait;
    },
    async fail(limits) {
      const tx = redis.multi();
      for (const l of limits) tx.incr(k(l.key)).expire(k(l.key), windowSeconds, 'NX');
      await tx.exec();
    },
    async reset(keys) {
      if (keys.length) await redis.del(...keys.map(k));
    },
  };
}
