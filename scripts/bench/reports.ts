// Reports on a big tree (issue 25): N call records (default 10,000,000; `--calls 1000000` for a
// smaller run) over 90 days for 200 accounts in merchant01's tree (the merchant and 199 users below
// it), 2 tasks per account, 10 lines, 5 bots, the connected calls billed in the ledger at the call
// account's level. A task dials with one bot and one line (as tasks do). Loaded in SQL (INSERT … SELECT generate_series, in chunks), then:
//   rollup_build_s      a full rebuild of the 90 days from the call records and the ledger
//   report_p99_ms       the slowest p99 of the report pages' requests through the real HTTP API over
//                       the 90 days (numbers by day / task / line / account, lines, expense, business)
//   report_cold_ms      the slowest first request of each (a fresh server, no warm-up)
//   settle_overhead_ms  what the rollups add to a settlement's p99: its settled_at statement with the rollups'
//                       queue insert riding on it (as settle.ts runs it) against the same statement alone
//   fold_calls_per_s    how fast the background fold adds those queued calls to the rollups
//   roundtrip_p99_ms    p99 of a bare SELECT 1 on the same connection, and load_avg_1m: the machine's load,
//                       without which the times above cannot be read on a shared machine
// Own database and Redis prefix, dropped after; `--keep` leaves the database, `--use-db <name>` times
// a kept one again (no load).
import Redis from 'ioredis';
import knexFactory, { type Knex } from 'knex';
import os from 'node:os';
import { loadConfig } from '../../config';
import { DEMO_PASSWORD } from '../../config/demo';
import { rebuildRollups } from '../../server/src/modules/reports/rebuild';
import { rollUpCall } from '../../server/src/modules/reports/rollup';
import { foldPending } from '../../server/src/modules/reports/fold';
import { startServer } from '../../server/src/server';
import { ApiClient } from '../../test/apiClient';
import { createDatabase, dropDatabase, migrateAndSeed, withDatabase } from '../lib/db';

const FULL = 10_000_000;
const CHUNK = 500_000;
const ACCOUNTS = 200;
const DAYS = 90;
// Enough requests for a p99 (of 40 it was the slowest one).
const RUNS = 100;
const SETTLES = 1500;

const argOf = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};

const p50 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const p99 = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil(s.length * 0.99) - 1)]! * 10) / 10;
};

/** merchant01 and 199 users below it; returns their ids (merchant first). */
async function tree(k: Knex): Promise<number[]> {
  const m1 = await k('accounts').where({ account: 'merchant01' }).first('id', 'path');
  await k.raw(
    `WITH src AS (SELECT to_jsonb(a) - 'id' AS j FROM accounts a WHERE account = 'operator01'),
          ids AS (SELECT i, nextval(pg_get_serial_sequence('accounts', 'id')) AS id FROM generate_series(1, ?) i)
     INSERT INTO accounts
     SELECT (jsonb_populate_record(NULL::accounts, src.j || jsonb_build_object(
       'id', ids.id, 'account', 'benchuser' || ids.i, 'email', 'benchuser' || ids.i || '@bench.invalid', 'path', ?::text || ids.id || '/'))).*
     FROM src, ids`,
    [ACCOUNTS - 1, m1.path],
  );
  const rows = await k('accounts')
    .where('path', 'like', `${m1.path}%`)
    .whereNot('account', 'operator01')
    .orderBy('id')
    .select('id');
  return rows.map((r: { id: string }) => Number(r.id)).slice(0, ACCOUNTS);
}

async function lines(k: Knex, owner: number): Promise<number[]> {
  const rows = await k('sip_lines')
    .insert(
      Array.from({ length: 10 }, (_, i) => ({
        account_id: owner,
        name: `bench-line-${i}`,
        server_ip: '203.0.113.9',
        port: 5060,
        auth_account: `benchline${i}`,
        password_enc: '',
      })),
    )
    .returning('id');
  return rows.map((r: { id: string }) => Number(r.id));
}

/**
 * N settled calls spread over the accounts and DAYS days up to now; connected ones billed. Written in
 * time order, as records are (each chunk a slice of the days, sorted): the table's pages follow time,
 * so a day's calls sit together as they do in production, not scattered over the whole table.
 */
