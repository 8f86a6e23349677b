// A whole platform for one test file: its own database (cloned from the migrated template, with
// the demo seeds), its own Redis key prefix, a local SMTP server, and the real server on a free port.
import path from 'node:path';
import Redis from 'ioredis';
import { loadConfig, type Config } from '../config';
import { seedConfig } from '../scripts/lib/db';
import { startServer, type RunningServer } from '../server/src/server';
import { createTestDb, type TestDb } from './db';
import { startMailCatcher, type CapturedMail, type MailCatcher } from './smtp';

export interface TestPlatform {
  url: string;
  config: Config;
  db: TestDb;
  server: RunningServer;
  mail: MailCatcher;
  waitForMail(to: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export async function startTestPlatform(
  opts: { seed?: boolean; config?: Partial<Config> } = {},
): Promise<TestPlatform> {
  const db = await createTestDb();
  if (opts.seed !== false) await db.knex.seed.run(seedConfig);
  const mail = await startMailCatcher();
  const base = loadConfig({ ...process.env, NODE_ENV: 'test' });
  const config: Config = {
    ...base,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: db.url,
    redisPrefix: `test:${db.name}`,
    smtp: { ...base.smtp, host: '127.0.0.1', port: mail.port, secure: false },
    clientDist: path.resolve(__dirname, '..', 'client', 'dist'),
    // Cheap hashing keeps tests fast; the login bench measures the real cost.
    argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    ...opts.config,
  };
  const server = await startServer(config);
  // The reset link must point where the test browser can reach the server.
  if (!opts.config?.publicUrl) config.publicUrl = server.url;
  return {
    url: server.url,
    config,
    db,
    server,
    mail,
    waitForMail: (to, ms) => mail.waitForMail(to, ms),
    async close() {
      await server.close();
      await mail.close();
      await clearRedisPrefix(config);
      await db.drop();
    },
  };
}

async function clearRedisPrefix(config: Config): Promise<void> {
  const r = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${config.redisPrefix}:*`, 'COUNT', 500);
      if (keys.length) await r.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
}
