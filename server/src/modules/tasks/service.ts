// Task rules (SPEC §2 AI tasks, §4 statuses and bulk rules, §5 validation): create (idempotent with
// requestId), edit, copy, delete, start/pause/stop through transition() with a status-log row in the
// same transaction (a start also needs numbers and a billing rate: startChecks.ts; many tasks at once
// go through batchService.ts), and numbers (numbers.ts: added or previewed with one classification).
import type { Knex } from 'knex';
import { Code } from '../../../../domain/api';
import {
  isDialableStatus,
  transition,
  type TaskAction as DialerAction,
  type RunState,
  type TaskStatus,
} from '../../../../domain/dialer/status';
import {
  TASK_MENU,
  type AddNumbersReply,
  type NumbersPreviewReply,
  type StartRefusal,
  type TaskAction,
  type TaskKind,
} from '../../../../domain/tasks';
import type { Deps } from '../../deps';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import { insertClassified, previewNumbers, type NumbersSource } from './numbers';
import { startRefusal } from './startChecks';
import {
  countsOf,
  emptyCounts,
  findByRequestId,
  findTask,
  getTask,
  insertTask,
  ownerOf,
  setState,
  softDelete,
  updateTask,
  usableBot,
  usableLine,
  writeLog,
} from './repo';
import type { TaskBody } from './schema';
import { isUniqueViolation } from '../../lib/pgErrors';
import { coded, type CodedReason, type ReasonCode } from '../../../../domain/reasons';

type Tenant = AuthContext['actor'];

/** 403 unless the caller holds the menu of this kind of task. */
export function requireKind(auth: AuthContext, kind: TaskKind): void {
  if (!auth.menus.includes(TASK_MENU[kind])) throw forbidden();
}

/** A task in reach whose kind the caller may manage; 404 for anything else (another tree's). */
async function reachable(db: Knex | Knex.Transaction, auth: AuthContext, id: number, lock = false) {
  const row = await findTask(db, auth.actor, id, lock);
  if (!row) throw notFound();
  requireKind(auth, row.kind);
  return row;
}

export async function readTask(deps: Deps, auth: AuthContext, id: number) {
  await reachable(deps.db, auth, id);
  return (await getTask(deps.db, auth.actor, id))!;
}

/** Bot, line and seat checks for the task's owner (SPEC §5); field errors like the form's. */
async function checkUsable(db: Knex | Knex.Transaction, owner: Tenant & { aiSeats: number }, v: TaskBody) {
  if (v.robots > owner.aiSeats) throw fieldError('robots', 'validation.invalid');
  if (!(await usableBot(db, owner, v.botId!))) throw fieldError('botId', 'validation.invalid');
  if (!(await usableLine(db, owner, v.lineId!))) throw fieldError('lineId', 'validation.invalid');
}

/** A repeated create with the same requestId (double click, retried request) returns the first task. */
export async function createTask(deps: Deps, auth: AuthContext, v: TaskBody) {
  requireKind(auth, v.kind);
  const { actor } = auth;
  if (v.requestId) {
    const first = await findByRequestId(deps.db, actor, v.requestId);
    if (first) return (await getTask(deps.db, actor, Number(first.id)))!;
  }
  const owner = (await ownerOf(deps.db, actor.id))!;
  await checkUsable(deps.db, owner, v);
  try {
    const id = await deps.db.transaction(async (trx) => {
      const id = await insertTask(trx, actor.id, actor.id, v);
      await writeLog(trx, {
        taskId: id,
        from: null,
        to: { status: 1, runState: 1 },
        byAccountId: actor.id,
        actor: 'user',
        reason: coded('taskCreated'),
      });
      return id;
    });
    return (await getTask(deps.db, actor, id))!;
  } catch (e) {
    if (!v.requestId || !isUniqueViolation(e)) throw e;
    const first = await findByRequestId(deps.db, actor, v.requestId);
    return (await getTask(deps.db, actor, Number(first.id)))!;
  }
}

export async function editTask(deps: Deps, auth: AuthContext, id: number, v: TaskBody) {
  const row = await reachable(deps.db, auth, id);
  if (row.status === 100) throw new AppError(Code.Conflict, 409, 'badRequest', {}, { reason: 'terminated' });
  const owner = (await ownerOf(deps.db, Number(row.account_id)))!;
  await checkUsable(deps.db, owner, v);
  await updateTask(deps.db, auth.actor, id, { ...v, kind: row.kind });
  return (await getTask(deps.db, auth.actor, id))!;
}

