// Checks that PostgreSQL and Redis answer; for each that does not, says where it looked and how to start it.
// Run by `npm start` and `npm test` before anything else. Never hangs: every check has a deadline.
import Redis from 'ioredis';
import knexFactory from 'knex';
import { loadConfig } from '../config';
import { withDatabase } from './dbUrl';
import { withTimeout } from './timeout';

export interface ServiceCheck {
  name: 'PostgreSQL' | 'Redis';
  ok: boolean;
  /** host:port that was tried. */
  where: string;
  error?: string;
  /** The command that starts the service on our machines. */
  startCommand: string;
}

export const DEFAULT_TIMEOUT_MS = 3000;
export const POSTGRES_START = 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start';
export const redisStart = (port: string): string =>
  `redis-server --daemonize yes --bind 127.0.0.1 -::1 --port ${port} --save "" --appendonly no ` +
  '--dir /var/lib/redis --logfile /var/log/redis/ci.log';

const hostPort = (url: string, defaultPort: string): string => {
  const u = new URL(url);
  return `${u.hostname || 'localhost'}:${u.port || defaultPort}`;
};

/** What went wrong, readable (AggregateErrors included). */
export const errorMessage = (err: unknown): string => {
  const e = err as { message?: string; code?: string; errors?: { message: string }[] };
  // Node reports "connection refused" on ::1 and 127.0.0.1 as an AggregateError with an empty message.
  return e.message || e.errors?.map((x) => x.message).join('; ') || e.code || String(err);
};

const quiet = (): void => undefined;

/** Connects to the server of `databaseUrl` (its `postgres` database: ours may not exist yet) and runs SELECT 1. */
export async function checkPostgres(
  databaseUrl: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<ServiceCheck> {
  const where = hostPort(databaseUrl, '5432');
  const result: ServiceCheck = { name: 'PostgreSQL', ok: false, where, startCommand: POSTGRES_START };
  const knex = knexFactory({
    client: 'pg',
    connection: {
      connectionString: withDatabase(databaseUrl, 'postgres'),
      connectionTimeoutMillis: timeoutMs,
    },
    pool: { min: 0, max: 1 },
    acquireConnectionTimeout: timeoutMs,
    // Knex logs connection failures with a stack; our one-line report says it better.
    log: { warn: quiet, error: quiet, debug: quiet, deprecate: quiet },
  });
  try {
    await withTimeout(knex.raw('SELECT 1'), timeoutMs, where);
    result.ok = true;
  } catch (err) {
    result.error = errorMessage(err);
  } finally {
    knex.destroy().catch(() => undefined);
  }
  return result;
}

/** Connects to `redisUrl` once (no retries) and sends PING. */
export async function checkRedis(redisUrl: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<ServiceCheck> {
  const where = hostPort(redisUrl, '6379');
  const result: ServiceCheck = {
    name: 'Redis',
    ok: false,
    where,
    startCommand: redisStart(where.slice(where.lastIndexOf(':') + 1)),
  };
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // connect() only rejects with "Connection is closed."; the cause arrives as an 'error' event.
  let cause: unknown;
  redis.on('error', (err) => (cause ??= err));
  try {
    await withTimeout(
      redis.connect().then(() => redis.ping()),
      timeoutMs,
      where,
    );
    result.ok = true;
  } catch (err) {
    result.error = errorMessage(cause ?? err);
  } finally {
    redis.disconnect();
  }
  return result;
}

/** One paragraph for a service that is down. */
export function describeDown(c: ServiceCheck): string {
  return `${c.name} is not reachable at ${c.where} (${c.error ?? 'unknown error'}).\n  Start it with: ${c.startCommand}`;
}

export async function checkServices(
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<ServiceCheck[]> {
  const config = loadConfig(env);
  return Promise.all([checkPostgres(config.databaseUrl, timeoutMs), checkRedis(config.redisUrl, timeoutMs)]);
}
