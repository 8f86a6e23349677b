// The transfer channel against real Redis: an offer ends once, and each write wakes the other side.
import { loadConfig } from '../config';
import { until } from '../test/until';
import { openRedis } from './connections';
import { TransferChannel, transferWakeChannel } from './transferChannel';

const config = loadConfig();
const prefix = `test:${process.pid}:transfer-${Date.now()}`;
const redis = openRedis(config.redisUrl, 'transfer-channel-test');
const sub = redis.duplicate();
const channel = new TransferChannel(redis, prefix);
const woken: string[] = [];

beforeAll(async () => {
  sub.on('message', (_c: string, uuid: string) => woken.push(uuid));
  await sub.subscribe(transferWakeChannel(prefix));
});

afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  sub.disconnect();
  redis.disconnect();
});

const heard = (uuid: string) => until(() => woken.includes(uuid), 2000);

it('an offer is ended once, only by its own seat, and the end wakes the runner', async () => {
  await channel.offer('c1', 7, 70, false);
  expect(await channel.ringingSeat('c1')).toBe(7);
  expect(await channel.endOffer('c1', 8, 'accepted')).toBe(false);
  expect(await channel.endOffer('c1', 7, 'accepted')).toBe(true);
  expect(await channel.endOffer('c1', 7, 'expired')).toBe(false);
  expect(await channel.offerState('c1')).toBe('accepted');
  expect(await channel.ringingSeat('c1')).toBeNull();
  expect(await heard('c1')).toBe(true);
});

it('an auto-answered offer is accepted at once, never ringing', async () => {
  await channel.offer('c2', 3, 30, true);
  expect(await channel.offerState('c2')).toBe('accepted');
  expect(await channel.ringingSeat('c2')).toBeNull();
});

it('the reply, the cancel and the alive key, and forgetting the decision', async () => {
  expect(await channel.readReply('c3')).toBeNull();
  await channel.reply({ callUuid: 'c3', outcome: 'noSeat', offers: 0 });
  expect(await channel.readReply('c3')).toEqual({ callUuid: 'c3', outcome: 'noSeat', offers: 0 });
  expect(await heard('c3')).toBe(true);
  await channel.offer('c3', 1, 10, false);
  await channel.forget('c3');
  expect(await channel.readReply('c3')).toBeNull();
  expect(await channel.offerState('c3')).toBeNull();

  expect(await channel.isCancelled('c4')).toBe(false);
  await channel.cancel('c4');
  expect(await channel.isCancelled('c4')).toBe(true);
  expect(await heard('c4')).toBe(true);

  await channel.keepAlive('c5', '123');
  expect(await channel.isAlive('c5')).toBe(true);
  await channel.dropAlive('c5');
  expect(await channel.isAlive('c5')).toBe(false);
});
