// The line's rate window against real Redis: tokens per side, handed back, and what is free.
import { loadConfig } from '../config';
import { openRedis } from './connections';
import { RateWindows, rateWindowKey, tokenTakenAt } from './rateWindow';

const config = loadConfig();
const prefix = `test:${process.pid}:rate-${Date.now()}`;
const redis = openRedis(config.redisUrl, 'rate-window-test');
const rate = { n: 3, m: 60 };

afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

it('grants at most n tokens per window, and what is handed back is free again', async () => {
  const claim = new RateWindows(redis, prefix, 'claim');
  const first = await claim.take(1, rate, 2);
  const second = await claim.take(1, rate, 5);
  expect(first).toHaveLength(2);
  expect(second).toHaveLength(1);
  expect(await claim.take(1, rate, 1)).toEqual([]);
  expect(await claim.available([{ id: 1, rate }])).toEqual(new Map([[1, 0]]));
  await claim.giveBack(1, first);
  expect(await claim.available([{ id: 1, rate }])).toEqual(new Map([[1, 2]]));
  expect(await redis.zcard(rateWindowKey(prefix, 'claim', 1))).toBe(1);
});

it('keeps the sides and the lines apart, and stamps each token with Redis time', async () => {
  const claim = new RateWindows(redis, prefix, 'claim');
  const originate = new RateWindows(redis, prefix, 'originate');
  await claim.take(2, rate, 3);
  const [member] = await originate.take(2, rate, 1);
  const [sec] = await redis.time();
  expect(Math.abs(tokenTakenAt(member!) - Number(sec) * 1000)).toBeLessThan(2000);
  expect(await originate.available([{ id: 2, rate }])).toEqual(new Map([[2, 2]]));
  expect(await claim.available([{ id: 3, rate }])).toEqual(new Map([[3, 3]]));
});

it('a line without a valid rate gets nothing', async () => {
  const claim = new RateWindows(redis, prefix, 'claim');
  const bad = { n: 0, m: 1 };
  expect(await claim.take(4, bad, 1)).toEqual([]);
  expect(await claim.available([{ id: 4, rate: bad }])).toEqual(new Map([[4, 0]]));
});
