// The dial scheduler (this process, as a dedicated DIALER_ROLE=tick scheduler) against the FreeSWITCH
// simulator, one media worker and one server process that settles ended calls (each its own process):
// `npm run bench -- dialer [--scale 0.1] [--time-scale 0.2] [--minutes 10]`.
// 100,000 numbers × scale, 300 robots, two lines of 200 ports at 50/1. A task dials over one line
// (tasks.line_id), so the 300 robots run as two tasks of 150, one per line, 50,000 × scale numbers
// each; 48 more running tasks wait for redials (their numbers are due tomorrow) so every tick serves
// 50 running tasks. 1% of the numbers are blacklisted, call-blacklisted or day-shielded.
// Figures: utilisation (busy / allowed slots, sampled every 100 ms while numbers are left; allowed =
// min(robots, ports) per task, or fewer when fewer numbers are left), line port and rate overruns in
// every 1-second window (from the records' timestamps), numbers dialed twice, refused numbers
// dialed, and the tick's p99 in ms. Own database and Redis prefix; the simulator's waits are scaled.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Redis from 'ioredis';
import knexFactory, { type Knex } from 'knex';
import { loadConfig, type Config } from '../../config';
import { phoneHash } from '../../platform/secrets';
import { maskPhone } from '../../domain/format';
import { startServer } from '../../server/src/server';
import {
  argOf,
  asOtherMachine,
  p50,
  p99,
  sleep,
  startChild,
  startMediaProcess,
  startSimProcess,
} from '../lib/bench';
import { createDatabase, dropDatabase, migrateAndSeed, setDatabaseOptions, withDatabase } from '../lib/db';

/**
 * A server process that settles ended calls and runs the processors (pushes, transfers), as the
 * floor's other server processes would; the bench process itself is the dedicated scheduler
 * (DIALER_ROLE=tick), so the tick measured shares its event loop with nothing but the bench's sampler.
 */
const startSettler = (config: Config) =>
  startChild(
    'server/src/main.ts',
    {
      DATABASE_URL: config.databaseUrl,
      REDIS_PREFIX: config.redisPrefix,
      PORT: '0',
      HOST: '127.0.0.1',
      DIALER: '1',
      DIALER_ROLE: 'settle',
      DIALER_TICK_MS: '500',
    },
    /server listening/,
  );

const ALL_DAY = ['00:00-12:00', '12:00-00:00'];

