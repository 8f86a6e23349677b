// One factory for Bull queues: shared Redis connections and the configured key prefix.
import Queue from 'bull';
import Redis from 'ioredis';
import type { Config } from '../../../config';

export function createQueue<T>(config: Config, name: string): Queue.Queue<T> {
  const shared = { client: undefined as Redis | undefined, subscriber: undefined as Redis | undefined };
  const opts = { maxRetriesPerRequest: null, enableReadyCheck: false };
  return new Queue<T>(name, {
    prefix: `${config.redisPrefix}:bull`,
    createClient(type) {
      if (type === 'client') return (shared.client ??= new Redis(config.redisUrl, opts));
      if (type === 'subscriber') return (shared.subscriber ??= new Redis(config.redisUrl, opts));
      return new Redis(config.redisUrl, opts);
    },
    defaultJobOptions: { removeOnComplete: 1000, removeOnFail: 5000 },
  });
}
