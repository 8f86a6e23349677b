// One scheduler tick (ARCHITECTURE §3 steps 1–2): for every queued or running task, the call window
// (run state 3 outside, 2 inside), the balance (paused for arrears 13 without), then this tick's free
// slots = min(task robots − active, line ports − active, line rate tokens, account quota − active)
// shared fairly between tasks (domain/dialer allocateSlots), the numbers claimed and dialed, and
// tasks with nothing left completed. Active counts are the calls PostgreSQL has not seen end
// (slots.ts), so a crashed worker's slot is free again in the next tick.
import { NoticeType } from '../../../domain/codes';
import {
  allocateSlots,
  dailyLimitReached,
  inWindow,
  type PacingAccount,
  type PacingLine,
  type PacingTask,
} from '../../../domain/dialer';
import type { Deps } from '../deps';
import { dialableSql } from '../db/dialable';
import { claimNumbers, type ClaimHooks, type Grant } from './claim';
import {
  dialableTasks,
  loadAccounts,
  loadLines,
  localDate,
  pathIds,
  windowOf,
  type DialAccount,
  type DialTask,
} from './context';
import type { RateWindows } from '../../../platform/rateWindow';
import { openCallCounts } from './slots';
import { switchFree, switchState } from './switches';
import { DEFAULT_NODE_MAX_CALLS } from '../../../domain/media';
import { coded } from '../../../domain/reasons';
import { RunState, TaskStatus } from '../../../domain/dialer/status';
import { addNotice, moveTask, pauseForArrears, type Moved, type PendingNotice } from './taskState';

export interface TickReport {
  tasks: number;
  dialed: number;
  skipped: number;
  moved: Moved[];
  /** Tasks whose overview changed. */
  touched: Set<number>;
  /** False when no FreeSWITCH node is connected (switches.ts): nothing was claimed. */
  canDial: boolean;
  /** Milliseconds spent in each phase (bench). */
  phases: Record<'load' | 'states' | 'pacing' | 'claim' | 'complete', number>;
  /** CPU milliseconds this process spent during the tick (bench: the rest of its time was waiting). */
  cpuMs: number;
  /** The claimed calls' dial jobs being added (claim.ts ClaimResult.queued): after the tick. */
  queued: Promise<void>;
  /** Milliseconds from the tick's start to its jobs added (set when `queued` settles; bench). */
  jobsMs: number;
}

/** Who must have money for the task's calls: the account, and every ancestor that is charged a rate. */
function payers(task: DialTask, accounts: Map<number, DialAccount>, charged: Set<number>): DialAccount[] {
  const own = accounts.get(task.accountId);
  if (!own) return [];
  const above = pathIds(own.path)
    .filter((id) => id !== own.id && charged.has(id))
    .map((id) => accounts.get(id))
    .filter((a): a is DialAccount => !!a && a.level !== 0);
  return [own, ...above];
}

