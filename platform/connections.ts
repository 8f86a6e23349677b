// Opens the PostgreSQL pool and Redis clients a process needs, with errors made visible (once per
// outage, not once per retry) and closes that cannot hang.
import knexFactory, { type Knex } from 'knex';
import Redis, { type RedisOptions } from 'ioredis';
import type { Config } from '../config';
import { log } from './log';
import { withTimeout } from './timeout';

/** The process's PostgreSQL pool (up to `poolMax` connections), with the platform's session settings. */
export function openDb(config: Config, poolMax = 10): Knex {
  return knexFactory({
    client: 'pg',
    connection: {
      connectionString: config.databaseUrl,
      // No JIT: our statements are short, and compiling one whose estimate crossed
      // jit_above_cost (the tick's account read, with a subquery per account) took 1.2–2.8 s a tick
      // on 2 cores where running it takes milliseconds.
      options: `-c max_parallel_workers_per_gather=${config.dbParallelWorkers} -c jit=off`,
    },
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10000,
  });
}

/** Bull and the socket adapter need clients that retry for ever (maxRetriesPerRequest: null). */
export function openRedis(url: string, name: string, extra: RedisOptions = {}): Redis {
  // In tests a failed command's stack names its caller (ioredis otherwise shows only its own frames).
  const friendly = process.env.NODE_ENV === 'test';
  const r = new Redis(url, {
    maxRetriesPerRequest: null,
    connectionName: name,
    showFriendlyErrorStack: friendly,
    ...extra,
  });
  let down = false;
  r.on('error', (e) => {
    if (!down) log.warn('redis unreachable', { name, err: String(e) });
    down = true;
  });
  r.on('ready', () => {
    if (down) log.info('redis back', { name });
    down = false;
  });
  return r;
}

/**
 * QUIT politely, but never wait more than a second on a dead connection. A client that is not
 * connected has no one to say goodbye to: a QUIT queued on it was rejected ("Connection is closed")
 * when the disconnect flushed the queue, and on a loaded CI machine that rejection surfaced in the
 * test that closed a server pointed at an unreachable Redis.
 */
export async function closeRedis(r: Redis): Promise<void> {
  if (r.status !== 'ready') return r.disconnect();
  await withTimeout(r.quit(), 1000, 'redis quit').catch(() => r.disconnect());
}
