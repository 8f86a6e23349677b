// Set-up shared by the call tests and the media bench: a cloned, seeded database, a Redis prefix of
// its own, the simulator, and helpers to add dial jobs and wait for records.
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { loadConfig, type Config } from '../../../config';
import { seedConfig } from '../../../scripts/lib/db';
import type { DialJob } from '../../../domain/calls';
import { createTestDb, type TestDb } from '../../../test/db';
import { createDialQueue, type DialQueue } from './queue';

export interface CallKit {
  db: TestDb;
  config: Config;
  redis: Redis;
  producer: DialQueue;
  merchantId: number;
  lineId: number;
  /** Demo bot ids of merchant01 by DEMO_BOTS key order: mortgage, course, rental. */
  botIds: number[];
  job(phone: string, over?: Partial<DialJob>): DialJob;
  dial(phone: string, over?: Partial<DialJob>): Promise<DialJob>;
  waitEnded(uuid: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  lines(uuid: string): Promise<Array<Record<string, unknown>>>;
  /** Records not ended: each holds a dial slot (server/src/dialer/slots.ts openCallCounts). */
  openCalls(): Promise<number>;
  close(): Promise<void>;
}

export async function startCallKit(): Promise<CallKit> {
  const db = await createTestDb();
  await db.knex.seed.run(seedConfig);
  const config: Config = {
    ...loadConfig({ ...process.env, NODE_ENV: 'test' }),
    databaseUrl: db.url,
    redisPrefix: `test:${db.name}`,
  };
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
  const producer = createDialQueue(config);
  const merchant = await db.knex('accounts').where({ account: 'merchant01' }).first('id');
  const line = await db.knex('sip_lines').where({ account_id: merchant.id }).first('id');
  const bots = await db.knex('bots').where({ account_id: merchant.id }).orderBy('id').select('id');
  const kit: CallKit = {
    db,
    config,
    redis,
    producer,
    merchantId: Number(merchant.id),
    lineId: Number(line.id),
    botIds: bots.map((b) => Number(b.id)),
    job: (phone, over = {}) => ({
      callUuid: randomUUID(),
      accountId: kit.merchantId,
      botId: kit.botIds[0]!,
      botVersion: 1,
      lineId: kit.lineId,
      phone,
      callerNumber: '02100000009',
      ...over,
    }),
    async dial(phone, over) {
      const job = kit.job(phone, over);
      await producer.queue.add(job, { jobId: job.callUuid });
      return job;
    },
    async waitEnded(uuid, timeoutMs = 20000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const row = await db.knex('calls').where({ call_uuid: uuid }).first();
        if (row?.status === 'ended') return row;
        if (Date.now() > until) throw new Error(`call ${uuid} not ended: ${JSON.stringify(row)}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    lines: async (uuid) =>
      db
        .knex('conversation_lines as l')
        .join('calls as c', 'c.id', 'l.call_id')
        .where('c.call_uuid', uuid)
        .orderBy('l.seq')
        .select('l.*'),
    async openCalls() {
      const row = await db.knex('calls').whereNot('status', 'ended').count({ n: '*' }).first();
      return Number(row!.n);
    },
    async close() {
      await producer.close();
      const keys = await redis.keys(`${config.redisPrefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await db.drop();
    },
  };
  return kit;
}