export async function runTick(
  deps: Deps,
  rates: RateWindows,
  turn: { served: number },
  now = new Date(),
  hooks: ClaimHooks = {},
): Promise<TickReport> {
  const report: TickReport = {
    canDial: true,
    tasks: 0,
    dialed: 0,
    skipped: 0,
    moved: [],
    touched: new Set(),
    phases: { load: 0, states: 0, pacing: 0, claim: 0, complete: 0 },
    cpuMs: 0,
    queued: Promise.resolve(),
    jobsMs: 0,
  };
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  let mark = performance.now();
  const lap = (phase: keyof TickReport['phases']) => {
    const t = performance.now();
    report.phases[phase] += t - mark;
    mark = t;
  };
  const notices: PendingNotice[] = [];
  // One round of reads at once: the tasks, their accounts and lines (by the same filter, so a task
  // that turned dialable in between lacks its account or line and waits for the next tick) with the
  // lines' rate tokens, the calls in progress, the numbers each task could claim, and the switches.
  const [tasks, accounts, { lines, tokens }, counts, claimableNow, switches] = await Promise.all([
    dialableTasks(deps.db),
    loadAccounts(deps.db, 'dialable'),
    loadLines(deps.db, 'dialable').then(async (lines) => ({
      lines,
      tokens: await rates.available([...lines.values()]),
    })),
    openCallCounts(deps.db),
    claimable(deps),
    switchState(deps.db, deps.redis, deps.config.redisPrefix, now.getTime()),
  ]);
  report.tasks = tasks.length;
  report.canDial = switches.canDial;
  const charged = new Set([...accounts.values()].filter((a) => a.rate !== null).map((a) => a.id));
  lap('load');

  const broke = new Map<number, DialAccount>();
  const inside: DialTask[] = [];
  for (const task of tasks) {
    const account = accounts.get(task.accountId);
    const line = task.lineId === null ? undefined : lines.get(task.lineId);
    if (!account?.usable || !line?.enabled || task.botVersion === null) continue;
    const unpaid = payers(task, accounts, charged).find((a) => a.balanceFen <= 0);
    if (unpaid) {
      broke.set(unpaid.id, unpaid);
      continue;
    }
    const open =
      localDate(now, account.tz) >= task.startDay && inWindow(now, windowOf(task, account), account.tz);
    const flip =
      task.status === TaskStatus.Running && open && task.runState === RunState.OutsideHours
        ? 'enterWindow'
        : task.status === TaskStatus.Running && !open && task.runState === RunState.InProgress
          ? 'leaveWindow'
          : null;
    if (flip) {
      const m = await deps.db.transaction((trx) =>
        moveTask(
          trx,
          task.id,
          flip,
          'scheduler',
          coded(flip === 'enterWindow' ? 'taskWindowOpened' : 'taskOutsideHours'),
          {
            skipLocked: true,
          },
        ),
      );
      if (m) report.moved.push(m);
    }
    // No connected switch: no line can dial, so no task claims (its numbers stay pending); the
    // window and arrears states still follow the clock and the balances. Nor does a task whose
    // account reached a daily limit today (the task's overview says so: progress.ts).
    if (open && switches.canDial && !dailyLimitReached(account.dailyLimits, account.usageToday))
      inside.push(task);
  }
  for (const a of broke.values()) {
    const p = await deps.db.transaction((trx) => pauseForArrears(trx, a, coded('taskBalanceZero')));
    report.moved.push(...p.moved);
    notices.push(...p.notices);
  }

  lap('states');
  // This tick's free slots, shared fairly over the tasks inside their window.
  const usedLines = [...new Set(inside.map((t) => t.lineId!))].map((id) => lines.get(id)!);
  // Numbers a task can use now: what it could claim, up to its free robots.
  const demand = new Map(
    inside.map((t) => [
      t.id,
      Math.min(claimableNow.get(t.id) ?? 0, Math.max(0, t.robots - (counts.task.get(t.id) ?? 0))),
    ]),
  );
  const pacingLines: PacingLine[] = usedLines.map((l) => ({
    id: l.id,
    ports: l.ports,
    active: counts.line.get(l.id) ?? 0,
    rate: { n: Math.max(1, tokens.get(l.id) ?? 0), m: 1 },
    window: { stamps: tokens.get(l.id) ? [] : [now.getTime()], served: turn.served },
  }));
  const pacingAccounts: PacingAccount[] = [...new Set(inside.map((t) => t.accountId))].map((id) => ({
    id,
    quota: accounts.get(id)!.quota,
    active: counts.account.get(id) ?? 0,
  }));
  const pacingTasks: PacingTask[] = inside.map((t) => ({
    id: t.id,
    accountId: t.accountId,
    lineId: t.lineId!,
    robots: t.robots,
    active: counts.task.get(t.id) ?? 0,
    // A queued task gets its first slot even with nothing to claim (so it can start and complete).
    demand: t.status === TaskStatus.Queued ? Math.max(1, demand.get(t.id) ?? 0) : (demand.get(t.id) ?? 0),
  }));
  // The switches' capacity (switches.ts): never more calls open than the nodes carry together.
  let open = 0;
  for (const n of counts.line.values()) open += n;
  const nodeMax = deps.config.dialer.nodeMaxCalls ?? DEFAULT_NODE_MAX_CALLS;
  const allocation = allocateSlots(
    pacingTasks,
    pacingLines,
    pacingAccounts,
    now,
    switchFree(switches, nodeMax, open),
  );
  // Tokens are taken per task (atomically per line in Redis); unused ones go back after the claim.
  const taken = await Promise.all(
    allocation.grants
      .filter((g) => g.slots > 0)
      .map(async (g) => {
        const task = inside.find((t) => t.id === g.taskId)!;
        const line = lines.get(task.lineId!)!;
        const members = await rates.take(line.id, line.rate, g.slots);
        const account = accounts.get(task.accountId)!;
        const ids = pathIds(account.path);
        const root = accounts.get(ids[1] ?? ids[0] ?? account.id) ?? account;
        return { task, account, line, want: members.length, members, rootPath: root.path };
      }),
  );
  const grants: (Grant & { members: string[] })[] = taken.filter((g) => g.want > 0);
  lap('pacing');
  // Running tasks with nothing left are looked for while the claim runs (a task the claim empties is
  // found by the next tick; the completion itself checks again under the task's lock).
  const [claim, emptied] = await Promise.all([
    claimNumbers(deps, grants, now, hooks),
    noNumbersLeft(
      deps,
      tasks.filter((t) => t.status === TaskStatus.Running).map((t) => t.id),
    ),
  ]);
  await Promise.all(
    grants.map((g) => rates.giveBack(g.line.id, g.members.slice(claim.dialed.get(g.task.id) ?? 0))),
  );
  for (const g of grants) turn.served = (turn.served + (claim.dialed.get(g.task.id) ?? 0)) % 2 ** 30;
  report.moved.push(...claim.dispatched);
  report.queued = claim.queued.then(() => void (report.jobsMs = performance.now() - started));
  for (const [id, n] of claim.dialed) {
    report.dialed += n;
    report.touched.add(id);
  }
  for (const [id, m] of claim.skipped) {
    for (const n of m.values()) report.skipped += n;
    report.touched.add(id);
  }

  lap('claim');
  // A queued task that got its first slot just now may have had nothing to dial.
  const dispatchedEmpty = claim.dispatched.length
    ? await noNumbersLeft(
        deps,
        claim.dispatched.map((m) => m.taskId),
      )
    : [];
  const done = await completeFinished(deps, [...emptied, ...dispatchedEmpty]);
  report.moved.push(...done.moved);
  notices.push(...done.notices);
  for (const m of report.moved) report.touched.add(m.taskId);
  for (const n of notices) deps.live.noticeToUser(n.accountId, n.notice);
  lap('complete');
  const cpu = process.cpuUsage(cpu0);
  report.cpuMs = (cpu.user + cpu.system) / 1000;
  return report;
}

