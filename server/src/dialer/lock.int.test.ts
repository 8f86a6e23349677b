// The tick lock on the real Redis: one tick at a time, the rest after it, and wake() cutting a rest
// short but never a tick in progress.
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { loadConfig } from '../../../config';
import { TickLock } from './lock';

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
  await new Promise((r) => setTimeout(r, 40));
  expect(await b.acquire()).toBe(true);
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
    for (let i = 0; i < 50 && heard === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(heard).toBe(1);
  } finally {
    await stop();
  }
});
