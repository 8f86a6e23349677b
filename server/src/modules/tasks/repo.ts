// Task rows, their status log and their numbers. Every query goes through the tenant scope
// (db/scope.ts): tasks and numbers through scoped(account_id), so another tree's id matches nothing.
// Bots usable by a task are the owner's or its ancestors' published, enabled, online bots; lines are
// those the owner holds (dialcenter's heldLineIds).
import type { Knex } from 'knex';
import type { Actor as Tenant } from '../../db/scope';
import { scoped } from '../../db/scope';
import { whereDialable } from '../../db/dialable';
import type { Actor, RunState, TaskStatus } from '../../../../domain/dialer/status';
import type {
  NumberCounts,
  NumberSources,
  NumberState,
  StatusLogDto,
  TaskDto,
  TaskKind,
  TaskNumberDto,
} from '../../../../domain/tasks';
import { listTags } from '../crm/tags/repo';
import { likeContains } from '../../../../domain/like';
import { messageOf, type CodedReason, type StoredReason } from '../../../../domain/reasons';
import { DEFAULT_DIAL_TZ } from '../../../../domain/taskStart';
import { heldLineIds } from '../dialcenter/repo';
import type { ListQuery, TaskBody } from './schema';

type Db = Knex | Knex.Transaction;

/** A tasks row as pg returns it (bigint ids as text, start_date a Date, smallint[] as number[]). */
export interface TaskRow {
  id: string;
  account_id: string;
  name: string;
  kind: TaskKind;
  bot_id: string | null;
  robots: number;
  start_date: Date;
  call_periods: string[];
  no_call_periods: string[];
  weekdays: number[];
  fail_hangup_count: number;
  redial_enabled: boolean;
  redial_count: number;
  redial_interval_min: number;
  redial_levels: number[];
  push_url: string;
  push_account: string;
  push_grades: number[];
  wechat_push: boolean;
  create_customers: boolean;
  line_id: string | null;
  active: boolean;
  status: number;
  run_state: number;
  consecutive_failures: number;
  completed_at: Date | null;
  created_by: string | null;
  request_id: string | null;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** The owner's dial settings as TASK_COLS names them (null without a dial_settings row). */
interface DialZoneRow {
  dial_tz?: string | null;
  dial_start?: string | null;
  dial_end?: string | null;
}

/** A task as TASK_COLS selects it: the row, its owner's, bot's and line's names, the dial zone. */
interface NamedTaskRow extends TaskRow, DialZoneRow {
  owner_account: string;
  bot_name: string | null;
  line_name: string | null;
}

/** A task_status_log row with the mover's account name. */
interface LogRow {
  id: string;
  task_id: string;
  from_status: TaskStatus | null;
  to_status: TaskStatus;
  from_run: RunState | null;
  to_run: RunState;
  by_account_id: string | null;
  by_account: string | null;
  actor: Actor;
  reason: string;
  reason_message: unknown;
  at: Date;
}

/** A task_numbers row (phone null: a hidden number, dialed through its customer). */
interface NumberRow {
  id: string;
  task_id: string;
  account_id: string;
  customer_id: string | null;
  phone: string | null;
  phone_hash: string;
  phone_masked: string;
  name: string;
  state: NumberState;
  attempts: number;
  next_attempt_at: Date;
  last_result: number | null;
  last_call_uuid: string | null;
  skip_reason: string | null;
  created_at: Date;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const dateText = (d: Date | string) =>
  typeof d === 'string'
    ? d.slice(0, 10)
    : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const pathIds = (path: string) => path.split('/').filter(Boolean).map(Number);

export const emptyCounts = (): NumberCounts => ({ pending: 0, claimed: 0, done: 0, skipped: 0, total: 0 });

/** Live tasks of the actor's subtree, as `tasks as t`. */
export const tasksOf = (db: Db, actor: Tenant) =>
  scoped(db('tasks as t'), db as Knex, actor, 't.account_id').whereNull('t.deleted_at');

const TASK_COLS = [
  't.*',
  'o.account as owner_account',
  'b.name as bot_name',
  'l.name as line_name',
  'ds.time_zone as dial_tz',
  'ds.call_start as dial_start',
  'ds.call_end as dial_end',
];

// The owner's dial settings give the zone and hours the scheduler reads (dialer/context.ts).
const withNames = (q: Knex.QueryBuilder) =>
  q
    .join('accounts as o', 'o.id', 't.account_id')
    .leftJoin('bots as b', 'b.id', 't.bot_id')
    .leftJoin('sip_lines as l', 'l.id', 't.line_id')
    .leftJoin('dial_settings as ds', 'ds.account_id', 't.account_id');

/** The owner's dialing zone and hours, as the dial scheduler reads them (dialer/context.ts). */
export const dialZone = (r: DialZoneRow): { timeZone: string; accountPeriods: string[] } => ({
  timeZone: r.dial_tz || DEFAULT_DIAL_TZ,
  accountPeriods: r.dial_start && r.dial_end ? [`${r.dial_start}-${r.dial_end}`] : [],
});

export const presentTask = (r: NamedTaskRow, counts: NumberCounts = emptyCounts()): TaskDto => ({
  id: Number(r.id),
  accountId: Number(r.account_id),
  ownerAccount: r.owner_account ?? '',
  name: r.name,
  kind: r.kind,
  botId: r.bot_id === null ? null : Number(r.bot_id),
  botName: r.bot_name ?? null,
  robots: r.robots,
  startDate: dateText(r.start_date),
  callPeriods: r.call_periods,
  noCallPeriods: r.no_call_periods,
  weekdays: r.weekdays,
  failHangupCount: r.fail_hangup_count,
  redial: {
    enabled: r.redial_enabled,
    count: r.redial_count,
    intervalMinutes: r.redial_interval_min,
    levels: r.redial_levels,
  },
  pushUrl: r.push_url,
  pushAccount: r.push_account,
  pushGrades: r.push_grades,
  wechatPush: r.wechat_push,
  createCustomers: r.create_customers,
  lineId: r.line_id === null ? null : Number(r.line_id),
  lineName: r.line_name ?? null,
  active: r.active,
  status: r.status as TaskStatus,
  runState: r.run_state as RunState,
  counts,
  ...dialZone(r),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** Counts per number state of these tasks. */
export async function countsOf(db: Db, taskIds: number[]): Promise<Map<number, NumberCounts>> {
  const byTask = new Map<number, NumberCounts>();
  if (!taskIds.length) return byTask;
  const rows = await db('task_numbers')
    .whereIn('task_id', taskIds)
    .groupBy('task_id', 'state')
    .select<{ task_id: string; state: number; n: number }[]>(
      'task_id',
      'state',
      db.raw('count(*)::int as n'),
    );
  for (const r of rows) {
    const id = Number(r.task_id);
    const c = byTask.get(id) ?? emptyCounts();
    const key = (['pending', 'claimed', 'done', 'skipped'] as const)[r.state];
    if (key) c[key] += r.n;
    c.total += r.n;
    byTask.set(id, c);
  }
  return byTask;
}

async function present(db: Db, rows: NamedTaskRow[]): Promise<TaskDto[]> {
  const counts = await countsOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => presentTask(r, counts.get(Number(r.id))));
}

/** The list's filters; the batch page lists several kinds at once (those the caller holds). */
export type TaskFilter = Omit<ListQuery, 'kind' | 'page' | 'pageSize'> & {
  kind: TaskKind | readonly TaskKind[];
};

/** Live tasks of the subtree matching the list's filters, as `tasks as t`. */
export const matchingTasks = (db: Knex, actor: Tenant, f: TaskFilter) =>
  tasksOf(db, actor)
    .modify((q) => (typeof f.kind === 'string' ? q.where('t.kind', f.kind) : q.whereIn('t.kind', f.kind)))
    .modify((q) => f.scope === 'own' && q.where('t.account_id', actor.id))
    .modify((q) => f.name && q.whereILike('t.name', likeContains(f.name)))
    .modify((q) => f.status !== undefined && q.where('t.status', f.status))
    .modify((q) => f.botId && q.where('t.bot_id', f.botId))
    .modify((q) => f.dateFrom && q.where('t.created_at', '>=', f.dateFrom))
    .modify((q) => f.dateTo && q.whereRaw("t.created_at < (?::date + interval '1 day')", [f.dateTo]));

export async function listTasks(
  db: Knex,
  actor: Tenant,
  f: TaskFilter & Pick<ListQuery, 'page' | 'pageSize'>,
) {
  const base = withNames(matchingTasks(db, actor, f));
  const [{ n }] = await base.clone().clearSelect().count({ n: '*' });
  const rows = await base
    .clone()
    .orderBy([
      { column: 't.created_at', order: 'desc' },
      { column: 't.id', order: 'desc' },
    ])
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .select<NamedTaskRow[]>(TASK_COLS);
  return { items: await present(db, rows), total: Number(n), page: f.page, pageSize: f.pageSize };
}

/** Running tasks (queued, running) of the subtree with their counts: the run overview. */
export async function runningTasks(db: Knex, actor: Tenant, own: boolean) {
  const rows = await withNames(tasksOf(db, actor))
    .where('t.active', true)
    .modify(whereDialable('t.status'))
    .modify((q) => own && q.where('t.account_id', actor.id))
    .orderBy('t.id', 'desc')
    .limit(500)
    .select<NamedTaskRow[]>(TASK_COLS);
  return present(db, rows);
}

/** One task in reach (raw row), optionally locked for a transition. */
export const findTask = (db: Db, actor: Tenant, id: number, lock = false) =>
  tasksOf(db, actor)
    .where('t.id', id)
    .modify((q) => lock && q.forUpdate())
    .first<TaskRow | undefined>('t.*');

export async function getTask(db: Db, actor: Tenant, id: number): Promise<TaskDto | undefined> {
  const r = await withNames(tasksOf(db, actor)).where('t.id', id).first<NamedTaskRow | undefined>(TASK_COLS);
  return r ? (await present(db, [r]))[0] : undefined;
}

export const findByRequestId = (db: Knex, actor: Tenant, requestId: string) =>
  tasksOf(db, actor).where({ 't.account_id': actor.id, 't.request_id': requestId }).first('t.id');

const taskRow = (v: TaskBody) => ({
  name: v.name,
  bot_id: v.botId,
  robots: v.robots,
  start_date: v.startDate,
  call_periods: v.callPeriods,
  no_call_periods: v.noCallPeriods,
  weekdays: [...v.weekdays].sort((a, b) => a - b),
  fail_hangup_count: v.failHangupCount,
  redial_enabled: v.redial.enabled,
  redial_count: v.redial.count,
  redial_interval_min: v.redial.intervalMinutes,
  redial_levels: v.redial.levels,
  push_url: v.pushUrl,
  push_account: v.pushAccount,
  push_grades: v.pushGrades,
  wechat_push: v.wechatPush,
  create_customers: v.createCustomers,
  line_id: v.lineId,
});

// The insert names the owner; callers pass the actor's own id.
export async function insertTask(db: Db, ownerId: number, createdBy: number, v: TaskBody): Promise<number> {
  const [r] = await db('tasks')
    .insert({
      ...taskRow(v),
      account_id: ownerId,
      kind: v.kind,
      created_by: createdBy,
      request_id: v.requestId ?? null,
    })
    .returning('id');
  return Number(r.id);
}

export const updateTask = (db: Db, actor: Tenant, id: number, v: TaskBody) =>
  scoped(db('tasks'), db as Knex, actor)
    .where({ id })
    .whereNull('deleted_at')
    .update({ ...taskRow(v), updated_at: db.fn.now() });

/** New call and no-call periods of a task in reach (the batch page's period edit). */
export const setPeriods = (
  db: Db,
  actor: Tenant,
  id: number,
  v: { callPeriods: string[]; noCallPeriods: string[] },
) =>
  scoped(db('tasks'), db as Knex, actor)
    .where({ id })
    .whereNull('deleted_at')
    .update({ call_periods: v.callPeriods, no_call_periods: v.noCallPeriods, updated_at: db.fn.now() });

export const softDelete = (db: Db, actor: Tenant, id: number) =>
  scoped(db('tasks'), db as Knex, actor)
    .where({ id })
    .whereNull('deleted_at')
    .update({ deleted_at: db.fn.now(), active: false });

export async function setState(
  trx: Db,
  actor: Tenant,
  id: number,
  to: { status: TaskStatus; runState: RunState },
): Promise<void> {
  await scoped(trx('tasks'), trx as Knex, actor)
    .where({ id })
    .update({ status: to.status, run_state: to.runState, updated_at: trx.fn.now() });
}

export interface LogEntry {
  taskId: number;
  from: { status: number; runState: number } | null;
  to: { status: number; runState: number };
  byAccountId: number | null;
  actor: Actor;
  reason: CodedReason;
}

/** The log row's reason: its code and parameters when it has them, else (an older row) its text. */
export const logReason = (text: string, message: unknown): StoredReason => {
  const m = messageOf(message);
  return m ? { ...m, text } : { text };
};

export const writeLog = (trx: Db, e: LogEntry) =>
  trx('task_status_log').insert({
    task_id: e.taskId,
    from_status: e.from?.status ?? null,
    to_status: e.to.status,
    from_run: e.from?.runState ?? null,
    to_run: e.to.runState,
    by_account_id: e.byAccountId,
    actor: e.actor,
    reason: e.reason.text,
    reason_message: JSON.stringify(messageOf(e.reason)),
  });

/** The status log of a task in reach, newest first. */
export async function statusLog(db: Knex, actor: Tenant, taskId: number): Promise<StatusLogDto[]> {
  const rows = await db('task_status_log as g')
    .whereIn('g.task_id', tasksOf(db, actor).where('t.id', taskId).select('t.id'))
    .leftJoin('accounts as a', 'a.id', 'g.by_account_id')
    .orderBy([
      { column: 'g.at', order: 'desc' },
      { column: 'g.id', order: 'desc' },
    ])
    .limit(500)
    .select<LogRow[]>('g.*', 'a.account as by_account');
  return rows.map((r) => ({
    id: Number(r.id),
    fromStatus: r.from_status,
    toStatus: r.to_status,
    fromRun: r.from_run,
    toRun: r.to_run,
    byAccountId: r.by_account_id === null ? null : Number(r.by_account_id),
    byAccount: r.by_account ?? null,
    actor: r.actor,
    reason: logReason(r.reason, r.reason_message),
    at: iso(r.at),
  }));
}

// ---- what a task may use ----

/** The account a task belongs to, as a tenant (its bot, line, seats and blacklists are its own). */
export async function ownerOf(
  db: Db,
  accountId: number,
): Promise<(Tenant & { aiSeats: number }) | undefined> {
  const r = await db('accounts').where({ id: accountId }).first('id', 'level', 'path', 'ai_seats');
  return r ? { id: Number(r.id), level: r.level, path: r.path, aiSeats: r.ai_seats } : undefined;
}

/**
 * Bots the owner may dial with: its own or its ancestors', published, enabled and online. An
 * ancestor's market template is left out: it is there to be bought (copied), and the demo seeds the
 * same bots as the merchant's own and as the super administrator's templates, which listed each bot
 * twice under one name.
 */
export const usableBots = (db: Db, owner: Tenant) =>
  db('bots')
    .whereIn('bots.account_id', pathIds(owner.path))
    .whereNull('bots.deleted_at')
    .whereNotNull('bots.published_version')
    .where({ 'bots.enabled': true, 'bots.status': 'online' })
    .where((w) => w.where('bots.account_id', owner.id).orWhere('bots.is_template', false));

export const usableBot = (db: Db, owner: Tenant, id: number) =>
  usableBots(db, owner).where('bots.id', id).first('bots.id', 'bots.name');

/** Lines the owner holds (own or assigned): dialcenter's visibility query. */
export const usableLine = (db: Db, owner: Tenant, id: number) =>
  db('sip_lines')
    .whereIn('id', heldLineIds(db as Knex, owner))
    .where({ id })
    .first('id', 'name', 'enabled');

export async function pickerOptions(db: Knex, owner: Tenant) {
  const bots = await usableBots(db, owner)
    .join('accounts as a', 'a.id', 'bots.account_id')
    .orderBy('bots.id')
    .limit(500)
    .select<{ id: string; name: string; account_id: string; owner_account: string }[]>(
      'bots.id',
      'bots.name',
      'bots.account_id',
      'a.account as owner_account',
    );
  const lines = await db('sip_lines')
    .whereIn('id', heldLineIds(db, owner))
    .orderBy('id')
    .select<{ id: string; name: string; enabled: boolean; port_count: number }[]>(
      'id',
      'name',
      'enabled',
      'port_count',
    );
  return {
    // The owner's name where the bot is an ancestor's (shown beside the name).
    bots: bots.map((b) => ({
      id: Number(b.id),
      name: b.name,
      own: Number(b.account_id) === owner.id,
      ownerAccount: b.owner_account,
    })),
    lines: lines.map((l) => ({
      id: Number(l.id),
      name: l.name,
      enabled: l.enabled,
      ports: l.port_count,
    })),
  };
}

// ---- numbers ----

export interface NewNumber {
  customerId: number | null;
  phone: string | null;
  phoneHash: string;
  phoneMasked: string;
  name: string;
}

/** Inserts numbers not already in the task; returns how many were added. */
export async function insertNumbers(
  db: Db,
  task: { id: number; accountId: number },
  rows: NewNumber[],
): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000).map((n) => ({
      task_id: task.id,
      account_id: task.accountId,
      customer_id: n.customerId,
      phone: n.phone,
      phone_hash: n.phoneHash,
      phone_masked: n.phoneMasked,
      name: n.name.slice(0, 64),
    }));
    const got = await db('task_numbers')
      .insert(chunk)
      .onConflict(['task_id', 'phone_hash'])
      .ignore()
      .returning('id');
    added += got.length;
  }
  return added;
}

