// Live slot counters (domain/calls.ts): the call uuid joins one Redis SET per line, account and task
// when it is originated and leaves them when it ends. SREM answers 1 only once, so a second release
// (a crashed worker's retry, a duplicate hang-up) never frees a slot twice.
import type Redis from 'ioredis';
import { slotKeys, type DialJob } from '../../../domain/calls';

type SlotJob = Pick<DialJob, 'callUuid' | 'lineId' | 'accountId' | 'taskId'>;

export async function acquireSlots(redis: Redis, prefix: string, job: SlotJob): Promise<void> {
  const m = redis.multi();
  for (const key of slotKeys(prefix, job)) m.sadd(key, job.callUuid);
  await m.exec();
}

/** Returns how many sets still held the call (0 when it was released before). */
export async function releaseSlots(redis: Redis, prefix: string, job: SlotJob): Promise<number> {
  const m = redis.multi();
  for (const key of slotKeys(prefix, job)) m.srem(key, job.callUuid);
  const res = (await m.exec()) ?? [];
  return res.reduce((n, [, v]) => n + (Number(v) || 0), 0);
}