export async function setUp(db: Knex, config: Config, total: number) {
  const m = await db('accounts').where({ account: 'merchant01' }).first('id');
  const merchant = Number(m.id);
  const bot = Number((await db('bots').where({ account_id: merchant }).orderBy('id').first('id')).id);
  await db('accounts').where({ id: merchant }).update({ ai_seats: 400, balance_fen: 1_000_000_000 });
  // The demo seeds give merchant01 a rate of its own now: the bench's replaces it.
  await db('billing_rates')
    .insert({ account_id: merchant, rate_per_min_fen: 6, accuracy_s: 6 })
    .onConflict('account_id')
    .merge();
  const lines: number[] = [];
  for (const i of [1, 2]) {
    const [l] = await db('sip_lines')
      .insert({
        account_id: merchant,
        name: `bench-line-${i}`,
        server_ip: '127.0.0.1',
        port: 5060,
        auth_account: `benchline0${i}`,
        password_enc: '',
        rate_count: 50,
        rate_seconds: 1,
        port_count: 200,
      })
      .returning('id');
    lines.push(Number(l.id));
  }
  const task = async (line: number, robots: number, name: string) =>
    Number(
      (
        await db('tasks')
          .insert({
            account_id: merchant,
            name,
            bot_id: bot,
            robots,
            start_date: '2020-01-01',
            call_periods: ALL_DAY,
            line_id: line,
            status: 2,
            run_state: 2,
          })
          .returning('id')
      )[0].id,
    );
  const main = [await task(lines[0]!, 150, 'bench-a'), await task(lines[1]!, 150, 'bench-b')];
  const phoneOf = (i: number) => `15${String(i).padStart(9, '0')}`;
  const refused: string[] = [];
  for (let start = 0; start < total; start += 5000) {
    const rows = [];
    for (let i = start; i < Math.min(total, start + 5000); i++) {
      const phone = phoneOf(i);
      const hash = phoneHash(config.secretKey, phone);
      if (i % 100 === 50) refused.push(hash);
      rows.push({
        task_id: main[i % 2],
        account_id: merchant,
        phone,
        phone_hash: hash,
        phone_masked: maskPhone(phone),
      });
    }
    await db('task_numbers').insert(rows);
  }
  // A third of the refused numbers on each list.
  await db('blacklist_numbers').insert(
    refused.filter((_, i) => i % 3 === 0).map((h) => ({ account_id: merchant, phone: 'x', phone_hash: h })),
  );
  await db('call_blacklist').insert(
    refused
      .filter((_, i) => i % 3 === 1)
      .map((h) => ({ account_id: merchant, phone_hash: h, phone_masked: 'x' })),
  );
  // Shields for the merchant's local today AND tomorrow (Asia/Shanghai, its default zone): a run that
  // crosses midnight there would otherwise see them expire and count their numbers' dials as refused
  // numbers dialed (issue 21). A run lasts well under a day.
  await db('day_shields').insert(
    refused
      .filter((_, i) => i % 3 === 2)
      .flatMap((h) =>
        [0, 1].map((ahead) => ({
          account_id: merchant,
          phone_hash: h,
          phone_masked: 'x',
          day: db.raw(`(now() AT TIME ZONE 'Asia/Shanghai')::date + ${ahead}`),
        })),
      ),
  );
  // 48 more running tasks whose numbers are only due tomorrow (redials): they take part in every tick.
  for (let t = 0; t < 48; t++) {
    const id = await task(lines[t % 2]!, 5, `bench-idle-${t}`);
    await db('task_numbers').insert(
      Array.from({ length: 20 }, (_, i) => {
        const phone = `16${String(t * 100 + i).padStart(9, '0')}`;
        return {
          task_id: id,
          account_id: merchant,
          phone,
          phone_hash: phoneHash(config.secretKey, phone),
          phone_masked: maskPhone(phone),
          attempts: 1,
          next_attempt_at: db.raw("now() + interval '1 day'"),
        };
      }),
    );
  }
  return { merchant, lines, main, refused };
}

/** Most concurrent calls per line within each 1-second window, from the records' time spans. */
function overruns(
  calls: { line: number; from: number; to: number; originated: number | null }[],
  lines: number[],
  ports: number,
  rate: number,
): {
  portOverruns: number;
  rateOverruns: number;
  originateOverruns: number;
  maxConcurrent: number;
  maxRate: number;
} {
  let portOverruns = 0;
  let rateOverruns = 0;
  let originateOverruns = 0;
  let maxConcurrent = 0;
  let maxRate = 0;
  for (const line of lines) {
    const mine = calls.filter((c) => c.line === line);
    const edges = mine.flatMap((c) => [
      [c.from, 1],
      [c.to, -1],
    ]);
    edges.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
    const peak = new Map<number, number>();
    let open = 0;
    for (const [t, d] of edges) {
      open += d!;
      const s = Math.floor(t! / 1000);
      peak.set(s, Math.max(peak.get(s) ?? 0, open));
    }
    for (const v of peak.values()) {
      if (v > ports) portOverruns++;
      maxConcurrent = Math.max(maxConcurrent, v);
    }
    // The scheduler's claims (records are created when a number is claimed) in every 1-second window,
    // and the worker's originates, which trail the claims by the queue and may bunch under load.
    const bySecond = (times: number[]) => {
      const per = new Map<number, number>();
      for (const t of times) per.set(Math.floor(t / 1000), (per.get(Math.floor(t / 1000)) ?? 0) + 1);
      return [...per.values()];
    };
    for (const v of bySecond(mine.map((c) => c.from))) {
      if (v > rate) rateOverruns++;
      maxRate = Math.max(maxRate, v);
    }
    for (const v of bySecond(mine.flatMap((c) => (c.originated === null ? [] : [c.originated]))))
      if (v > rate) originateOverruns++;
  }
  return { portOverruns, rateOverruns, originateOverruns, maxConcurrent, maxRate };
}

