// The live run overview of tasks (issue 6: dialed, connected, grades A–F, not-connected by level, in
// progress, remaining, ETA) from small reads: the per-result counters the settler keeps
// (task_result_counts), the task's numbers by state, and its originates of the last minute.
import type { Knex } from 'knex';
import { dailyLimitReached, eta, overview } from '../../../domain/dialer';
import { Events, rooms, type TaskProgressEvent } from '../../../domain/events';
import type { Deps } from '../deps';
import { loadAccounts, pathIds, tasksById, windowOf } from './context';

// One minute: long enough to smooth a tick's bunching, and a fifth of the rows a 5-minute count read (3,000
// calls a minute per task at full rate, read every second while the task runs).
const RATE_WINDOW_MIN = 1;

export async function taskProgress(
  db: Knex,
  taskIds: number[],
  now = new Date(),
): Promise<Map<number, TaskProgressEvent>> {
  const out = new Map<number, TaskProgressEvent>();
  const tasks = await tasksById(db, taskIds);
  if (!tasks.length) return out;
  const ids = tasks.map((t) => t.id);
  const accounts = await loadAccounts(db, [...new Set(tasks.map((t) => t.accountId))]);
  const [results, states, rates, statusRows] = await Promise.all([
    db('task_result_counts')
      .whereIn('task_id', ids)
      .select<{ task_id: string; result_level: number; n: number }[]>('task_id', 'result_level', 'n'),
    db('task_numbers')
      .whereIn('task_id', ids)
      .groupBy('task_id', 'state', db.raw('attempts > 0'))
      .select<{ task_id: string; state: number; retry: boolean; n: number }[]>(
        'task_id',
        'state',
        db.raw('attempts > 0 as retry'),
        db.raw('count(*)::int as n'),
      ),
    db('calls')
      .whereIn('task_id', ids)
      .where('created_at', '>', new Date(now.getTime() - RATE_WINDOW_MIN * 60_000))
      .groupBy('task_id')
      .select<{ task_id: string; n: number }[]>('task_id', db.raw('count(*)::int as n')),
    db('tasks')
      .whereIn('id', ids)
      .select<{ id: string; status: number; run_state: number }[]>('id', 'status', 'run_state'),
  ]);
  const statusOf = new Map(statusRows.map((r) => [Number(r.id), r]));
  for (const t of tasks) {
    const byResult: Record<number, number> = {};
    for (const r of results) if (Number(r.task_id) === t.id) byResult[r.result_level] = r.n;
    let remaining = 0;
    let redials = 0;
    let inProgress = 0;
    let skipped = 0;
    for (const r of states) {
      if (Number(r.task_id) !== t.id) continue;
      if (r.state === 0 && r.retry) redials += r.n;
      else if (r.state === 0) remaining += r.n;
      else if (r.state === 1) inProgress += r.n;
      else if (r.state === 3) skipped += r.n;
    }
    const o = overview({ byResult, inProgress, remaining });
    const account = accounts.get(t.accountId);
    const recent = Number(rates.find((r) => Number(r.task_id) === t.id)?.n ?? 0);
    const finish = eta({
      remaining,
      pendingRedials: redials,
      dialRatePerMinute: recent / RATE_WINDOW_MIN,
      connectRatio: o.connectRatio ?? 1,
      redialCount: t.redial.enabled ? t.redial.count : 0,
      window: windowOf(t, account),
      tz: account?.tz ?? 'Asia/Shanghai',
      now,
    });
    const st = statusOf.get(t.id);
    out.set(t.id, {
      taskId: t.id,
      accountId: t.accountId,
      status: st?.status ?? t.status,
      runState: st?.run_state ?? t.runState,
      dialed: o.dialed,
      connected: o.connected,
      grades: o.grades,
      notConnected: o.notConnected,
      notConnectedTotal: o.notConnectedTotal,
      skipped,
      inProgress,
      remaining,
      pendingRedials: redials,
      eta: finish ? finish.toISOString() : null,
      held: account ? dailyLimitReached(account.dailyLimits, account.usageToday) : null,
      at: now.toISOString(),
    });
  }
  return out;
}

/** Sends each task's overview to its account's room and to the rooms of the accounts above it. */
export async function emitProgress(deps: Deps, taskIds: number[]): Promise<Map<number, TaskProgressEvent>> {
  const progress = await taskProgress(deps.db, taskIds);
  if (!progress.size) return progress;
  const owners = await deps
    .db('accounts')
    .whereIn('id', [...new Set([...progress.values()].map((p) => p.accountId))])
    .select<{ id: string; path: string }[]>('id', 'path');
  const pathOf = new Map(owners.map((o) => [Number(o.id), o.path]));
  for (const p of progress.values())
    for (const room of new Set([p.accountId, ...pathIds(pathOf.get(p.accountId) ?? '')]))
      deps.live.toRoomsBatched([rooms.account(room)], [Events.TaskProgress, p]);
  return progress;
}
