import type Queue from 'bull';
import type { Config } from '../../../config';
import { closeQueue, createQueue } from './createQueue';
import type { MailJob } from './mail';

export interface Queues {
  mail: Queue.Queue<MailJob>;
  /** Repeatable housekeeping: ends sessions of accounts that expired (see tasks/sweepSessions). */
  maintenance: Queue.Queue<Record<string, never>>;
}

export function createQueues(config: Config): Queues {
  return { mail: createQueue<MailJob>(config, 'mail'), maintenance: createQueue(config, 'maintenance') };
}

export async function closeQueues(q: Queues): Promise<void> {
  await Promise.all(Object.values(q).map((x: Queue.Queue) => closeQueue(x)));
}
