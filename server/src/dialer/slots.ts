// Busy slots. The tick counts the calls not ended yet per line, account and task in PostgreSQL, the
// truth (openCallCounts: one grouped index scan), so a worker that died between closing a record and
// releasing its slots (or before releasing them at all) never holds a slot in the next tick, and a
// call whose job has not reached a worker yet already counts. The live slot counters in Redis
// (domain/calls.ts: one set of call uuids per line, account and task, kept by the media workers) are
// reconciled against the same truth on a loop of their own (reconcileSlots, every second).
import type { Knex } from 'knex';
import type Redis from 'ioredis';
import { activeCallsKey, slotKeys, type SlotScope } from '../../../domain/calls';
import { dialableSql, whereDialable } from '../db/dialable';

export interface SlotScopes {
  line: Iterable<number>;
  account: Iterable<number>;
  task: Iterable<number>;
}

export interface OpenCounts {
  line: Map<number, number>;
  account: Map<number, number>;
  task: Map<number, number>;
}

export interface SlotCounts extends OpenCounts {
  /** Members removed (ended calls) and added (open calls missing) by this reconcile. */
  removed: number;
  added: number;
}

/**
 * Calls not ended yet, per line, account and task (calls without a line hold no slot). An account with
 * a dial interval (accounts.dial_interval_seconds, at most an hour counted) has each robot rest that
 * long after its call: a task's call that ended within it still holds its robot (task and account), not
 * its line.
 */
export async function openCallCounts(db: Knex): Promise<OpenCounts> {
  const { rows } = await db.raw(
    `SELECT line_id, account_id, task_id, count(*)::int AS n FROM calls
     WHERE status <> 'ended' AND line_id IS NOT NULL GROUP BY 1, 2, 3
     UNION ALL
     SELECT NULL, a.id, r.task_id, r.n
     FROM (SELECT DISTINCT account_id FROM tasks
           WHERE ${dialableSql('status')} AND active AND deleted_at IS NULL) t
     JOIN accounts a ON a.id = t.account_id AND a.dial_interval_seconds > 0
     -- Per account, an index range of its calls that ended within its interval (calls_account_ended):
     -- LATERAL, so no plan reads every ended call; the constant hour (a longer rest counts as one
     -- hour) gives the planner a range it can estimate, or it scans all of an account's calls.
     CROSS JOIN LATERAL (SELECT c.task_id, count(*)::int AS n FROM calls c
       WHERE c.account_id = a.id AND c.status = 'ended' AND c.ended_at > now() - interval '1 hour'
         AND c.ended_at > now() - make_interval(secs => a.dial_interval_seconds) AND c.task_id IS NOT NULL
       GROUP BY c.task_id) r`,
  );
  const out: OpenCounts = { line: new Map(), account: new Map(), task: new Map() };
  const add = (m: Map<number, number>, id: number, n: number) => m.set(id, (m.get(id) ?? 0) + n);
  for (const r of rows as {
    line_id: string | null;
    account_id: string;
    task_id: string | null;
    n: number;
  }[]) {
    if (r.line_id !== null) add(out.line, Number(r.line_id), r.n);
    add(out.account, Number(r.account_id), r.n);
    if (r.task_id !== null) add(out.task, Number(r.task_id), r.n);
  }
  return out;
}

const SCOPES: SlotScope[] = ['line', 'account', 'task'];

/**
 * Reads the sets first and the open calls second: a uuid in a set whose call PostgreSQL then reports
 * ended (or missing) is stale for sure. Counts are the reconciled sizes (what SCARD now answers).
 */
export async function reconcileSlots(
  db: Knex,
  redis: Redis,
  prefix: string,
  scopes: SlotScopes,
): Promise<SlotCounts> {
  const wanted: { scope: SlotScope; id: number; key: string }[] = [];
  for (const scope of SCOPES)
    for (const id of new Set(scopes[scope]))
      wanted.push({ scope, id, key: activeCallsKey(prefix, scope, id) });
  const read = redis.pipeline();
  for (const w of wanted) read.smembers(w.key);
  const members = ((await read.exec()) ?? []).map(([, v]) => new Set((v as string[] | null) ?? []));

  const open: { call_uuid: string; line_id: string | null; account_id: string; task_id: string | null }[] =
    await db('calls').whereNot('status', 'ended').select('call_uuid', 'line_id', 'account_id', 'task_id');
  const expected = new Map<string, Set<string>>(wanted.map((w) => [w.key, new Set()]));
  for (const c of open) {
    if (c.line_id === null) continue;
    const keys = slotKeys(prefix, {
      lineId: Number(c.line_id),
      accountId: Number(c.account_id),
      taskId: c.task_id === null ? null : Number(c.task_id),
    });
    for (const k of keys) expected.get(k)?.add(c.call_uuid);
  }

  const fix = redis.pipeline();
  let removed = 0;
  let added = 0;
  const counts: SlotCounts = { line: new Map(), account: new Map(), task: new Map(), removed: 0, added: 0 };
  wanted.forEach((w, i) => {
    const have = members[i]!;
    const want = expected.get(w.key)!;
    const stale = [...have].filter((u) => !want.has(u));
    const missing = [...want].filter((u) => !have.has(u));
    if (stale.length) fix.srem(w.key, ...stale);
    if (missing.length) fix.sadd(w.key, ...missing);
    removed += stale.length;
    added += missing.length;
    counts[w.scope].set(w.id, want.size);
  });
  if (removed || added) await fix.exec();
  counts.removed = removed;
  counts.added = added;
  return counts;
}

/** Occupies the slots of calls the scheduler just created (before their jobs reach a worker). */
export async function occupySlots(
  redis: Redis,
  prefix: string,
  calls: { callUuid: string; lineId: number; accountId: number; taskId: number | null }[],
): Promise<void> {
  if (!calls.length) return;
  const p = redis.pipeline();
  for (const c of calls) for (const k of slotKeys(prefix, c)) p.sadd(k, c.callUuid);
  await p.exec();
}

/**
 * One round of the Redis slot sets' upkeep: the sets of the dialable tasks, their accounts and lines,
 * and of every open call, reconciled against PostgreSQL.
 */
export async function reconcileSlotsOnce(db: Knex, redis: Redis, prefix: string): Promise<SlotCounts> {
  const [tasks, open] = await Promise.all([
    db('tasks')
      .modify(whereDialable('status'))
      .where('active', true)
      .whereNull('deleted_at')
      .select('id', 'account_id', 'line_id'),
    db('calls')
      .whereNot('status', 'ended')
      .whereNotNull('line_id')
      .distinct('account_id', 'line_id', 'task_id'),
  ]);
  const scopes = { line: new Set<number>(), account: new Set<number>(), task: new Set<number>() };
  for (const t of tasks as { id: string; account_id: string; line_id: string | null }[]) {
    scopes.task.add(Number(t.id));
    scopes.account.add(Number(t.account_id));
    if (t.line_id !== null) scopes.line.add(Number(t.line_id));
  }
  for (const c of open as { account_id: string; line_id: string; task_id: string | null }[]) {
    scopes.account.add(Number(c.account_id));
    scopes.line.add(Number(c.line_id));
    if (c.task_id !== null) scopes.task.add(Number(c.task_id));
  }
  return reconcileSlots(db, redis, prefix, scopes);
}