export default async function bench(): Promise<Record<string, number>> {
  const scale = argOf('--scale', 1);
  const timeScale = argOf('--time-scale', 0.2);
  const total = Math.max(200, Math.round(100_000 * scale));
  const base = loadConfig();
  const name = `callplat_bench_dialer_${process.pid}`;
  const url = withDatabase(base.databaseUrl, name);
  await createDatabase(base.databaseUrl, name);
  // Diagnosis: `--explain-ms 20` logs the plan of every statement slower than that to PostgreSQL's log.
  const explainMs = process.argv.includes('--explain-ms') ? argOf('--explain-ms', 1) : 0;
  if (explainMs > 0)
    await setDatabaseOptions(base.databaseUrl, name, {
      session_preload_libraries: 'auto_explain',
      'auto_explain.log_min_duration': String(Math.round(explainMs)),
      'auto_explain.log_analyze': 'on',
      'auto_explain.log_timing': 'off',
    });
  const config: Config = {
    ...base,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: url,
    redisPrefix: `bench:dialer:${process.pid}`,
    dialer: { enabled: false, tickMs: 500 },
  };
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  // In production FreeSWITCH and the media workers run on machines of their own; here they share the
  // 2 cores with the scheduler, so they run at a lower priority unless --shared-cpu.
  const shared = process.argv.includes('--shared-cpu');
  const sim = await startSimProcess(timeScale);
  if (!shared) asOtherMachine(sim.pid);
  const db = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 10 } });
  try {
    await migrateAndSeed(url);
    const s = await setUp(db, config, total);
    await db('fs_nodes').update({ esl_host: '127.0.0.1', esl_port: sim.port });
    const settler = await startSettler(config);
    const server = await startServer(config, { processors: false });
    const worker = await startMediaProcess(config, timeScale);
    if (!shared) asOtherMachine(worker.pid);
    const ticks: number[] = [];
    const tickCpu: number[] = [];
    // From a tick's start to its claim's dial jobs added (begun at commit; the tick does not wait for them).
    const tickJobs: number[] = [];
    const phases: Record<string, number[]> = {};
    const { startDialer } = await import('../../server/src/dialer/scheduler');
    const dialer = startDialer(server.deps, {
      tickMs: 500,
      role: 'tick',
      onTick: (r, ms) => {
        ticks.push(ms);
        tickCpu.push(r.cpuMs);
        void r.queued.then(() => r.jobsMs > 0 && tickJobs.push(r.jobsMs));
        for (const [k, v] of Object.entries(r.phases)) (phases[k] ??= []).push(v);
      },
    });

    // How late this process's event loop runs timers (the scheduler shares it with settling).
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const ratios: number[] = [];
    const started = Date.now();
    // `--minutes N` ends the dialing after N minutes (numbers left undialled): the tick at full table
    // sizes without the whole run (over an hour at full scale on 2 cores).
    const minutes = process.argv.includes('--minutes') ? argOf('--minutes', 1) : 0;
    const limitMs = minutes > 0 ? minutes * 60_000 : Math.max(120_000, total * 40);
    for (;;) {
      await sleep(100);
      // Busy = calls holding a slot (not ended); allowed = the task's robots, or fewer when fewer
      // numbers are left to dial.
      const [pendingRows, openRows] = (await Promise.all([
        // Counted up to the task's robots only (all `allowed` needs): a full count of 50,000 numbers
        // ten times a second would load the machine the scheduler runs on.
        db
          .select('t.id as task_id')
          .select(
            db.raw(
              '(SELECT count(*) FROM (SELECT 1 FROM task_numbers n WHERE n.task_id = t.id AND n.state = 0 LIMIT 150) x)::int AS n',
            ),
          )
          .from(db.raw('unnest(?::bigint[]) t(id)', [s.main])),
        db('calls')
          .whereIn('task_id', s.main)
          .whereNot('status', 'ended')
          .groupBy('task_id')
          .select('task_id', db.raw('count(*)::int as n')),
      ])) as { task_id: string; n: number }[][] as [
        { task_id: string; n: number }[],
        { task_id: string; n: number }[],
      ];
      const of = (rows: { task_id: string; n: number }[], t: number) =>
        rows.find((r) => Number(r.task_id) === t)?.n ?? 0;
      const pending = s.main.reduce((a, t) => a + of(pendingRows, t), 0);
      if (pending === 0 || Date.now() - started > limitMs) break;
      let busy = 0;
      let allowed = 0;
      for (const t of s.main) {
        busy += of(openRows, t);
        allowed += Math.min(150, of(pendingRows, t) + of(openRows, t));
      }
      if (allowed > 0) ratios.push(busy / allowed);
    }
    const dialMs = Date.now() - started;
    // Let the last calls end and settle.
    const drainUntil = Date.now() + 120_000;
    while (Date.now() < drainUntil) {
      const [left] = await db('calls')
        .where((q) => q.whereNot('status', 'ended').orWhereNull('settled_at'))
        .count({ n: '*' });
      if (Number(left?.n) === 0) break;
      await sleep(250);
    }
    await dialer.stop();
    await worker.stop();
    await settler.stop();
    await server.close();

    const calls = await db('calls')
      .whereIn('task_id', s.main)
      .select('line_id', 'created_at', 'ended_at', 'originated_at', 'task_number_id', 'phone_hash');
    const o = overruns(
      calls.map((c) => ({
        line: Number(c.line_id),
        from: new Date(c.created_at).getTime(),
        to: c.ended_at ? new Date(c.ended_at).getTime() : Date.now(),
        originated: c.originated_at ? new Date(c.originated_at).getTime() : null,
      })),
      s.lines,
      200,
      50,
    );
    const perNumber = new Map<string, number>();
    for (const c of calls)
      perNumber.set(String(c.task_number_id), (perNumber.get(String(c.task_number_id)) ?? 0) + 1);
    const refused = new Set(s.refused);
    const utilisation = ratios.length ? ratios.reduce((a, b) => a + b, 0) / ratios.length : 0;
    const steady = ratios.slice(Math.ceil((150 / 50) * 10));
    console.error(
      `dialer bench: ${total} numbers, ${calls.length} calls in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
        `${ticks.length} ticks, max ${o.maxConcurrent} concurrent / ${o.maxRate} originates per s on a line; ` +
        `tick phase p99 ms ${JSON.stringify(Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, p99(v)])))}; ` +
        `p50 ms ${JSON.stringify(Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, p50(v)])))}; ` +
        `event loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms`,
    );
    return {
      numbers: total,
      calls: calls.length,
      utilisation: Math.round(utilisation * 1000) / 1000,
      utilisation_after_ramp: steady.length
        ? Math.round((steady.reduce((a, b) => a + b, 0) / steady.length) * 1000) / 1000
        : 0,
      line_port_overruns: o.portOverruns,
      line_rate_overruns: o.rateOverruns,
      originate_rate_overruns: o.originateOverruns,
      double_dials: [...perNumber.values()].filter((n) => n > 1).length,
      shielded_dials: calls.filter((c) => refused.has(c.phone_hash)).length,
      tick_p99_ms: p99(ticks),
      tick_p50_ms: p50(ticks),
      tick_with_jobs_p99_ms: p99(tickJobs),
      tick_with_jobs_p50_ms: p50(tickJobs),
      // The scheduler process's own CPU time in a tick: the rest of the tick was waiting (on the
      // database, Redis, or for a core).
      tick_cpu_p50_ms: p50(tickCpu),
      tick_cpu_p99_ms: p99(tickCpu),
      running_tasks: 50,
      dial_minutes: Math.round(dialMs / 6000) / 10,
      sim_and_media_niced: shared ? 0 : 1,
    };
  } finally {
    await sim.stop();
    const keys = await redis.keys(`${config.redisPrefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await db.destroy();
    await dropDatabase(base.databaseUrl, name);
  }
}