async function load(k: Knex, n: number, accounts: number[], lineIds: number[]): Promise<void> {
  await k.raw('SELECT setseed(0.25)');
  for (let from = 1; from <= n; from += CHUNK) {
    const to = Math.min(n, from + CHUNK - 1);
    await k.raw(
      `WITH p AS (SELECT ?::bigint[] AS acc, ?::bigint[] AS lines)
       INSERT INTO calls (call_uuid, account_id, task_id, bot_id, bot_version, line_id, phone_masked, phone_hash,
         status, result_level, grade, hangup_cause, sip_status, ring_ms, talk_ms, total_ms, billable_ms, rounds,
         transfer_outcome, created_at, answered_at, ended_at, settled_at, charged_fen)
       SELECT gen_random_uuid(), a.acc_id, a.task_id, 1 + a.task_id % 5, 1, p.lines[1 + a.task_id % 10], '138****0000',
              md5(i::text), 'ended', r.level, CASE WHEN r.level <= 26 THEN r.level END,
              CASE r.level WHEN 67 THEN 'USER_BUSY' WHEN 68 THEN 'NO_ANSWER' WHEN 66 THEN 'NO_ROUTE_DESTINATION' END,
              CASE r.level WHEN 67 THEN 486 WHEN 68 THEN 480 WHEN 66 THEN 404 END,
              (r.x * 20000)::int, r.talk, r.talk + 5000, r.talk, (r.x * 14)::int,
              CASE WHEN r.level IN (21, 22) AND i % 3 = 0 THEN (ARRAY['accepted','noSeat','timeout'])[1 + i % 3] END,
              r.t, CASE WHEN r.level <= 26 OR r.level = 70 THEN r.t + interval '8 s' END,
              r.t + interval '8 s' + r.talk * interval '1 ms', r.t + interval '10 s' + r.talk * interval '1 ms',
              CASE WHEN r.level <= 26 THEN ceil(r.talk / 6000.0)::int * 2 ELSE 0 END
       FROM p, generate_series(?::bigint, ?::bigint) i,
            LATERAL (SELECT p.acc[1 + i % cardinality(p.acc)] AS acc_id, p.acc[1 + i % cardinality(p.acc)] * 2 + (i / cardinality(p.acc)) % 2 AS task_id) a,
            LATERAL (SELECT lv AS level, x, t, CASE WHEN lv <= 26 THEN (x * 180000)::int ELSE 0 END AS talk
                     FROM (SELECT (ARRAY[21,22,23,24,25,26,26,26,63,64,65,66,67,68,68,68,69,70,79,90])[1 + floor(random() * 20)::int + i * 0] AS lv,
                                  random() + i * 0 AS x,
                                  now() - interval '1 hour' - (1 - (?::float8 + random()) / ?::float8) * interval '${DAYS - 1} days' + i * interval '0 s' AS t) q) r
       ORDER BY r.t`,
      [accounts, lineIds, from, to, (from - 1) / CHUNK, Math.ceil(n / CHUNK)],
    );
    console.error(`loaded ${to} calls`);
  }
  // The connected calls' charges at the call account's level (as the settlement writes them).
  await k.raw(
    `INSERT INTO ledger_entries (account_id, delta_fen, balance_before_fen, balance_after_fen, kind, description, idempotency_key, created_at)
     SELECT account_id, -charged_fen, 1000000, 1000000 - charged_fen, 'call', 'bench', 'call:' || call_uuid || ':' || account_id, settled_at
     FROM calls WHERE charged_fen > 0`,
  );
  for (const t of ['calls', 'ledger_entries', 'accounts']) await k.raw(`VACUUM ANALYZE ${t}`);
}

const day = (msAgo: number) => new Date(Date.now() + 8 * 3_600_000 - msAgo).toISOString().slice(0, 10);

async function timeReports(
  api: ApiClient,
  paths: string[],
): Promise<{ p99: number; cold: number; worst: string }> {
  let worst = 0;
  let cold = 0;
  let worstPath = '';
  for (const path of paths) {
    const get = async () => {
      const t0 = performance.now();
      const r = await api.get(path);
      if (r.body.code !== 200) throw new Error(`${path}: ${JSON.stringify(r.body)}`);
      return performance.now() - t0;
    };
    cold = Math.max(cold, await get());
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await get());
    const p = p99(times);
    console.error(`${path}: p99 ${p} ms`);
    if (p > worst) [worst, worstPath] = [p, path];
  }
  return { p99: worst, cold: Math.round(cold * 10) / 10, worst: worstPath };
}

/**
 * What the rollups add to a settlement, on fresh ended calls: the settlement's last statement (settled_at)
 * timed with the rollups riding on it (as settle.ts runs it) and, on every other call, alone; the
 * figure is p99(with) - p99(alone). A bare SELECT 1 on the same connection gives the machine's round trip.
 */
