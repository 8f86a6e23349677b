// The dial scheduler of a server process (started from server.ts when processors are on). Four loops:
// - settle: every few tens of ms, ended calls are settled (any process may: each call is settled under
//   its row lock); ended calls cut the rest before the next tick short, in whichever process ticks;
// - tick: when this process wins the tick lock (lock.ts), one tick; then the dial jobs' outbox is
//   relayed (claim.ts), and while no switch is connected the calls no worker has dialed yet are
//   withdrawn and their numbers returned (returnUndialled.ts);
// - progress: the run overview of the tasks that changed (at most once a second per task, and every
//   5 s for running tasks even without change), off the tick loop so its counts never delay a tick;
// - table care (tableCare.ts): the dialer tables' statistics and dead rows, where autovacuum is off.
// Busy slots need no loop: the tick counts open calls in PostgreSQL (slots.ts).
// The role (config DIALER_ROLE) splits them: a 'tick' process runs the tick and progress only, so no
// settling shares its event loop; 'settle' processes run settling, progress and table care.
import type { DialerRole } from '../../../config';
import type { Deps } from '../deps';
import { relayOutbox, type ClaimHooks } from './claim';
import { TickLock } from './lock';
import { emitProgress } from './progress';
import { RateWindows } from '../../../platform/rateWindow';
import { settleEnded } from './settle';
import { returnNeverDialled, withdrawOpen, type Returned } from './returnUndialled';
import { applyCallFaults, clearHealedLines } from './callFaults';
import { careForTablesOnce } from './tableCare';
import { runTick, type TickReport } from './tick';
import { closeLostOutbound } from './lostOutbound';
import { LOST_SWEEP_MS } from '../../../domain/lostCall';
import { isDialableStatus } from '../../../domain/dialer/status';

export interface DialerOptions {
  tickMs?: number;
  /** Called after each tick this process ran, with its duration (bench, tests). */
  onTick?: (report: TickReport, ms: number) => void;
  /** Skip the tick lock (tests of two schedulers racing on one database). */
  noLock?: boolean;
  /** Which loops run here (default: the config's DIALER_ROLE, else all). */
  role?: DialerRole;
  /** Fault points of the claim (kill tests). */
  claimHooks?: ClaimHooks;
}

export interface Dialer {
  /** One settle + tick + progress cycle now (tests); resolves when it is done. */
  cycle(): Promise<TickReport | null>;
  stop(): Promise<void>;
}

const PROGRESS_MIN_MS = 1000;
const PROGRESS_IDLE_MS = 5000;
/** Outbox rows this old have lost their claimer (it adds its jobs within milliseconds of commit). */
const OUTBOX_GRACE_MS = 1000;
const SETTLE_BATCH = 100;
/** After calls end, the next tick comes this soon (the rest after a tick is cut to it). */
const WAKE_GAP_MS = 50;
/** Ended calls are looked for this often (they free slots and wake the tick). */
const SETTLE_POLL_MS = 50;
const PROGRESS_POLL_MS = 250;
const TABLE_CARE_MS = 15_000;