export async function copyTask(deps: Deps, auth: AuthContext, id: number, name?: string) {
  const row = await reachable(deps.db, auth, id);
  const src = (await getTask(deps.db, auth.actor, id))!;
  const copyName = name ?? `${src.name}-copy`.slice(0, 64);
  return deps.db.transaction(async (trx) => {
    const [r] = await trx('tasks')
      .insert({
        ...Object.fromEntries(
          Object.entries(row).filter(
            ([k]) => !['id', 'created_at', 'updated_at', 'deleted_at', 'request_id'].includes(k),
          ),
        ),
        name: copyName,
        start_date: src.startDate,
        status: 1,
        run_state: 1,
        active: true,
        created_by: auth.actor.id,
      })
      .returning('id');
    const newId = Number(r.id);
    await writeLog(trx, {
      taskId: newId,
      from: null,
      to: { status: 1, runState: 1 },
      byAccountId: auth.actor.id,
      actor: 'user',
      reason: coded('taskCopied', { id: String(id) }),
    });
    return (await getTask(trx, auth.actor, newId))!;
  });
}

export async function deleteTask(deps: Deps, auth: AuthContext, id: number) {
  const row = await reachable(deps.db, auth, id);
  // A task that is dialing (or about to) must be paused or stopped first.
  if (isDialableStatus(row.status))
    throw new AppError(Code.Conflict, 409, 'badRequest', {}, { reason: 'running' });
  await softDelete(deps.db, auth.actor, id);
}

const ACTIONS: Record<TaskAction, DialerAction> = { start: 'start', pause: 'pause', stop: 'stop' };

/** The status log's note for a user's start/pause/stop, by where (bulk: the AI-task page's). */
export const USER_REASONS = {
  one: { start: 'taskUserStart', pause: 'taskUserPause', stop: 'taskUserStop' },
  bulk: { start: 'taskBulkStart', pause: 'taskBulkPause' },
  batch: { start: 'taskBatchStart', pause: 'taskBatchPause', stop: 'taskBatchStop' },
} as const satisfies Record<string, Partial<Record<TaskAction, ReasonCode>>>;

export type Refusal = 'inactive' | 'notAllowed' | StartRefusal;

/**
 * One user transition inside `trx`, with the task row locked; the log row is written with it. The one
 * path of a user's start/pause/stop: one by one (actOn), and many at once (batchService.ts).
 */
export async function applyAction(
  trx: Knex.Transaction,
  auth: AuthContext,
  row: {
    id: number | string;
    account_id: number | string;
    status: number;
    run_state: number;
    active: boolean;
    bot_id: unknown;
    line_id: unknown;
  },
  action: TaskAction,
  reason: CodedReason,
): Promise<{ ok: true } | { ok: false; reason: Refusal }> {
  const from = { status: row.status as TaskStatus, runState: row.run_state as RunState, active: row.active };
  const to = transition(from, ACTIONS[action], 'user');
  if ('error' in to) return { ok: false, reason: to.error };
  if (action === 'start') {
    const refused = await startRefusal(trx, row);
    if (refused) return { ok: false, reason: refused };
  }
  await setState(trx, auth.actor, Number(row.id), to);
  await writeLog(trx, {
    taskId: Number(row.id),
    from,
    to,
    byAccountId: auth.actor.id,
    actor: 'user',
    reason,
  });
  return { ok: true };
}

export async function actOn(deps: Deps, auth: AuthContext, id: number, action: TaskAction) {
  const r = await deps.db.transaction(async (trx) => {
    const row = await reachable(trx, auth, id, true);
    return applyAction(trx, auth, row, action, coded(USER_REASONS.one[action]));
  });
  if (!r.ok) {
    // A start refusal reads as its own message; a status refusal stays the plain 409.
    const key =
      r.reason === 'inactive' || r.reason === 'notAllowed' ? 'badRequest' : (`tasks.${r.reason}` as const);
    throw new AppError(Code.Conflict, 409, key, {}, { reason: r.reason });
  }
  return (await getTask(deps.db, auth.actor, id))!;
}

// ---- numbers ----

/** Adds numbers to a task: selected or filtered customers of the caller, a pasted list or a file. */
export async function addNumbers(
  deps: Deps,
  auth: AuthContext,
  id: number,
  v: NumbersSource,
): Promise<AddNumbersReply> {
  const row = await reachable(deps.db, auth, id);
  if (row.status === 100) throw new AppError(Code.Conflict, 409, 'badRequest', {}, { reason: 'terminated' });
  const owner = (await ownerOf(deps.db, Number(row.account_id)))!;
  return insertClassified(deps, auth.actor, owner, { id, accountId: Number(row.account_id) }, v);
}

/**
 * What an add would do, counted by the add's own classification: to a task in reach, or (id null)
 * to a task the caller is about to create, whose owner is the caller.
 */
export async function previewAdd(
  deps: Deps,
  auth: AuthContext,
  id: number | null,
  v: NumbersSource,
): Promise<NumbersPreviewReply> {
  if (id === null) {
    if (!Object.values(TASK_MENU).some((m) => auth.menus.includes(m))) throw forbidden();
    return previewNumbers(deps, auth.actor, auth.actor, null, v);
  }
  const row = await reachable(deps.db, auth, id);
  const owner = (await ownerOf(deps.db, Number(row.account_id)))!;
  return previewNumbers(deps, auth.actor, owner, id, v);
}

export async function numberCounts(deps: Deps, id: number) {
  return (await countsOf(deps.db, [id])).get(id) ?? emptyCounts();
}

export { reachable };
