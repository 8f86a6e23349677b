// Login throughput: 50 clients log in as merchant01 over and over for ~10 s against the real server
// (its own freshly migrated and seeded database, its own Redis prefix; both removed afterwards).
import Redis from 'ioredis';
import { loadConfig } from '../../config';
import { DEMO_PASSWORD } from '../../config/demo';
import type { LoginRequest } from '../../domain/api';
import { startServer } from '../../server/src/server';
import { createDatabase, dropDatabase, migrateAndSeed, withDatabase } from '../lib/db';

const CLIENTS = 50;
const SECONDS = 10;

const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>)
      if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** One client: logs in until the deadline, recording each request's latency and counting failures. */
async function client(url: string, deadline: number, latencies: number[]): Promise<number> {
  const body: LoginRequest = {
    account: 'merchant01',
    password: DEMO_PASSWORD,
    remember: false,
    pledge: true,
  };
  let errors = 0;
  while (Date.now() < deadline) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const reply = (await res.json()) as { code?: number };
      if (reply.code === 200) latencies.push(performance.now() - t0);
      else errors++;
    } catch {
      errors++;
    }
  }
  return errors;
}

export default async function loginBench(): Promise<Record<string, number>> {
  const base = loadConfig().databaseUrl;
  const tag = Math.random().toString(36).slice(2, 10);
  const dbName = `callplat_bench_${tag}`;
  const dbUrl = withDatabase(base, dbName);
  const redisPrefix = `bench:${tag}`;
  await createDatabase(base, dbName);
  try {
    await migrateAndSeed(dbUrl);
    const config = loadConfig(process.env, {
      port: 0,
      host: '127.0.0.1',
      databaseUrl: dbUrl,
      redisPrefix,
      rateLimit: { windowSeconds: 900, perAccount: 1_000_000, perIp: 1_000_000 },
    });
    const server = await startServer(config);
    try {
      const latencies: number[] = [];
      const started = performance.now();
      const deadline = Date.now() + SECONDS * 1000;
      const errors = await Promise.all(
        Array.from({ length: CLIENTS }, () => client(server.url, deadline, latencies)),
      );
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      return {
        logins_per_s: Math.round((latencies.length / seconds) * 10) / 10,
        login_p99_ms: Math.round(percentile(latencies, 99) * 10) / 10,
        clients: CLIENTS,
        seconds: Math.round(seconds * 100) / 100,
        errors: errors.reduce((a, b) => a + b, 0),
      };
    } finally {
      await server.close();
    }
  } finally {
    await dropDatabase(base, dbName);
    await deleteKeys(loadConfig().redisUrl, redisPrefix);
  }
}
