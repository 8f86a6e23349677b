// A dial job Bull gives up because the workers that took it died or hung on it again and again
// (more than maxStalledCount lapsed locks): Bull fails it without running it again, which would leave
// its record open and its slots held for ever (the task never completes). It gets one more run, with
// its stall count cleared: that run dials it, or closes the call a dead worker had placed
// (recover.ts). Given up a second time, its record is closed as unknown (90) here and its slots freed.
import type { Job } from 'bull';
import type Redis from 'ioredis';
import type { DialJob } from '../../../domain/calls';

/** Bull's reason for a job whose lock lapsed more than maxStalledCount times (queue.js). */
const STALLED_OUT = /stalled more than/;
/** How long the "had its extra run" mark is kept: far longer than any call. */
const MARK_TTL_S = 86_400;

export const extraRunKey = (prefix: string, callUuid: string) => `${prefix}:dial:stalled-out:${callUuid}`;

export const isStalledOut = (err: Error | undefined) => STALLED_OUT.test(err?.message ?? '');

export async function handleStalledOut(
  redis: Redis,
  prefix: string,
  job: Job<DialJob>,
  giveUp: (job: DialJob, err: Error) => Promise<void>,
  err: Error,
): Promise<'retried' | 'closed'> {
  const first = await redis.set(extraRunKey(prefix, job.data.callUuid), '1', 'EX', MARK_TTL_S, 'NX');
  if (first === 'OK') {
    // The job's hash keeps its stall count through a retry: cleared, the run gets the usual tolerance.
    await redis.hset(`${job.queue.toKey(String(job.id))}`, 'stalledCounter', 0);
    await job.retry();
    return 'retried';
  }
  await giveUp(job.data, err);
  return 'closed';
}