async function settleOverhead(
  k: Knex,
  accounts: number[],
  lineIds: number[],
): Promise<{ hook: number; hookP50: number; roundtrip: number; foldPerS: number }> {
  const withRollup: number[] = [];
  const alone: number[] = [];
  const trips: number[] = [];
  for (let i = 0; i < SETTLES * 2; i++) {
    const accountId = accounts[i % accounts.length]!;
    const [call] = await k('calls')
      .insert({
        call_uuid: k.raw('gen_random_uuid()'),
        account_id: accountId,
        task_id: accountId * 2,
        bot_id: 1,
        bot_version: 1,
        line_id: lineIds[i % lineIds.length],
        phone_masked: '138****0000',
        phone_hash: 'x',
        status: 'ended',
        result_level: [21, 67, 68, 22][Math.floor(i / 2) % 4],
        talk_ms: 30_000,
        billable_ms: 30_000,
        ended_at: new Date(),
      })
      .returning('*');
    await k.transaction(async (trx) => {
      await trx('calls').where({ id: call.id }).forUpdate().first('id');
      const settled = {
        sql: 'UPDATE calls SET settled_at = now(), charged_fen = ? WHERE id = ?',
        bindings: [0, call.id],
      };
      const t0 = performance.now();
      if (i % 2 === 0) await rollUpCall(trx, call, true, settled);
      else await trx.raw(settled.sql, settled.bindings);
      (i % 2 === 0 ? withRollup : alone).push(performance.now() - t0);
      const t1 = performance.now();
      await trx.raw('SELECT 1');
      trips.push(performance.now() - t1);
    });
  }
  const hook = Math.max(0, p99(withRollup.slice(20)) - p99(alone.slice(20)));
  const hookP50 = Math.max(0, p50(withRollup.slice(20)) - p50(alone.slice(20)));
  // The fold of the calls the loop above queued (the background loop's work, a batch at a time).
  const f0 = performance.now();
  const folded = await foldPending(k);
  const foldPerS = Math.round(folded / ((performance.now() - f0) / 1000));
  return {
    hook: Math.round(hook * 10) / 10,
    hookP50: Math.round(hookP50 * 100) / 100,
    roundtrip: p99(trips.slice(40)),
    foldPerS,
  };
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

export default async function reportsBench(): Promise<Record<string, number>> {
  const reused = argOf('--use-db');
  const n = Number(argOf('--calls') ?? FULL);
  if (!(Number.isInteger(n) && n > 0)) throw new Error('--calls takes a positive whole number');
  const base = loadConfig().databaseUrl;
  const tag = Math.random().toString(36).slice(2, 10);
  const dbName = reused ?? `callplat_bench_${tag}`;
  const dbUrl = withDatabase(base, dbName);
  const redisPrefix = `bench:${tag}`;
  if (!reused) await createDatabase(base, dbName);
  const k = knexFactory({ client: 'pg', connection: dbUrl, pool: { min: 0, max: 4 } });
  try {
    let accounts: number[];
    let lineIds: number[];
    if (reused) {
      const m1 = await k('accounts').where({ account: 'merchant01' }).first('id', 'path');
      accounts = [
        Number(m1.id),
        ...(await k('accounts').where('account', 'like', 'benchuser%').orderBy('id').pluck('id')).map(Number),
      ];
      lineIds = (await k('sip_lines').where('name', 'like', 'bench-line-%').pluck('id')).map(Number);
    } else {
      await migrateAndSeed(dbUrl);
      accounts = await tree(k);
      lineIds = await lines(k, accounts[0]!);
      const t0 = performance.now();
      await load(k, n, accounts, lineIds);
      console.error(`load ${Math.round((performance.now() - t0) / 1000)} s`);
    }
    const calls = Number((await k('calls').count({ n: '*' }).first())!.n);
    const from = day((DAYS - 1) * 86_400_000);
    const to = day(0);
    const t0 = performance.now();
    await rebuildRollups(k, { from, to }, (done, total) => {
      if (done % 20 === 0) console.error(`rebuilt ${done}/${total} days`);
    });
    const rollupBuildS = Math.round((performance.now() - t0) / 100) / 10;
    // What autovacuum does to the rewritten tables soon after (the rebuild analyzed them already).
    for (const t of ['report_daily', 'report_hourly', 'report_line_causes', 'report_spend_daily'])
      await k.raw(`VACUUM ${t}`);
    const config = loadConfig(process.env, { port: 0, host: '127.0.0.1', databaseUrl: dbUrl, redisPrefix });
    const server = await startServer(config, { processors: false });
    let timing;
    try {
      const api = new ApiClient(server.url);
      if ((await api.login('merchant01', DEMO_PASSWORD)).body.code !== 200) throw new Error('login failed');
      const q = `from=${from}&to=${to}`;
      timing = await timeReports(api, [
        `/api/reports/numbers?${q}`,
        `/api/reports/numbers?${q}&by=task`,
        `/api/reports/numbers?${q}&by=account`,
        `/api/reports/numbers?${q}&by=line&botId=2`,
        `/api/reports/numbers?${q}&accountId=${accounts[7]}`,
        `/api/reports/lines?${q}`,
        `/api/reports/lines?${q}&by=day&lineId=${lineIds[3]}`,
        `/api/reports/expense?${q}`,
        `/api/reports/expense?${q}&by=account`,
        `/api/reports/business?${q}`,
      ]);
    } finally {
      await server.close();
    }
    const settle = await settleOverhead(k, accounts, lineIds);
    console.error(`slowest report: ${timing.worst}`);
    return {
      calls,
      rollup_build_s: rollupBuildS,
      report_p99_ms: timing.p99,
      report_cold_ms: timing.cold,
      settle_overhead_ms: settle.hook,
      settle_overhead_p50_ms: settle.hookP50,
      fold_calls_per_s: settle.foldPerS,
      roundtrip_p99_ms: settle.roundtrip,
      load_avg_1m: Math.round(os.loadavg()[0]! * 10) / 10,
      cores: os.cpus().length,
    };
  } finally {
    await k.destroy();
    if (reused || process.argv.includes('--keep')) console.error(`kept database ${dbName}`);
    else await dropDatabase(base, dbName);
    await deleteKeys(loadConfig().redisUrl, redisPrefix);
  }
}
