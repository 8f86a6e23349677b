// Live fan-out to wallboards: `npm run bench -- fanout [--sockets 1000] [--calls 500] [--seconds 30]
// [--warmup 15] [--time-scale 1] [--seat-users 300]`. One server process (server/src/main.ts), one
// media worker process and the FreeSWITCH simulator (each its own process); the clients in two more processes
// (fanout.clients.ts), as they are other browsers: --sockets wallboard sockets of merchant01 in its
// subtree's rooms in one, one socket per seat user that lets its offers ring in the other. A tenth of
// the callees answer the demo bot's questions so it transfers to seat group 1, and hang up after a
// while (YES_HANGUP_MS): enough seats stay free that a transfer finds one, so the offer time is the
// platform's latency, not a wait for staff. Dial jobs keep --calls calls in progress for --seconds.
// Figures: call:state emit (the media worker's `at`) -> received, p99 over every socket; events lost
// (a socket missed one, or nobody got a call that ended); server CPU (% of one core over the load);
// and the offer time: the media worker's transfer request (the transfers job, queued once the bot
// decided to transfer and its last prompt played) -> the seat's socket has seat:offer, p99; split
// into the server's pick (-> the first seat_offers row) and the pop-up (that row -> socket).
// Own database and Redis prefix.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import knexFactory, { type Knex } from 'knex';
import { loadConfig, type Config } from '../../config';
import { encryptSecret } from '../../platform/secrets';
import type { DialJob } from '../../domain/calls';
import { TRANSFER_QUEUE, type TransferJob } from '../../domain/transfer';
import { createDialQueue } from '../../media/src/calls/queue';
import { createMediaQueue } from '../../media/src/queue';
import { DEFAULT_PERSONAS } from '../../media/src/sim/personas';
import { mortgageYesPersona } from '../../media/src/sim/testing';
import { ApiClient } from '../../test/apiClient';
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
import { createDatabase, dropDatabase, migrateAndSeed, withDatabase } from '../lib/db';

const YES_PREFIX = '1580';
/** Call time (simulator ms, before --time-scale) at which an interested callee hangs up. */
const YES_HANGUP_MS = 120_000;

/**
 * Busy, stolen and total jiffies of the whole machine (Linux /proc/stat). Steal is time the
 * hypervisor gave this VM's cores to others: the same code measured 65 ms or over 130 ms on this
 * VM on different days, so the JSON says whether the machine was shared.
 */
function machineJiffies(): { busy: number; steal: number; total: number } {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - f[3]! - (f[4] ?? 0), steal: f[7] ?? 0, total };
}

/** Utime + stime of a process in seconds (Linux /proc). */

function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // USER_HZ is 100 on Linux
}

async function setUp(db: Knex, config: Config, seatUsers: number) {
  const m = await db('accounts').where({ account: 'merchant01' }).first('id');
  const merchant = Number(m.id);
  const bot = await db('bots').where({ account_id: merchant }).orderBy('id').first('id', 'published_version');
  const [line] = await db('sip_lines')
    .insert({
      account_id: merchant,
      name: 'bench-fanout',
      server_ip: '127.0.0.1',
      port: 5060,
      auth_account: 'benchfanout',
      password_enc: '',
      rate_count: 200,
      rate_seconds: 1,
      port_count: 5000,
    })
    .returning('id');
  // Seat group 1 (the demo bots transfer to it) with one seat per seat user, users like operator01.
  const [group] = await db('seat_groups').insert({ account_id: merchant, name: 'bench' }).returning('id');
  const op = await db('accounts').where({ account: 'operator01' }).first();
  const users: { account: string; seatId: number }[] = [];
  for (let i = 0; i < seatUsers; i++) {
    const { id: _id, path: _path, email: _email, ...rest } = op;
    const [u] = await db('accounts')
      .insert({ ...rest, account: `benchseat${i}`, email: null })
      .returning(['id']);
    await db('accounts')
      .where({ id: u.id })
      .update({ path: `${op.path.replace(/\d+\/$/, '')}${u.id}/` });
    const [seat] = await db('seats')
      .insert({
        account_id: merchant,
        group_id: group.id,
        name: `bench-seat-${i}`,
        type: 'extension',
        extension: String(7000 + i),
        auth_name: `bench${i}`,
        auth_password_enc: encryptSecret(config.secretKey, 'Bench-Pass-1'),
        user_id: u.id,
      })
      .returning('id');
    users.push({ account: `benchseat${i}`, seatId: Number(seat.id) });
  }
  return {
    merchant,
    bot: Number(bot.id),
    botVersion: Number(bot.published_version),
    line: Number(line.id),
    users,
  };
}

