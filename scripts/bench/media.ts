// One media worker (in this process) against the FreeSWITCH simulator (its own process, real time):
// `npm run bench -- media --calls N --seconds S [--rate R]`. Adds dial jobs at R originates/s until
// N calls are in progress, holds N for S seconds, then hangs everything up and checks the books.
// Figures: event-loop delay p99 of the worker, DETECTED_SPEECH -> playback written p99, heap per
// active call, and lost / duplicate records and leaked slots (records left open) after the run. Own database and prefix.
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Redis from 'ioredis';
import knexFactory from 'knex';
import { loadConfig, type Config } from '../../config';
import { listPrompts } from '../../domain/bot/prompts';
import type { BotDefinition } from '../../domain/bot/definition';
import type { DialJob } from '../../domain/calls';
import { createDialQueue } from '../../media/src/calls/queue';
import { startCallWorker } from '../../media/src/calls/worker';
import { EspeakEngine } from '../../media/src/speech/espeak';
import { renderCached } from '../../media/src/speech/ttsStore';
import { argOf, p99, sleep, startSimProcess } from '../lib/bench';
import { createDatabase, dropDatabase, migrateAndSeed, withDatabase } from '../lib/db';

/** Renders the bot's prompts once (as the tts worker does at publish), so calls play cached files. */
async function prerender(db: ReturnType<typeof knexFactory>, botId: number): Promise<void> {
  const v = await db('bot_versions').where({ bot_id: botId, version: 1 }).first('id', 'definition');
  const engine = new EspeakEngine();
  for (const p of listPrompts(v.definition as BotDefinition)) {
    const { hash } = await renderCached(db, engine, { voice: '', speed: 1003 }, p.text);
    await db('bot_version_prompts')
      .insert({ bot_version_id: v.id, prompt_key: p.promptKey, tts_hash: hash })
      .onConflict(['bot_version_id', 'prompt_key'])
      .merge();
  }
}

