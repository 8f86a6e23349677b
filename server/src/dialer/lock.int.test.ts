// The tick lock on the real Redis: one tick at a time, the rest after it, and wake() cutting a rest
// short but never a tick in progress.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { loadConfig } from '../../../config';
import { TICK_HOLD_MS, TickLock } from './lock';
import { until } from '../../../test/until';

let redis: Redis;
const key = `test:lock:${randomUUID()}`;

beforeAll(() => {
  redis = new Redis(loadConfig().redisUrl, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  await redis.del(key);
  redis.disconnect();
});

it('lets one process tick, rests after the tick, and wakes from the rest only', async () => {
  const a = new TickLock(redis, key);
  const b = new TickLock(redis, key);
  expect(await a.acquire()).toBe(true);
  expect(await b.acquire()).toBe(false);
  // A tick in progress is not cut short by a wake.
  await b.wake(1);
  expect(await redis.pttl(key)).toBeGreaterThan(1000);
  expect(await b.acquire()).toBe(false);
  // The rest after the tick: nobody ticks, until a wake shortens it.
  await a.finish(10_000);
  expect(await redis.get(key)).toBe('rest');
  expect(await a.acquire()).toBe(false);
  await b.wake(20);
  const ttl = await redis.pttl(key);
  expect(ttl).toBeGreaterThan(0);
  expect(ttl).toBeLessThanOrEqual(20);
  // Free within moments, not the 10 s rest.
  expect(await until(() => b.acquire(), 1000)).toBe(true);
  // A finish by a process that does not hold the lock changes nothing.
  await a.finish(10_000);
  expect(await redis.get(key)).not.toBe('rest');
});

it('tells listening processes when the lock is woken', async () => {
  const a = new TickLock(redis, key);
  let heard = 0;
  const stop = await a.listen(() => heard++);
  try {
    await new TickLock(redis, key).wake(10);
    await until(() => heard > 0, 500);
    expect(heard).toBe(1);
  } finally {
    await stop();
  }
});

describe('a holder that dies mid-tick (issue 21)', () => {
  it('keeps its hold while it ticks longer than the hold', async () => {
    const k = `${key}:long`;
    const a = new TickLock(redis, k, 300);
    expect(await a.acquire()).toBe(true);
    await a.holding(() => new Promise((r) => setTimeout(r, 1200)));
    // Renewed all along: nobody else got in.
    expect(await new TickLock(redis, k).acquire()).toBe(false);
    await redis.del(k);
  });

  it('lets another process tick within 3 s of a SIGKILL of the holder', async () => {
    const k = `${key}:killed`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/src/dialer/lockHolder.child.ts', loadConfig().redisUrl, k],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (b: Buffer) => b.toString().includes('held') && resolve());
        child.on('exit', () => reject(new Error('holder exited')));
      });
      // Held, and kept past its first hold by renewals.
      await new Promise((r) => setTimeout(r, TICK_HOLD_MS + 500));
      const b = new TickLock(redis, k);
      expect(await b.acquire()).toBe(false);
      child.kill('SIGKILL');
      const killedAt = Date.now();
      await until(() => b.acquire(), 3000);
      expect(Date.now() - killedAt).toBeLessThan(3000);
    } finally {
      child.kill('SIGKILL');
      await redis.del(k);
    }
  }, 20_000);
});
