// Wallboard queries over a subtree, always through the tenant scope: today's KPIs with the transfer
// outcomes (calls.transfer_outcome, migration 2420), ended calls per minute, the open calls, the
// tasks worth a progress bar, line names and the merchants the super administrator can pick.
import type { Knex } from 'knex';
import { GRADE_LETTERS, gradeSql } from '../../../../domain/dialer/levels';
import { TaskStatus } from '../../../../domain/dialer/status';
import type { LiveCall, WallboardKpis } from '../../../../domain/wallboard';
import { scoped, subtreeIds, type Actor } from '../../db/scope';
import type { CallRow } from '../../dialer/rows';

type Db = Knex | Knex.Transaction;
/** KPI_COLUMNS: counts and a sum, all bigint (strings); one `grade_<letter>` count per grade. */
interface KpiRow {
  dialed: string;
  connected: string;
  talk_ms: string;
  transfers: string;
  accepted: string;
  abandoned: string;
  [grade: `grade_${string}`]: string;
}

type OpenCallRow = Pick<
  CallRow,
  | 'call_uuid'
  | 'account_id'
  | 'task_id'
  | 'line_id'
  | 'status'
  | 'created_at'
  | 'answered_at'
  | 'phone_masked'
  | 'test'
  | 'transfer_outcome'
>;

const COUNTED = 'NOT test AND result_level IS DISTINCT FROM 71';
const CONNECTED = `NOT test AND ${gradeSql('result_level')}`;
const TRANSFERRED = 'NOT test AND transfer_outcome IS NOT NULL';
const KPI_COLUMNS = [
  `count(*) FILTER (WHERE ${COUNTED}) AS dialed`,
  `count(*) FILTER (WHERE ${CONNECTED}) AS connected`,
  ...GRADE_LETTERS.map(
    (l, i) => `count(*) FILTER (WHERE NOT test AND result_level = ${21 + i}) AS grade_${l.toLowerCase()}`,
  ),
  `coalesce(sum(talk_ms) FILTER (WHERE ${CONNECTED}), 0) AS talk_ms`,
  `count(*) FILTER (WHERE ${TRANSFERRED}) AS transfers`,
  `count(*) FILTER (WHERE ${TRANSFERRED} AND transfer_outcome = 'accepted') AS accepted`,
  `count(*) FILTER (WHERE ${TRANSFERRED} AND transfer_outcome <> 'accepted') AS abandoned`,
].join(', ');

const ended = (db: Db, actor: Actor) => scoped(db('calls'), db as Knex, actor).where('status', 'ended');

/** KPIs of the subtree's calls that ended at or after `since` (and at or before `until`). */
export async function kpisSince(db: Db, actor: Actor, since: Date, until: Date): Promise<WallboardKpis> {
  const r = await ended(db, actor)
    .where('ended_at', '>=', since)
    .where('ended_at', '<=', until)
    .first<KpiRow | undefined>(db.raw(KPI_COLUMNS));
  const grades = Object.fromEntries(
    GRADE_LETTERS.map((l) => [l, Number(r?.[`grade_${l.toLowerCase()}`] ?? 0)]),
  ) as WallboardKpis['grades'];
  return {
    dialed: Number(r?.dialed ?? 0),
    connected: Number(r?.connected ?? 0),
    grades,
    talkMs: Number(r?.talk_ms ?? 0),
    transfers: Number(r?.transfers ?? 0),
    transferAccepted: Number(r?.accepted ?? 0),
    transferAbandoned: Number(r?.abandoned ?? 0),
  };
}

/** Counted ended calls per minute (epoch ms / 60000) in [since, until]. */
export async function endedPerMinute(
  db: Db,
  actor: Actor,
  since: Date,
  until: Date,
): Promise<Record<string, number>> {
  const rows = await ended(db, actor)
    .where('ended_at', '>=', since)
    .where('ended_at', '<=', until)
    .whereRaw(COUNTED)
    .groupByRaw('1')
    .select<{ minute: string; n: number }[]>(
      db.raw('floor(extract(epoch FROM ended_at) / 60)::bigint AS minute, count(*)::int AS n'),
    );
  return Object.fromEntries(rows.map((r) => [String(r.minute), Number(r.n)]));
}