export default async function bench(): Promise<Record<string, number>> {
  const target = argOf('--calls', 500);
  const holdS = argOf('--seconds', 30);
  const rate = argOf('--rate', 60);
  const base = loadConfig();
  const name = `callplat_bench_media_${process.pid}`;
  const url = withDatabase(base.databaseUrl, name);
  await createDatabase(base.databaseUrl, name);
  const config: Config = { ...base, databaseUrl: url, redisPrefix: `bench:media:${process.pid}` };
  const db = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 30 } });
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  const sim = await startSimProcess(1);
  const producer = createDialQueue(config);
  try {
    await migrateAndSeed(url);
    const m1 = await db('accounts').where({ account: 'merchant01' }).first('id');
    const bot = await db('bots').where({ account_id: m1.id }).orderBy('id').first('id');
    const line = await db('sip_lines').where({ account_id: m1.id }).first('id');
    await prerender(db, Number(bot.id));
    // The line's send rate is the bench's originate rate: the seeded 5/s would keep most jobs waiting
    // for their tokens (they wait: media/src/calls/originatePace.ts) and measure the line, not the worker.
    await db('sip_lines').where({ id: line.id }).update({ rate_count: rate, rate_seconds: 1 });

    const decisions: number[] = [];
    const worker = await startCallWorker({
      config,
      db,
      redis,
      nodes: [{ id: 1, name: 'fs-bench', host: '127.0.0.1', port: sim.port, password: 'ClueCon', weight: 1 }],
      concurrency: target * 2 + 100,
      metrics: { decisionToCommand: (ms) => decisions.push(ms) },
    });
    // The histogram holds whole timer intervals: the delay is what exceeds the resolution.
    const RESOLUTION_MS = 1;
    const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    global.gc?.();
    const heapBase = process.memoryUsage().heapUsed;
    loop.enable();

    const jobs: DialJob[] = [];
    const add = async () => {
      const job: DialJob = {
        callUuid: randomUUID(),
        accountId: Number(m1.id),
        botId: Number(bot.id),
        botVersion: 1,
        lineId: Number(line.id),
        phone: `138${String(10_000_000 + jobs.length).slice(-8)}`,
        callerNumber: '02100000009',
      };
      jobs.push(job);
      await producer.queue.add(job, { jobId: job.callUuid });
    };
    // In progress = sessions running + jobs not started yet.
    const inProgress = async () => worker.sessions.size + (await producer.queue.getWaitingCount());

    const started = Date.now();
    let reachedAt = 0;
    let peakActive = 0;
    let heapPeak = 0;
    let rampOriginates = 0;
    const holdUntil = () => (reachedAt ? reachedAt + holdS * 1000 : Infinity);
    const tickMs = 100;
    while (Date.now() < holdUntil() && Date.now() - started < (holdS + 300) * 1000) {
      const t0 = Date.now();
      const free = target - (await inProgress());
      const n = Math.min(free, Math.ceil((rate * tickMs) / 1000));
      for (let i = 0; i < n; i++) await add();
      if (!reachedAt) rampOriginates += Math.max(0, n);
      const active = worker.sessions.size;
      if (active > peakActive) peakActive = active;
      if (!reachedAt && active >= target * 0.98) reachedAt = Date.now();
      if (reachedAt && active >= peakActive * 0.98)
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      await sleep(Math.max(0, tickMs - (Date.now() - t0)));
    }
    const rampS = ((reachedAt || Date.now()) - started) / 1000;
    loop.disable();
    const loopP99 = Math.max(0, loop.percentile(99) / 1e6 - RESOLUTION_MS);

    // Drain: hang everything up and let every session close its record.
    await worker.pool.nodes[0]!.api('hupall NORMAL_CLEARING').catch(() => '');
    await producer.queue.pause(true).catch(() => undefined);
    const drainUntil = Date.now() + 60000;
    while ((worker.sessions.size || (await producer.queue.getActiveCount())) && Date.now() < drainUntil) {
      await worker.pool.nodes[0]!.api('hupall NORMAL_CLEARING').catch(() => '');
      await sleep(500);
    }
    await worker.close();

    const uuids = jobs.map((j) => j.callUuid);
    const rows = await db('calls').whereIn('call_uuid', uuids).select('call_uuid', 'status');
    const started_ = new Set(rows.map((r) => r.call_uuid as string));
    const waiting = await producer.queue.getWaitingCount();
    // Still queued (waiting, or delayed for a retry) is not lost: the number will be dialled.
    const queued = new Set(
      (await producer.queue.getJobs(['waiting', 'delayed', 'paused'])).map((j) => j?.data.callUuid),
    );
    const lost =
      rows.filter((r) => r.status !== 'ended' && !queued.has(r.call_uuid)).length +
      uuids.filter((u) => !started_.has(u) && !queued.has(u)).length;
    const dup = await db('calls').select('call_uuid').groupBy('call_uuid').havingRaw('count(*) > 1');
    // A record left open holds its dial slot (the dialer counts open records) until a sweep closes it.
    const leaked = rows.filter((r) => r.status !== 'ended' && !queued.has(r.call_uuid)).length;
    console.error(
      `media bench: ${jobs.length} jobs, peak ${peakActive} active, ramp ${rampS.toFixed(1)} s, ` +
        `${decisions.length} decisions, ${waiting} never started (paused at the end)`,
    );
    return {
      concurrent_calls: peakActive,
      originates_per_s: Math.round((rampOriginates / Math.max(rampS, 0.001)) * 10) / 10,
      loop_delay_p99_ms: Math.round(loopP99 * 100) / 100,
      decision_to_command_p99_ms: p99(decisions),
      kb_per_call: peakActive ? Math.round(((heapPeak - heapBase) / 1024 / peakActive) * 10) / 10 : 0,
      lost_records: lost,
      duplicate_records: dup.length,
      leaked_slots: leaked,
    };
  } finally {
    await producer.close();
    await sim.stop();
    const keys = await redis.keys(`${config.redisPrefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await db.destroy();
    await dropDatabase(base.databaseUrl, name);
  }
}
