// My-customers list on a big tree: 5,000,000 customers (--scale 0.1: 500,000) in merchant01's tree,
// loaded in SQL (INSERT … SELECT generate_series, in chunks), VACUUM ANALYZEd, then timed through the
// real HTTP API: the first page, a filtered page (grade + tag + import date range) and a deep page.
// Each figure is the median of RUNS requests after one warm-up. Own database and Redis prefix, removed
// after; `--keep` leaves the loaded database (for EXPLAIN ANALYZE), `--use-db <name>` times it again.
//
// The deep page is reached by building the keyset cursor of the 500,000th row (page 10,000 at 50 a
// page) instead of following 10,000 `next` links: a keyset page costs the same whatever its depth
// (it starts at `id < last id` in the index), so the jump measures exactly what page 10,000 costs,
// without 10,000 round trips first. The cursor is built the way the list builds it (cursor.ts).
import Redis from 'ioredis';
import knexFactory, { type Knex } from 'knex';
import os from 'node:os';
import { loadConfig } from '../../config';
import { DEMO_PASSWORD } from '../../config/demo';
import { encodeCursor } from '../../server/src/modules/crm/customers/cursor';
import { startServer } from '../../server/src/server';
import { ApiClient } from '../../test/apiClient';
import { createDatabase, dropDatabase, migrateAndSeed, withDatabase } from '../lib/db';

const FULL = 5_000_000;
const CHUNK = 500_000;
const RUNS = 11;
const TAGS = 5;
const DEEP_ROW = 500_000;

const argOf = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};

function scaleArg(): number {
  const v = Number(argOf('--scale') ?? 1);
  if (!(v > 0 && v <= 1)) throw new Error('--scale takes a number in (0, 1]');
  return v;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)]! * 10) / 10;
};

/** Customers spread over merchant01 (80%) and its users; stages, grades, imported_at over 90 days. */
async function load(k: Knex, n: number): Promise<{ tagId: number }> {
  const m1 = await k('accounts').where({ account: 'merchant01' }).first('id', 'path');
  const tree: number[] = (await k('accounts').where('path', 'like', `${m1.path}%`).orderBy('id')).map(
    (a: { id: string }) => Number(a.id),
  );
  const others = tree.filter((id) => id !== Number(m1.id));
  const tagRows = await k('tags')
    .insert(Array.from({ length: TAGS }, (_, i) => ({ account_id: m1.id, name: `bench-tag-${i}` })))
    .returning('id');
  const tagIds = tagRows.map((r: { id: string }) => Number(r.id));
  await k.raw('SELECT setseed(0.42)');
  for (let from = 1; from <= n; from += CHUNK) {
    const to = Math.min(n, from + CHUNK - 1);
    await k.raw(
      `WITH o AS (SELECT ?::bigint AS owner, ?::bigint[] AS others)
       INSERT INTO customers (account_id, name, phone, phone_hash, company, source, stage, grade, score,
         focus, read, imported_at, created_at, updated_at)
       SELECT CASE WHEN cardinality(o.others) = 0 OR i % 5 <> 0 THEN o.owner
                   ELSE o.others[1 + (i / 5) % cardinality(o.others)] END,
              '客户' || i, '13' || lpad((i % 1000000000)::text, 9, '0'), md5(i::text),
              'company ' || (i % 1000), (ARRAY['web','ads','referral','import'])[1 + i % 4],
              (ARRAY[100,200,300,400,500,600])[1 + floor(ts.r1 * 6)::int],
              CASE WHEN ts.r2 < 0.15 THEN NULL ELSE 21 + floor(ts.r2 * 1000)::int % 6 END,
              (i * 13) % 100, i % 50 = 0, i % 3 = 0, ts.t, ts.t, ts.t
       FROM o, generate_series(?::bigint, ?::bigint) i,
            LATERAL (SELECT now() - random() * interval '90 days' + i * interval '0 s' AS t,
                            random() + i * 0 AS r1, random() + i * 0 AS r2) ts`,
      [Number(m1.id), others, from, to],
    );
    console.error(`loaded ${to} customers`);
  }
  // Tags on ~10% of the customers, one of TAGS each.
  await k.raw(
    `INSERT INTO customer_tags (customer_id, tag_id)
     SELECT id, (?::bigint[])[1 + floor(random() * ?)::int] FROM customers WHERE random() < 0.1`,
    [tagIds, TAGS],
  );
  // VACUUM too: a table in steady state has its visibility map set (autovacuum), which the
  // index-only scans of the list rely on; right after a bulk load it is not.
  for (const t of ['customers', 'customer_tags', 'accounts']) await k.raw(`VACUUM ANALYZE ${t}`);
  return { tagId: tagIds[0]! };
}