export function startDialer(deps: Deps, opts: DialerOptions = {}): Dialer {
  const tickMs = opts.tickMs ?? deps.config.dialer.tickMs;
  const pollMs = Math.max(20, Math.floor(tickMs / 4));
  const lock = new TickLock(deps.redis, `${deps.config.redisPrefix}:dialer:lock`);
  const rates = new RateWindows(deps.redis, deps.config.redisPrefix, 'claim');
  const turn = { served: 0 };
  const dirty = new Set<number>();
  const lastSent = new Map<number, number>();
  /** Whether this process ticked since the last progress round (it then sends the heartbeats). */
  let ticked = false;
  let stopped = false;
  /** Cuts a loop's sleep short, by loop name (stop wakes them all). */
  const wakers = new Map<string, () => void>();

  async function progress(heartbeats: boolean): Promise<void> {
    const now = Date.now();
    const due = [...dirty].filter((id) => now - (lastSent.get(id) ?? 0) >= PROGRESS_MIN_MS);
    const idle = heartbeats
      ? [...lastSent.keys()].filter((id) => !dirty.has(id) && now - lastSent.get(id)! >= PROGRESS_IDLE_MS)
      : [];
    const ids = [...new Set([...due, ...idle])];
    if (!ids.length) return;
    const sent = await emitProgress(deps, ids);
    for (const id of ids) {
      dirty.delete(id);
      const p = sent.get(id);
      // Keep sending heartbeats only while the task may still change.
      if (p && (isDialableStatus(p.status) || p.inProgress > 0)) lastSent.set(id, now);
      else lastSent.delete(id);
    }
  }

  const markSettled = (settled: Awaited<ReturnType<typeof settleEnded>>) => {
    for (const s of settled) {
      if (s.taskId !== null) dirty.add(s.taskId);
      for (const m of s.moved) dirty.add(m.taskId);
    }
  };

  const markReturned = (r: Returned) => {
    for (const id of r.taskIds) dirty.add(id);
    return r.callUuids.length;
  };

  /** Settles until the outbox is empty (a batch at a time); ended calls wake the next tick. */
  async function settleAll(): Promise<void> {
    // Calls a worker closed without dialing: their numbers go back to their tasks, not to a result;
    // their faults mark lines and pause tasks (callFaults.ts), healed lines are cleared.
    const back = await returnNeverDialled(deps);
    let ended = markReturned(back);
    for (const m of (await applyCallFaults(deps, back.faults)).moved) dirty.add(m.taskId);
    await clearHealedLines(deps);
    for (let i = 0; i < 50; i++) {
      const settled = await settleEnded(deps, SETTLE_BATCH);
      markSettled(settled);
      ended += settled.length;
      if (settled.length < SETTLE_BATCH) break;
    }
    if (ended && tickMs > 0 && !opts.noLock) {
      await lock.wake(WAKE_GAP_MS);
      wakers.get('tick')?.();
    }
  }

  /** How long the tick loop sleeps next: until the lock's rest ends, at most one poll. */
  let tickWaitMs = pollMs;

  async function tickOnce(): Promise<TickReport | null> {
    let report: TickReport | null = null;
    tickWaitMs = pollMs;
    const mine = opts.noLock || (await lock.acquire());
    if (!mine) tickWaitMs = Math.min(pollMs, Math.max(5, await lock.freeIn()));
    if (mine) {
      const t0 = performance.now();
      try {
        report = await lock.holding(() => runTick(deps, rates, turn, new Date(), opts.claimHooks));
      } finally {
        const ms = performance.now() - t0;
        if (!opts.noLock) await lock.finish(tickMs - ms);
        if (report) opts.onTick?.(report, ms);
      }
      // The jobs of this tick's claim (added after its commit, not waited for by the tick itself).
      await report.queued;
      for (const id of report.touched) dirty.add(id);
      ticked = true;
      if (!report.canDial) markReturned(await withdrawOpen(deps, { code: 'noSwitch' }));
      await relayOutbox(deps, OUTBOX_GRACE_MS);
    }
    return report;
  }

  const progressRound = async (): Promise<void> => {
    const heartbeats = ticked;
    ticked = false;
    await progress(heartbeats);
  };

  // Tests: one settle + tick + progress, one at a time in this process.
  let manual: Promise<TickReport | null> = Promise.resolve(null);
  const cycle = (): Promise<TickReport | null> => {
    manual = manual
      .catch(() => null)
      .then(async () => {
        await settleAll();
        const report = await tickOnce();
        await progressRound();
        return report;
      });
    return manual;
  };

  // Separate loops: settling never holds up a tick, and a slow tick never holds up settling.
  const loops: Promise<void>[] = [];
  const every = (what: string, fn: () => Promise<unknown>, waitMs: () => number) =>
    loops.push(
      (async () => {
        while (!stopped) {
          const t0 = Date.now();
          await fn().catch((err: Error) => console.error(`dialer ${what}: ${err.message}`));
          if (stopped) break;
          await new Promise<void>((r) => {
            const t = setTimeout(done, Math.max(0, waitMs() - (Date.now() - t0)));
            function done() {
              clearTimeout(t);
              wakers.delete(what);
              r();
            }
            wakers.set(what, done);
          });
        }
      })(),
    );
  const role = opts.role ?? deps.config.dialer.role ?? 'all';
  let unlisten: Promise<() => Promise<void>> | null = null;
  if (tickMs > 0) {
    if (role !== 'tick') every('settle', settleAll, () => SETTLE_POLL_MS);
    // A dead media worker's outbound calls, closed within seconds (lostOutbound.ts).
    if (role !== 'tick')
      every(
        'lost calls',
        () => closeLostOutbound(deps),
        () => LOST_SWEEP_MS,
      );
    if (role !== 'settle') {
      every('tick', tickOnce, () => tickWaitMs);
      // Calls settled by other processes wake this one's tick.
      if (!opts.noLock) unlisten = lock.listen(() => wakers.get('tick')?.());
    }
    every('progress', progressRound, () => PROGRESS_POLL_MS);
    if (role !== 'tick')
      every(
        'table care',
        () =>
          careForTablesOnce(
            deps.db,
            deps.redis,
            `${deps.config.redisPrefix}:dialer:tablecare`,
            TABLE_CARE_MS,
          ),
        () => TABLE_CARE_MS,
      );
  }

  return {
    cycle,
    async stop() {
      stopped = true;
      for (const w of [...wakers.values()]) w();
      await Promise.all(loops);
      await manual.catch(() => undefined);
      await (
        await unlisten?.catch(() => null)
      )?.();
    },
  };
}
