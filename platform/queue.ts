// The one factory for Bull queues, the server's and the media workers': shared Redis connections and
// the configured key prefix. Bull does not close connections handed to it through createClient, so
// the factory tracks and closes them.
import Queue from 'bull';
import type Redis from 'ioredis';
import { openRedis } from './connections';
import { log } from './log';
import { withTimeout } from './timeout';
import type { Config } from '../config';

const connections = new WeakMap<Queue.Queue, Redis[]>();
/** Jobs this process is running, per queue (Bull's local active / completed / failed events). */
const running = new WeakMap<Queue.Queue, { n: number }>();

export interface QueueOptions {
  /** Default: completed jobs kept 1,000, failed 5,000. */
  jobOptions?: Queue.JobOptions;
  /** Default: lock and stalled check from config.queueLockMs when set, else Bull's. */
  settings?: Queue.AdvancedSettings;
}

export function createQueue<T>(config: Config, name: string, o: QueueOptions = {}): Queue.Queue<T> {
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
    defaultJobOptions: o.jobOptions ?? { removeOnComplete: 1000, removeOnFail: 5000 },
    ...(o.settings
      ? { settings: o.settings }
      : config.queueLockMs
        ? { settings: { lockDuration: config.queueLockMs, stalledInterval: config.queueLockMs } }
        : {}),
  });
  connections.set(queue, opened);
  quietWorkerName(queue);
  const active = { n: 0 };
  running.set(queue, active);
  queue.on('active', () => active.n++);
  queue.on('completed', () => (active.n = Math.max(0, active.n - 1)));
  queue.on('failed', () => (active.n = Math.max(0, active.n - 1)));
  return queue;
}

/**
 * Bull names its blocking connection (CLIENT SETNAME, for monitoring only) when a handler is set, and
 * nobody catches that command: a local pause or a close that drops the connection meanwhile makes it
 * reject unheard ("Connection is closed.", an unhandled rejection: a crash under Node's default). The
 * name is not worth that.
 */
export function quietWorkerName(queue: Queue.Queue): void {
  const q = queue as unknown as { setWorkerName(): Promise<void> };
  const setWorkerName = q.setWorkerName.bind(q);
  q.setWorkerName = () => setWorkerName().catch(() => undefined);
}

/** Bull's reason for a job whose lock lapsed more than maxStalledCount times (queue.js). */
const STALLED_OUT = /stalled more than/;

/**
 * Calls `fn` when Bull fails one of the queue's jobs for stalling too often (its process died or
 * hung again and again). Bull then fails it without running the handler, so whatever the handler
 * would have finished (a row left running, a retry left unscheduled) is finished by `fn`. Other
 * failures are the handler's own business.
 */
export function onStalledOut<T>(
  queue: Queue.Queue<T>,
  fn: (job: Queue.Job<T>, why: string) => Promise<unknown>,
): void {
  queue.on('failed', (job: Queue.Job<T> | undefined, err: Error | undefined) => {
    if (!job?.data || !STALLED_OUT.test(err?.message ?? '')) return;
    void fn(job, err!.message).catch((e: unknown) =>
      log.error('stalled job left unfinished', { queue: queue.name, jobId: job.id, err: String(e) }),
    );
  });
}

/**
 * Waits up to `waitJobsMs` for this process's running jobs, then closes. Not Bull's own wait (close()
 * without doNotWaitJobs): when the jobs outlast it, the forced reconnection of its blocking client
 * fails later with nobody listening, an unhandled "Connection is closed." in whatever runs next.
 */
export async function closeQueue(queue: Queue.Queue, waitJobsMs = 2000): Promise<void> {
  const active = running.get(queue);
  for (let waited = 0; active && active.n > 0 && waited < waitJobsMs; waited += 20)
    await new Promise((r) => setTimeout(r, 20));
  // Bull's close waits for Redis; with Redis gone it would wait for ever.
  await withTimeout(queue.close(true), 2000, `close queue ${queue.name}`).catch(() => undefined);
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
