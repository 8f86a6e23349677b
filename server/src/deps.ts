// What request handlers and processors are given: built once per process in server.ts.
import type { Knex } from 'knex';
import type Redis from 'ioredis';
import type { Config } from '../../config';
import type { Passwords } from './lib/passwords';
import type { RateLimiter } from './lib/rateLimit';
import type { Queues } from './queues';
import type { Live } from './socket/live';

export interface Deps {
  config: Config;
  db: Knex;
  redis: Redis;
  passwords: Passwords;
  limiter: RateLimiter;
  queues: Queues;
  live: Live;
}