const numbersOf = (db: Db, actor: Tenant, taskId: number) =>
  scoped(db('task_numbers'), db as Knex, actor).where({ task_id: taskId });

export async function listNumbers(
  db: Knex,
  actor: Tenant,
  taskId: number,
  q: { state?: number; after?: number; limit: number },
): Promise<{ items: TaskNumberDto[]; next: string | null }> {
  const rows = await numbersOf(db, actor, taskId)
    .modify((x) => q.state !== undefined && x.where('state', q.state))
    .modify((x) => q.after && x.where('id', '<', q.after))
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .select<NumberRow[]>('*');
  const more = rows.length > q.limit;
  const page = more ? rows.slice(0, q.limit) : rows;
  return {
    items: page.map((r) => ({
      id: Number(r.id),
      customerId: r.customer_id === null ? null : Number(r.customer_id),
      phone: r.phone ?? r.phone_masked,
      hidden: r.phone === null,
      name: r.name,
      state: r.state,
      attempts: r.attempts,
      lastResult: r.last_result,
      skipReason: r.skip_reason,
      createdAt: iso(r.created_at),
    })),
    next: more ? String(page[page.length - 1]!.id) : null,
  };
}

/** Removes numbers that are not being dialed right now (claimed ones stay). */
export const removeNumbers = (db: Db, actor: Tenant, taskId: number, ids: number[]) =>
  numbersOf(db, actor, taskId).whereIn('id', ids).whereNot('state', 1).delete();

// ---- the customer picker's choices ----

/** The caller's tags and its latest import batches, for the "from my customers" picker. */
export async function numberSources(db: Knex, actor: Tenant): Promise<NumberSources> {
  const [tags, imports] = await Promise.all([
    listTags(db, actor),
    scoped(db('import_jobs'), db, actor)
      .where('target', 'customers')
      .orderBy('id', 'desc')
      .limit(50)
      .select<{ id: string; file_name: string; created_at: Date; imported: number }[]>(
        'id',
        'file_name',
        'created_at',
        'imported',
      ),
  ]);
  return {
    tags: tags.map((x) => ({ id: x.id, name: x.name })),
    imports: imports.map((r) => ({
      id: Number(r.id),
      fileName: r.file_name,
      createdAt: iso(r.created_at),
      imported: Number(r.imported ?? 0),
    })),
  };
}