/** The subtree's open calls begun after `since`, oldest first, at most `limit`. */
export async function openCalls(db: Db, actor: Actor, since: Date, limit: number): Promise<LiveCall[]> {
  const rows = await scoped(db('calls'), db as Knex, actor)
    .whereNot('status', 'ended')
    .where('created_at', '>', since)
    .orderBy('created_at')
    .limit(limit)
    .select<OpenCallRow[]>(
      'call_uuid',
      'account_id',
      'task_id',
      'line_id',
      'status',
      'created_at',
      'answered_at',
      'phone_masked',
      'test',
      'transfer_outcome',
    );
  return rows.map((r) => ({
    callUuid: r.call_uuid,
    accountId: Number(r.account_id),
    taskId: r.task_id === null ? null : Number(r.task_id),
    lineId: r.line_id === null ? null : Number(r.line_id),
    status: r.status,
    startedAt: new Date(r.created_at).toISOString(),
    at: new Date(r.answered_at ?? r.created_at).toISOString(),
    phoneMasked: r.phone_masked,
    test: r.test,
    transfer: r.transfer_outcome ?? null,
  }));
}

export async function countOpenCalls(db: Db, actor: Actor, since: Date): Promise<number> {
  const r = await scoped(db('calls'), db as Knex, actor)
    .whereNot('status', 'ended')
    .where('created_at', '>', since)
    .count({ n: '*' })
    .first<{ n: string } | undefined>();
  return Number(r?.n ?? 0);
}

/** Tasks worth a bar: running, queued or paused by the system, and any touched today; newest first. */
export async function boardTasks(
  db: Db,
  actor: Actor,
  since: Date,
  limit: number,
): Promise<{ id: number; name: string; accountId: number }[]> {
  const rows = await scoped(db('tasks'), db as Knex, actor)
    .whereNull('deleted_at')
    .where((q) =>
      q.whereIn('status', [TaskStatus.Running, TaskStatus.Queued, TaskStatus.ArrearsPaused]).orWhereIn(
        'id',
        db('calls')
          .whereIn('account_id', subtreeIds(db as Knex, actor))
          .where('created_at', '>=', since)
          .whereNotNull('task_id')
          .distinct('task_id'),
      ),
    )
    .orderBy('id', 'desc')
    .limit(limit)
    .select<{ id: string; name: string; account_id: string }[]>('id', 'name', 'account_id');
  return rows.map((r) => ({ id: Number(r.id), name: r.name, accountId: Number(r.account_id) }));
}

/** Names of the lines the subtree owns or was assigned. */
export async function lineNames(db: Db, actor: Actor): Promise<Record<string, string>> {
  const rows = await db('sip_lines')
    .whereIn('account_id', subtreeIds(db as Knex, actor))
    .orWhereIn(
      'id',
      db('sip_line_assignments')
        .whereIn('account_id', subtreeIds(db as Knex, actor))
        .select('line_id'),
    )
    .limit(1000)
    .select<{ id: string; name: string }[]>('id', 'name');
  return Object.fromEntries(rows.map((r) => [String(r.id), r.name]));
}

/** Merchants (level 2) below the actor, for the super administrator's picker. */
export async function merchantsBelow(db: Db, actor: Actor): Promise<{ id: number; account: string }[]> {
  const rows = await scoped(db('accounts'), db as Knex, actor, 'id')
    .where('level', 2)
    .orderBy('id')
    .limit(1000)
    .select<{ id: string; account: string }[]>('id', 'account');
  return rows.map((r) => ({ id: Number(r.id), account: r.account }));
}

/** The call's id when it belongs to the subtree. */
export async function callInSubtree(db: Db, actor: Actor, uuid: string): Promise<number | null> {
  const r = await scoped(db('calls'), db as Knex, actor)
    .where('call_uuid', uuid)
    .first<{ id: string } | undefined>('id');
  return r ? Number(r.id) : null;
}
