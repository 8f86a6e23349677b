// The live slot counters (domain/calls.ts: one Redis set of call uuids per line, account and task)
// reconciled against PostgreSQL on every tick: a set holds exactly the calls not ended yet. A worker
// that died between closing a record and releasing its slots (or before releasing them at all) thus
// leaks a slot for one tick at most, and a call whose job has not reached a worker yet already counts.
import type { Knex } from 'knex';
import type Redis from 'ioredis';
import { activeCallsKey, slotKeys, type SlotScope } from '../../../domain/calls';

export interface SlotScopes {
  line: Iterable<number>;
  account: Iterable<number>;
  task: Iterable<number>;
}

export interface SlotCounts {
  line: Map<number, number>;
  account: Map<number, number>;
  task: Map<number, number>;
  /** Members removed (ended calls) and added (open calls missing) by this reconcile. */
  removed: number;
  added: number;
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
