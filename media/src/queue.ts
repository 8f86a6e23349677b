// A media worker's handle on one of its Bull queues (tts, dial, transfer): the queue, made by the
// one factory (platform/queue.ts), and how this worker closes it.
import type Queue from 'bull';
import type { Config } from '../../config';
import { closeQueue, createQueue, type QueueOptions } from '../../platform/queue';

export interface MediaQueue<T> {
  queue: Queue.Queue<T>;
  close(): Promise<void>;
}

export function createMediaQueue<T>(
  config: Config,
  name: string,
  o: QueueOptions & { jobOptions: Queue.JobOptions; doNotWaitJobs?: boolean },
): MediaQueue<T> {
  const queue = createQueue<T>(config, name, o);
  return { queue, close: () => closeQueue(queue, o.doNotWaitJobs ? 0 : 3000) };
}
