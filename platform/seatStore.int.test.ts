// The seat store against real Redis: compare-and-set with the idle sets, the atomic pick, the busy scan.
import { loadConfig } from '../config';
import { offlineSeat, type SeatLive } from '../domain/seats';
import { openRedis } from './connections';
import { seatIdleKey, SeatStore } from './seatStore';

const config = loadConfig();
const prefix = `test:${process.pid}:seats-${Date.now()}`;
const redis = openRedis(config.redisUrl, 'seat-store-test');
const store = new SeatStore(redis, prefix);
const owners = { accountId: 4, userId: 5 };
const idle = (groupId: number, since: number): SeatLive => ({
  ...offlineSeat(groupId, true, false),
  online: true,
  idleSince: since,
  changedAt: since,
});

afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

it('writes only on the version read, keeping the idle set of the group exact', async () => {
  expect(await store.load(1)).toEqual({ version: '0', state: null });
  expect(await store.compareAndSet(1, '0', 10, idle(10, 1000), owners)).toBe(true);
  expect(await store.compareAndSet(1, '0', 10, idle(10, 2000), owners)).toBe(false);
  const { version, state } = await store.load(1);
  expect(version).toBe('1');
  expect(state).toEqual(idle(10, 1000));
  expect(await redis.zscore(seatIdleKey(prefix, 10), '1')).toBe('1000');
  // Moved to group 11: out of 10's set, into 11's.
  expect(await store.compareAndSet(1, '1', 10, idle(11, 1000), owners)).toBe(true);
  expect(await redis.zscore(seatIdleKey(prefix, 10), '1')).toBeNull();
  expect(await store.readOwned(1)).toEqual({ state: idle(11, 1000), owners });
  expect(await store.readMany([1, 99])).toEqual([idle(11, 1000), null]);
});

it('picks the longest idle seat once, skipping excluded ones, and finds it busy after', async () => {
  await store.compareAndSet(2, '0', 20, idle(20, 500), owners);
  await store.compareAndSet(3, '0', 20, idle(20, 300), owners);
  expect(await store.pick(20, 'call-a', 9000, [3])).toBe(2);
  expect(await store.pick(20, 'call-b', 9000, [])).toBe(3);
  expect(await store.pick(20, 'call-c', 9000, [])).toBeNull();
  expect(await store.read(2)).toMatchObject({ activity: 'busy', callUuid: 'call-a', idleSince: null });
  const busy = await store.busySeats();
  expect(busy).toEqual(
    expect.arrayContaining([
      { seatId: 2, callUuid: 'call-a' },
      { seatId: 3, callUuid: 'call-b' },
    ]),
  );
  expect(busy).toHaveLength(2);
});

it('forgets a removed seat and its idle entries', async () => {
  await store.compareAndSet(4, '0', 30, idle(30, 100), owners);
  await store.remove(4, [30, 31]);
  expect(await store.read(4)).toBeNull();
  expect(await redis.zcard(seatIdleKey(prefix, 30))).toBe(0);
});