async function timed(api: ApiClient, path: string): Promise<number> {
  const get = async () => {
    const t0 = performance.now();
    const { body } = await api.get<{ items: unknown[] }>(path);
    if (body.code !== 200 || !body.data?.items.length) throw new Error(`${path}: ${JSON.stringify(body)}`);
    return performance.now() - t0;
  };
  await get(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await get());
  return median(times);
}

async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>)
      if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** --use-db <name>: time a database a `--keep` run loaded (no load, not dropped). */
async function reuse(k: Knex): Promise<{ n: number; tagId: number }> {
  const tagRow = await k('tags').where({ name: 'bench-tag-0' }).first('id');
  const count = await k('customers').count({ n: '*' }).first();
  return { n: Number(count!.n), tagId: Number(tagRow.id) };
}

export default async function customersBench(): Promise<Record<string, number>> {
  const reused = argOf('--use-db');
  const base = loadConfig().databaseUrl;
  const tag = Math.random().toString(36).slice(2, 10);
  const dbName = reused ?? `callplat_bench_${tag}`;
  const dbUrl = withDatabase(base, dbName);
  const redisPrefix = `bench:${tag}`;
  if (!reused) await createDatabase(base, dbName);
  const k = knexFactory({ client: 'pg', connection: dbUrl, pool: { min: 0, max: 2 } });
  try {
    const t0 = performance.now();
    let n: number;
    let tagId: number;
    if (reused) ({ n, tagId } = await reuse(k));
    else {
      await migrateAndSeed(dbUrl);
      n = Math.round(FULL * scaleArg());
      ({ tagId } = await load(k, n));
    }
    const loadS = reused ? 0 : Math.round((performance.now() - t0) / 100) / 10;
    const config = loadConfig(process.env, {
      port: 0,
      host: '127.0.0.1',
      databaseUrl: dbUrl,
      redisPrefix,
    });
    const server = await startServer(config, { processors: false });
    try {
      // Like the browser: the Auth cookie plus the session's header token.
      const api = new ApiClient(server.url);
      if ((await api.login('merchant01', DEMO_PASSWORD)).body.code !== 200) throw new Error('login failed');
      const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
      const until = new Date().toISOString();
      const filtered = `grade=22&tagId=${tagId}&importedFrom=${since}&importedTo=${until}`;
      // The id of the DEEP_ROW-th row of the list (id desc): what page DEEP_ROW/50 starts after.
      const deepRow = Math.min(DEEP_ROW, n - 100);
      const { id } = await k('customers')
        .orderBy('id', 'desc')
        .offset(deepRow - 1)
        .first('id');
      const after = encodeCursor({ sort: 'id', key: null, id: Number(id) });
      return {
        customers: n,
        load_s: loadS,
        first_page_ms: await timed(api, '/api/crm/customers?limit=50'),
        filtered_page_ms: await timed(api, `/api/crm/customers?limit=50&${filtered}`),
        deep_page_ms: await timed(api, `/api/crm/customers?limit=50&after=${after}`),
        deep_page_row: deepRow,
        cores: os.cpus().length,
      };
    } finally {
      await server.close();
    }
  } finally {
    await k.destroy();
    // --keep leaves the loaded database for EXPLAIN ANALYZE (its name goes to stderr).
    if (reused || process.argv.includes('--keep')) console.error(`kept database ${dbName}`);
    else await dropDatabase(base, dbName);
    await deleteKeys(loadConfig().redisUrl, redisPrefix);
  }
}
