// The Bull queue `dial` (domain/calls.ts), consumed by the call worker.
import type { Config } from '../../../config';
import { DIAL_JOB_OPTIONS, DIAL_QUEUE, type DialJob } from '../../../domain/calls';
import { createMediaQueue, type MediaQueue } from '../queue';

export interface DialQueueOptions {
  /**
   * Bull's job lock: a worker that dies mid-call loses it after this long and the job is retried
   * (stalled-job check every stalledMs). Calls are long, the lock is renewed at half its life.
   */
  lockMs?: number;
  stalledMs?: number;
}

export type DialQueue = MediaQueue<DialJob>;

export function createDialQueue(config: Config, o: DialQueueOptions = {}): DialQueue {
  return createMediaQueue<DialJob>(config, DIAL_QUEUE, {
    jobOptions: DIAL_JOB_OPTIONS,
    settings: { lockDuration: o.lockMs ?? 30000, stalledInterval: o.stalledMs ?? 30000, maxStalledCount: 2 },
    // A stopping worker does not wait for its calls: their jobs are retried and closed (recover.ts).
    doNotWaitJobs: true,
  });
}
