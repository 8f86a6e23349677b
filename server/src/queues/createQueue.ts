// One factory for Bull queues: shared Redis connections and the configured key prefix. Bull does not
// close connections handed to it through createClient, so the factory tracks and closes them.
import Queue from 'bull';
import type Redis from 'ioredis';
import { openRedis } from '../lib/connections';
import { log } from '../lib/log';
import { withTimeout } from '../lib/timeout';
import type { Config } from '../../../config';

const connections = new WeakMap<Queue.Queue, Redis[]>();

export function createQueue<T>(config: Config, name: string): Queue.Queue<T> {
  const opened: Redis[] = [];
  const open = () => {
    const r = openRedis(config.redisUrl, `bull:${name}`, { enableReadyCheck: false });
    opened.push(r);
    return r;
  };
  let client: Redis | undefined;
  let subscriber: Redis | undefined;
  const queue = new Queue<T>(name, {
    prefix: `${config.redisPrefix}:bull`,
    createClient(type) {
      if (type === 'client') return (client ??= open());
      if (type === 'subscriber') return (subscriber ??= open());
      return open();
    },
    defaultJobOptions: { removeOnComplete: 1000, removeOnFail: 5000 },
    ...(config.queueLockMs
      ? { settings: { lockDuration: config.queueLockMs, stalledInterval: config.queueLockMs } }
      : {}),
  });
  connections.set(queue, opened);
  return queue;
}

export async function closeQueue(queue: Queue.Queue): Promise<void> {
  // Bull's close waits for Redis; with Redis gone it would wait for ever.
  await withTimeout(queue.close(), 2000, `close queue ${queue.name}`).catch(() => undefined);
  for (const r of connections.get(queue) ?? []) r.disconnect();
}

/**
 * Bull's process() promise ends when the queue stops processing; it rejects when the blocking
 * connection drops under it (a closing server disconnects its queues). Heard here, never unhandled.
 */
export const stoppedProcessing =
  (queue: Queue.Queue) =>
  (e: Error): void =>
    log.warn('queue stopped processing', { queue: queue.name, err: e.message });