/**
 * Numbers each dialable task could claim now, counted up to its robots (an index range scan with a
 * LIMIT): a task waiting only for redials takes no slot from the others. The ORDER BY is the claim
 * index's order (task_numbers_claim): without it the planner, averaging 50,000-number tasks with
 * 20-number ones, took a bitmap scan of every number of the task (issue 21: 6 ms → 0.5 ms per tick).
 */
async function claimable(deps: Deps): Promise<Map<number, number>> {
  const { rows } = await deps.db.raw(
    `SELECT t.id, (SELECT count(*) FROM (SELECT 1 FROM task_numbers n
       WHERE n.task_id = t.id AND n.state = 0 AND n.next_attempt_at <= now()
       ORDER BY n.next_attempt_at LIMIT t.robots) x)::int AS n
     FROM tasks t WHERE ${dialableSql('t.status')} AND t.active AND t.deleted_at IS NULL`,
  );
  return new Map((rows as { id: string; n: number }[]).map((r) => [Number(r.id), r.n]));
}

/** Of `ids`, the tasks with no pending (incl. redials) and no claimed numbers. */
async function noNumbersLeft(deps: Deps, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const { rows } = await deps.db.raw(
    `SELECT t.id FROM unnest(?::bigint[]) t(id)
     WHERE NOT EXISTS (SELECT 1 FROM task_numbers n WHERE n.task_id = t.id AND n.state IN (0, 1))`,
    [[...new Set(ids)]],
  );
  return (rows as { id: string }[]).map((r) => Number(r.id));
}

/** Running tasks found with nothing left (noNumbersLeft): completed (run state 10). */
async function completeFinished(
  deps: Deps,
  ids: number[],
): Promise<{ moved: Moved[]; notices: PendingNotice[] }> {
  const out = { moved: [] as Moved[], notices: [] as PendingNotice[] };
  for (const id of new Set(ids)) {
    await deps.db
      .transaction(async (trx) => {
        const m = await moveTask(trx, id, 'complete', 'scheduler', coded('taskNoNumbersLeft'), {
          skipLocked: true,
          extra: { completed_at: trx.fn.now() },
        });
        if (!m) return;
        // Numbers added between the check and the lock keep the task going.
        const left = await trx('task_numbers').where({ task_id: id }).whereIn('state', [0, 1]).first('id');
        if (left) throw new StillBusy();
        out.moved.push(m);
        const t = await trx('tasks').where({ id }).first('name');
        out.notices.push(
          await addNotice(trx, m.accountId, NoticeType.System, {
            titleKey: 'taskCompleted.title',
            bodyKey: 'taskCompleted.body',
            params: { name: t.name, taskId: id },
          }),
        );
      })
      .catch((e: unknown) => {
        if (!(e instanceof StillBusy)) throw e;
      });
  }
  return out;
}

class StillBusy extends Error {}
