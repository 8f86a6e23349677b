// The Bull queue `dial`, built like media/src/speech/ttsQueue.ts (same prefix and connection
// handling; media cannot import server/src/queues).
import Queue from 'bull';
import Redis from 'ioredis';
import type { Config } from '../../../config';
import { DIAL_JOB_OPTIONS, DIAL_QUEUE, type DialJob } from '../../../domain/calls';

export interface DialQueueOptions {
  /**
   * Bull's job lock: a worker that dies mid-call loses it after this long and the job is retried
   * (stalled-job check every stalledMs). Calls are long, the lock is renewed at half its life.
   */
  lockMs?: number;
  stalledMs?: number;
}

export interface DialQueue {
  queue: Queue.Queue<DialJob>;
  close(): Promise<void>;
}

export function createDialQueue(config: Config, o: DialQueueOptions = {}): DialQueue {
  const opened: Redis[] = [];
  const open = (type: string) => {
    const r = new Redis(config.redisUrl, {
      maxRetriesPerRequest: null,
      enableReadyCheck: false,
      connectionName: `bull:${DIAL_QUEUE}:${type}`,
    });
    let down = false;
    r.on('error', (e: Error) => {
      if (!down) console.error(`dial queue: redis (${type}) unreachable: ${e.message}`);
      down = true;
    });
    r.on('ready', () => (down = false));
    opened.push(r);
    return r;
  };
  let client: Redis | undefined;
  let subscriber: Redis | undefined;
  const queue = new Queue<DialJob>(DIAL_QUEUE, {
    prefix: `${config.redisPrefix}:bull`,
    createClient(type) {
      if (type === 'client') return (client ??= open(type));
      if (type === 'subscriber') return (subscriber ??= open(type));
      return open(type);
    },
    defaultJobOptions: DIAL_JOB_OPTIONS,
    settings: {
      lockDuration: o.lockMs ?? 30000,
      stalledInterval: o.stalledMs ?? 30000,
      maxStalledCount: 2,
    },
  });
  return {
    queue,
    async close() {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, 3000)));
      await Promise.race([queue.close(true).catch(() => undefined), deadline]).finally(() =>
        clearTimeout(timer),
      );
      for (const r of opened) r.disconnect();
    },
  };
}