export default async function bench(): Promise<Record<string, number>> {
  const sockets = argOf('--sockets', 1000);
  const target = argOf('--calls', 500);
  const holdS = argOf('--seconds', 30);
  // The figures are measured over --seconds once the calls have been in progress for --warmup
  // seconds: the ramp (0 -> 500 calls in five seconds, their first prompts in step) is not the floor
  // the figure is about; all_p99_ms counts it too.
  const warmupS = argOf('--warmup', 15);
  // 1: the calls run in real time, as 500 calls on FreeSWITCH do. Until 2026-11-26 the default was
  // 0.3, each call played 3.3 times faster: the event rate of about 1,650 real calls (a stress run).
  const timeScale = argOf('--time-scale', 1);
  const seatUsers = argOf('--seat-users', 300);
  const base = loadConfig();
  const name = `callplat_bench_fanout_${process.pid}`;
  const url = withDatabase(base.databaseUrl, name);
  await createDatabase(base.databaseUrl, name);
  const config: Config = { ...base, databaseUrl: url, redisPrefix: `bench:fanout:${process.pid}` };
  const db = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 5 } });
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-'));
  const personas = path.join(tmp, 'personas.json');
  fs.writeFileSync(
    personas,
    JSON.stringify([
      {
        ...mortgageYesPersona({
          name: 'bench-yes',
          match: `^${YES_PREFIX}`,
          ringMs: [1000, 3000],
          replyDelayMs: [300, 800],
        }),
        // Waits for a seat a while and then gives up, as callers do: otherwise every transfer would
        // ring seats for the bot's whole transfer wait and they would run out.
        hangupAtMs: YES_HANGUP_MS,
      },
      ...DEFAULT_PERSONAS,
    ]),
  );
  const stops: (() => Promise<void>)[] = [];
  const producer = createDialQueue(config);
  const transfers = createMediaQueue<TransferJob>(config, TRANSFER_QUEUE, { jobOptions: {} });
  try {
    await migrateAndSeed(url);
    const s = await setUp(db, config, seatUsers);
    process.env.SIM_PERSONAS = personas; // read by the simulator process
    // FreeSWITCH has machines of its own in production: the simulator runs at a lower priority than
    // the platform and the clients, unless --shared-cpu. (Not the media worker: it stamps and sends
    // the measured events, so its priority is part of what is measured.)
    const shared = process.argv.includes('--shared-cpu');
    const sim = await startSimProcess(timeScale);
    if (!shared) asOtherMachine(sim.pid);
    stops.push(sim.stop);
    await db('fs_nodes').update({ esl_host: '127.0.0.1', esl_port: sim.port });
    const server = await startChild(
      'server/src/main.ts',
      {
        DATABASE_URL: url,
        REDIS_PREFIX: config.redisPrefix,
        PORT: '0',
        HOST: '127.0.0.1',
        DIALER: '0',
        RATE_PER_IP: '10000',
        RATE_PER_ACCOUNT: '10000',
        LOG_LEVEL: 'info',
      },
      /"server listening","port":(\d+)/,
    );
    stops.unshift(server.stop);
    const serverUrl = `http://127.0.0.1:${server.match[1]}`;
    const media = await startMediaProcess(config, timeScale);
    stops.unshift(media.stop);

    const wall = new ApiClient(serverUrl);
    await wall.login('merchant01');
    const rooms = (await wall.get<{ accountIds: number[] }>('/api/wallboard/rooms')).body.data!.accountIds;
    const seatLogins: { seatId: number; token: string; cookie: string }[] = [];
    for (const u of s.users) {
      const c = new ApiClient(serverUrl);
      await c.login(u.account);
      seatLogins.push({ seatId: u.seatId, token: c.token!, cookie: c.cookie! });
    }
    // The wallboards and the seats are separate processes, as they are separate browsers: a seat's
    // offer must not queue behind a thousand wallboard frames in one load generator's event loop.
    const startClients = async (kind: string, wallSockets: number, seatsOf: typeof seatLogins) => {
      const out = path.join(tmp, `${kind}.json`);
      const child = await startChild(
        'scripts/bench/fanout.clients.ts',
        {
          FANOUT_URL: serverUrl,
          FANOUT_SOCKETS: String(wallSockets),
          FANOUT_OUT: out,
          FANOUT_WALL: `${wall.token} ${wall.cookie}`,
          FANOUT_ROOMS: rooms.join(','),
          FANOUT_SEATS: JSON.stringify(seatsOf),
        },
        /fanout clients ready (\d+)/,
      );
      stops.unshift(child.stop);
      return { ...child, out };
    };
    const [clients, seatClients] = await Promise.all([
      startClients('wallboards', sockets, []),
      startClients('seats', 0, seatLogins),
    ]);

    // Load: keep `target` calls in progress for holdS seconds (after the ramp).
    const asked = new Map<string, number>();
    /** When the server's transfer processor took the first ask of each call. */
    const taken = new Map<string, number>();
    // Done jobs stay in Redis: each look reads the unfinished ones and only the done ones finished
    // since the last look (newest first, with some overlap). Reading every job each time (thousands
    // by the end) made a burst of Redis and CPU work every 5 s, on the cores the platform needs.
    let doneSeen = 0;
    let failedSeen = 0;
    const watchTransfers = async () => {
      const counts = await transfers.queue.getJobCounts();
      const newest = (n: number) => Math.max(0, n) + 20;
      const jobs = [
        ...(await transfers.queue.getJobs(['waiting', 'active', 'delayed'], 0, 5000)),
        ...(await transfers.queue.getJobs(['completed'], 0, newest(counts.completed - doneSeen), false)),
        ...(await transfers.queue.getJobs(['failed'], 0, newest(counts.failed - failedSeen), false)),
      ];
      doneSeen = counts.completed;
      failedSeen = counts.failed;
      for (const j of jobs) {
        if (!j || j.data.kind !== 'offer') continue;
        const prev = asked.get(j.data.callUuid);
        if (prev === undefined || j.timestamp <= prev) {
          asked.set(j.data.callUuid, j.timestamp);
          if (j.processedOn) taken.set(j.data.callUuid, j.processedOn);
        }
      }
    };
    let added = 0;
    let watchedAt = 0;
    let peak = 0;
    let reachedAt = 0;
    const procs = {
      server: server.pid,
      media: media.pid,
      sim: sim.pid,
      clients: clients.pid,
      seats: seatClients.pid,
    };
    const machine0 = machineJiffies();
    const cpu0 = Object.fromEntries(Object.entries(procs).map(([k, pid]) => [k, cpuSeconds(pid)]));
    const t0 = Date.now();
    const rate = 100;
    while (
      Date.now() - t0 < (warmupS + holdS + 120) * 1000 &&
      !(reachedAt && Date.now() - reachedAt > (warmupS + holdS) * 1000)
    ) {
      const tick = Date.now();
      const [open] = await db('calls').whereNot('status', 'ended').count({ n: '*' });
      // A dial job is active for its whole call, and taken before its call row exists: counting
      // the rows instead let a slow worker's backlog push the floor past --calls (713 for 500).
      const jobs = await producer.queue.getJobCounts();
      const inProgress = jobs.waiting + jobs.active;
      peak = Math.max(peak, Number(open?.n ?? 0));
      if (!reachedAt && Number(open?.n ?? 0) >= target * 0.95) reachedAt = Date.now();
      const n = Math.min(target - inProgress, rate / 5);
      for (let i = 0; i < n; i++) {
        const uuid = randomUUID();
        const phone =
          added % 10 === 0
            ? `${YES_PREFIX}${String(added).padStart(7, '0')}`
            : `139${String(added).padStart(8, '0')}`;
        const job: DialJob = {
          callUuid: uuid,
          accountId: s.merchant,
          botId: s.bot,
          botVersion: s.botVersion,
          lineId: s.line,
          phone,
          callerNumber: '',
        };
        added++;
        await producer.queue.add(job, { jobId: uuid });
      }
      // Transfer jobs stay in Redis once done: reading them now and then is enough.
      if (Date.now() - watchedAt > 2000) {
        watchedAt = Date.now();
        await watchTransfers();
      }
      await sleep(Math.max(0, 200 - (Date.now() - tick)));
    }
    const loadS = (Date.now() - t0) / 1000;
    const measuredFrom = (reachedAt || t0) + warmupS * 1000;
    const measuredUntil = Date.now();
    const machine1 = machineJiffies();
    const machinePct = ((machine1.busy - machine0.busy) / (machine1.total - machine0.total)) * 100;
    const stealPct = ((machine1.steal - machine0.steal) / (machine1.total - machine0.total)) * 100;
    // % of one core over the load, per process (2 cores in all on the reference machine).
    const cpuPct = Object.fromEntries(
      Object.entries(procs).map(([k, pid]) => [
        k,
        Math.round(((cpuSeconds(pid) - cpu0[k]!) / loadS) * 1000) / 10,
      ]),
    );
    // Let the calls in progress end (no new ones), then collect what the clients saw.
    await producer.queue.pause(true).catch(() => undefined);
    const drainUntil = Date.now() + 120_000;
    while (Date.now() < drainUntil) {
      const [open] = await db('calls').whereNot('status', 'ended').count({ n: '*' });
      await watchTransfers();
      if (Number(open?.n) === 0) break;
      await sleep(500);
    }
    await sleep(1000);
    const collect = async (c: { pid: number; out: string }) => {
      fs.writeFileSync(`${c.out}.window`, JSON.stringify({ from: measuredFrom, until: measuredUntil }));
      process.kill(c.pid, 'SIGUSR2');
      const waitUntil = Date.now() + 30_000;
      while (!fs.existsSync(c.out) && Date.now() < waitUntil) await sleep(100);
      return JSON.parse(fs.readFileSync(c.out, 'utf8')) as {
        events: number;
        p99_ms: number;
        p50_ms: number;
        first_p99_ms: number;
        spread_p99_ms: number;
        all_p99_ms: number;
        max_ms: number;
        lost: number;
        duplicates: number;
        lines: number;
        unordered: number;
        frames: number;
        dropped: Record<string, number>;
        offers: Record<string, number>;
        ended: string[];
      };
    };
    const seen = await collect(clients);
    const seatsSeen = await collect(seatClients);
    seen.offers = seatsSeen.offers;
    for (const [why, n] of Object.entries(seatsSeen.dropped))
      seen.dropped[why] = (seen.dropped[why] ?? 0) + n;
    // A call that ended without any socket hearing of it is lost for every socket.
    const ended = await db('calls').where('status', 'ended').pluck('call_uuid');
    const heard = new Set(seen.ended);
    const unheard = ended.filter((u: string) => !heard.has(u)).length;
    const offerMs = Object.entries(seen.offers).flatMap(([uuid, at]) => {
      const from = asked.get(uuid);
      return from === undefined ? [] : [at - from];
    });
    // Where an offer's time went: the server's pick of a seat (decision -> the first seat_offers row)
    // and the pop-up itself (that row -> the seat's socket has it).
    const firstOffers = await db('seat_offers')
      .groupBy('call_uuid')
      .select('call_uuid', db.raw('min(offered_at) as at'));
    const picked = new Map(firstOffers.map((r) => [r.call_uuid as string, new Date(r.at).getTime()]));
    const pickMs = [...picked].flatMap(([uuid, at]) => {
      const from = asked.get(uuid);
      return from === undefined ? [] : [at - from];
    });
    const queueMs = [...taken].flatMap(([uuid, at]) => {
      const from = asked.get(uuid);
      return from === undefined ? [] : [at - from];
    });
    const popupMs = Object.entries(seen.offers).flatMap(([uuid, at]) => {
      const from = picked.get(uuid);
      return from === undefined ? [] : [at - from];
    });
    console.error(
      `fanout bench: ${added} calls added, peak ${peak} open, ${seen.events} call:state events, ` +
        `${seen.lines} call:line deliveries, ${Object.keys(seen.offers).length} offers (${offerMs.length} timed), ` +
        `${unheard} ended calls nobody heard of, ${seen.frames} live:batch frames to each wallboard, ${seen.unordered} out of order, ` +
        `sockets dropped: ${JSON.stringify(seen.dropped)}`,
    );
    return {
      sockets,
      events: seen.events,
      p99_ms: seen.p99_ms,
      p50_ms: seen.p50_ms,
      first_p99_ms: seen.first_p99_ms,
      spread_p99_ms: seen.spread_p99_ms,
      all_p99_ms: seen.all_p99_ms,
      measured_s: Math.round((measuredUntil - measuredFrom) / 1000),
      warmup_s: warmupS,
      max_ms: seen.max_ms,
      lost: seen.lost + unheard * sockets,
      duplicates: seen.duplicates,
      offer_p50_ms: p50(offerMs),
      offer_p99_ms: p99(offerMs),
      offers: offerMs.length,
      offer_pick_p99_ms: p99(pickMs),
      /** Of the pick: the transfer job's wait in its queue until the server took it. */
      offer_queue_p99_ms: p99(queueMs),
      offer_popup_p99_ms: p99(popupMs),
      server_cpu_pct: cpuPct.server!,
      media_cpu_pct: cpuPct.media!,
      sim_cpu_pct: cpuPct.sim!,
      clients_cpu_pct: cpuPct.clients!,
      seat_clients_cpu_pct: cpuPct.seats!,
      /** All cores together, busy %. */
      machine_cpu_pct: Math.round(machinePct * 10) / 10,
      /** Of all cores' time, % the hypervisor gave to other VMs (counted in machine_cpu_pct too). */
      machine_steal_pct: Math.round(stealPct * 10) / 10,
      peak_calls: peak,
      calls: added,
      sim_niced: shared ? 0 : 1,
      time_scale: timeScale,
      batch_window_ms: config.liveBatchWindowMs,
    };
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
    await producer.close().catch(() => undefined);
    await transfers.close().catch(() => undefined);
    const keys = await redis.keys(`${config.redisPrefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await db.destroy();
    await dropDatabase(base.databaseUrl, name);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
