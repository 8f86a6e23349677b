// The Bull queue `tts`, built the way server/src/queues/createQueue.ts builds every queue (same
// prefix, shared client and subscriber connections) — media cannot import server, so it is repeated here.
import Queue from 'bull';
import Redis from 'ioredis';
import type { Config } from '../../../config';
import { TTS_JOB_OPTIONS, TTS_QUEUE, type TtsJob } from '../../../domain/speech';

/** A failed render is tried 3 more times, 2 s, 4 s, 8 s apart (Azure throttling, a busy host). */
export { TTS_JOB_OPTIONS };

export interface TtsQueue {
  queue: Queue.Queue<TtsJob>;
  close(): Promise<void>;
}

export function createTtsQueue(config: Config): TtsQueue {
  const opened: Redis[] = [];
  const open = (type: string) => {
    // Bull needs clients that retry for ever and no ready check on its blocking/subscriber clients.
    const r = new Redis(config.redisUrl, {
      maxRetriesPerRequest: null,
      enableReadyCheck: false,
      connectionName: `bull:${TTS_QUEUE}:${type}`,
    });
    let down = false;
    r.on('error', (e: Error) => {
      if (!down) console.error(`tts queue: redis (${type}) unreachable: ${e.message}`);
      down = true;
    });
    r.on('ready', () => (down = false));
    opened.push(r);
    return r;
  };
  let client: Redis | undefined;
  let subscriber: Redis | undefined;
  const queue = new Queue<TtsJob>(TTS_QUEUE, {
    prefix: `${config.redisPrefix}:bull`,
    createClient(type) {
      if (type === 'client') return (client ??= open(type));
      if (type === 'subscriber') return (subscriber ??= open(type));
      return open(type);
    },
    defaultJobOptions: TTS_JOB_OPTIONS,
  });
  return {
    queue,
    async close() {
      // Bull's close waits for Redis and for running jobs; never wait for ever on either.
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, 3000)));
      await Promise.race([queue.close().catch(() => undefined), deadline]).finally(() => clearTimeout(timer));
      for (const r of opened) r.disconnect();
    },
  };
}
