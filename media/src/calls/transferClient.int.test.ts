// The media worker's side of a transfer against real Redis and a real Bull queue; the server's side
// (modules/seats/state/transfer.ts) is played by writing its keys and publishing its wakes.
import Redis from 'ioredis';
import { loadConfig } from '../../../config';
import {
  TRANSFER_QUEUE,
  type TransferJob,
  type TransferOfferJob,
  type TransferReply,
} from '../../../domain/transfer';
import { transferCancelKey, transferReplyKey, transferWakeChannel } from '../../../platform/transferChannel';
import { createMediaQueue, type MediaQueue } from '../queue';
import { TransferClient } from './transferClient';
import { until } from '../../../test/until';

const config = {
  ...loadConfig(),
  redisPrefix: `test:${process.pid}:${Math.random().toString(36).slice(2, 10)}`,
};
const prefix = config.redisPrefix;
let redis: Redis;
let queue: MediaQueue<TransferJob>;
let client: TransferClient;

beforeAll(() => {
  redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  queue = createMediaQueue<TransferJob>(config, TRANSFER_QUEUE, { jobOptions: {} });
  client = new TransferClient(queue.queue, redis, prefix);
});

afterAll(async () => {
  await client.close();
  await queue.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

let n = 0;
const job = (): TransferOfferJob => ({
  kind: 'offer',
  callUuid: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  accountId: 1,
  taskId: null,
  seatGroupId: 1,
  waitSeconds: 30,
  card: { customerId: null, name: '', phoneMasked: '138****0000', grade: null, tags: [], lastFollowUp: null },
  transcript: [],
});

/** Until the offer's job is in the queue (the server would take it now). */
async function asked(callUuid: string): Promise<void> {
  await until(
    async () => (await queue.queue.getWaiting()).some((j) => j.data.callUuid === callUuid),
    5000,
  ).catch(() => {
    throw new Error('the offer was never asked');
  });
}

it("returns the server's reply once the server wakes it", async () => {
  const j = job();
  const pending = client.offer(j, () => false);
  await asked(j.callUuid);
  const reply: TransferReply = { callUuid: j.callUuid, outcome: 'noSeat', offers: 0 };
  await redis.set(transferReplyKey(prefix, j.callUuid), JSON.stringify(reply), 'EX', 60);
  await redis.publish(transferWakeChannel(prefix), j.callUuid);
  await expect(pending).resolves.toEqual(reply);
});

it('still reads a reply whose wake was lost', async () => {
  const j = job();
  const pending = client.offer(j, () => false);
  await asked(j.callUuid);
  const reply: TransferReply = { callUuid: j.callUuid, outcome: 'timeout', offers: 2 };
  await redis.set(transferReplyKey(prefix, j.callUuid), JSON.stringify(reply), 'EX', 60);
  await expect(pending).resolves.toEqual(reply);
});

it('a customer who hangs up meanwhile: the cancel key is set and the server is woken', async () => {
  const j = job();
  const sub = redis.duplicate();
  const heard: string[] = [];
  sub.on('message', (_c: string, m: string) => heard.push(m));
  await sub.subscribe(transferWakeChannel(prefix));
  try {
    let gone = false;
    const pending = client.offer(j, () => gone);
    await asked(j.callUuid);
    gone = true;
    await expect(pending).resolves.toBeNull();
    expect(await redis.get(transferCancelKey(prefix, j.callUuid))).toBe('1');
    await until(() => heard.includes(j.callUuid), 2000);
    expect(heard).toContain(j.callUuid);
  } finally {
    sub.disconnect();
  }
});
