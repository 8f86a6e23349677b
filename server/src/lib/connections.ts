// Opens the PostgreSQL pool and Redis clients a process needs, with errors made visible.
import knexFactory, { type Knex } from 'knex';
import Redis from 'ioredis';
import type { Config } from '../../../config';
import { log } from './log';

export function openDb(config: Config): Knex {
  const db = knexFactory({
    client: 'pg',
    connection: config.databaseUrl,
    pool: { min: 0, max: 10 },
    acquireConnectionTimeout: 10000,
  });
  return db;
}

/** Bull and the socket adapter need clients that retry for ever (maxRetriesPerRequest: null). */
export function openRedis(config: Config, name: string): Redis {
  const r = new Redis(config.redisUrl, { maxRetriesPerRequest: null, connectionName: name, lazyConnect: false });
  r.on('error', (e) => log.warn('redis error', { name, err: String(e) }));
  return r;
}
