// The media worker's Bull queues (tts, dial), built the way server/src/queues/createQueue.ts builds
// every queue: the same key prefix, one shared client and subscriber connection, a bounded close.
// Media cannot import server, so this is the media side's one copy.
import Queue from 'bull';
import Redis from 'ioredis';
import type { Config } from '../../config';

export interface MediaQueue<T> {
  queue: Queue.Queue<T>;
  close(): Promise<void>;
}

export function createMediaQueue<T>(
  config: Config,
  name: string,
  o: { jobOptions: Queue.JobOptions; settings?: Queue.AdvancedSettings; doNotWaitJobs?: boolean },
): MediaQueue<T> {
  const opened: Redis[] = [];
  const open = (type: string) => {
    // Bull needs clients that retry for ever and no ready check on its blocking/subscriber clients.
    const r = new Redis(config.redisUrl, {
      maxRetriesPerRequest: null,
      enableReadyCheck: false,
      connectionName: `bull:${name}:${type}`,
    });
    let down = false;
    r.on('error', (e: Error) => {
      if (!down) console.error(`${name} queue: redis (${type}) unreachable: ${e.message}`);
      down = true;
    });
    r.on('ready', () => (down = false));
    opened.push(r);
    return r;
  };
  let client: Redis | undefined;
  let subscriber: Redis | undefined;
  const queue = new Queue<T>(name, {
    prefix: `${config.redisPrefix}:bull`,
    createClient(type) {
      if (type === 'client') return (client ??= open(type));
      if (type === 'subscriber') return (subscriber ??= open(type));
      return open(type);
    },
    defaultJobOptions: o.jobOptions,
    ...(o.settings ? { settings: o.settings } : {}),
  });
  // Bull's CLIENT SETNAME for its blocking connection (monitoring only) is never caught: a close or
  // pause that drops the connection first made it an unhandled "Connection is closed." The server's
  // queues do the same (server/src/queues/createQueue.ts quietWorkerName).
  const named = queue as unknown as { setWorkerName(): Promise<void> };
  const setWorkerName = named.setWorkerName.bind(named);
  named.setWorkerName = () => setWorkerName().catch(() => undefined);
  // Jobs this process is running (Bull's local events), waited for here rather than by Bull's own
  // close(): when jobs outlast that, its blocking client's forced reconnection rejects later with
  // nobody listening (an unhandled "Connection is closed.").
  let running = 0;
  queue.on('active', () => running++);
  queue.on('completed', () => (running = Math.max(0, running - 1)));
  queue.on('failed', () => (running = Math.max(0, running - 1)));
  return {
    queue,
    async close() {
      for (let waited = 0; !o.doNotWaitJobs && running > 0 && waited < 3000; waited += 20)
        await new Promise((r) => setTimeout(r, 20));
      // Bull's close waits for Redis; never wait for ever on it.
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, 3000)));
      await Promise.race([queue.close(true).catch(() => undefined), deadline]).finally(() =>
        clearTimeout(timer),
      );
      for (const r of opened) r.disconnect();
    },
  };
}
