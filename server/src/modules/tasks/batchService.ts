// The batch task page's rules (批量任务, issue 23): start/pause/stop, call periods and a number file
// applied to many tasks; the AI-task page's bulk start/pause is the same move (page 'tasks'). Every
// named task must be in the caller's subtree and of a kind it holds, or the whole batch is refused
// (404 / 403) and nothing changes. Each task then moves by the same path as
// one by one (service.ts applyAction: the transition table, a start's checks, the log row), inside
// the SPEC §4 bulk rules for start and pause (splitBulk); a task that cannot is reported with its
// reason and the others move. One transaction per batch, keyed by the request id (task_batch_requests):
// a duplicate submit waits for the first and gets its reply.
import type { Knex } from 'knex';
import { Code } from '../../../../domain/api';
import { splitBulk, type TaskStatus } from '../../../../domain/dialer/status';
import { TASK_KINDS, TASK_MENU, type TaskAction, type TaskKind } from '../../../../domain/tasks';
import {
  TASK_BATCH_IMPORT_MAX,
  TASK_BATCH_MAX,
  type TaskBatchImportItem,
  type TaskBatchImportReply,
  type TaskBatchItem,
  type TaskBatchRefusal,
  type TaskBatchReply,
} from '../../../../domain/taskBatch';
import type { Deps } from '../../deps';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import type { BatchFilter, BatchPage, BatchTarget } from './batchSchema';
import { insertClassified, type RawLine } from './numbers';
import { matchingTasks, ownerOf, setPeriods, tasksOf, type TaskRow } from './repo';
import { coded } from '../../../../domain/reasons';
import { applyAction, USER_REASONS } from './service';

type Db = Knex | Knex.Transaction;

/** The kinds of task the caller may manage (its task menus). */
export const heldKinds = (auth: AuthContext): TaskKind[] =>
  TASK_KINDS.filter((k) => auth.menus.includes(TASK_MENU[k]));

/** The kinds a list or filter may reach: those held, narrowed to `kind`; 403 for a kind not held. */
export function kindsOf(auth: AuthContext, kind: TaskKind | undefined): TaskKind[] {
  const held = heldKinds(auth);
  if (kind === undefined) return held;
  if (!held.includes(kind)) throw forbidden();
  return [kind];
}

/** More tasks than one batch may name: the reply says how many at most (data.max). */
const tooMany = (max: number) =>
  new AppError(Code.BadRequest, 400, 'badRequest', {}, { reason: 'tooMany', max });

/** The ids a batch names: the ticked ones, or every task the filter matches (capped, never more). */
async function targetIds(db: Db, auth: AuthContext, t: BatchTarget, max: number): Promise<number[]> {
  if (t.ids) {
    const ids = [...new Set(t.ids)];
    if (ids.length > max) throw tooMany(max);
    return ids;
  }
  const f: BatchFilter = t.filter;
  const ids: number[] = (
    await matchingTasks(db as Knex, auth.actor, { ...f, kind: kindsOf(auth, f.kind) })
      .orderBy('t.id')
      .limit(max + 1)
      .pluck('t.id')
  ).map(Number);
  if (ids.length > max) throw tooMany(max);
  if (ids.length === 0) throw fieldError('filter', 'validation.required');
  return ids;
}

/**
 * The named tasks, locked in id order (two batches never wait on each other in a circle). Any id
 * outside the subtree (or deleted) refuses the batch with 404, a kind not held with 403.
 */
async function lockTargets(trx: Knex.Transaction, auth: AuthContext, ids: number[]): Promise<TaskRow[]> {
  const rows = await tasksOf(trx, auth.actor)
    .whereIn('t.id', ids)
    .orderBy('t.id')
    .forUpdate()
    .select<TaskRow[]>('t.*');
  if (rows.length !== ids.length) throw notFound();
  const held = heldKinds(auth);
  if (rows.some((r) => !held.includes(r.kind))) throw forbidden();
  return rows;
}

/** Checks the target without locking: the import reads its file only for a batch that can run. */
export async function checkTarget(deps: Deps, auth: AuthContext, t: BatchTarget, max: number) {
  await deps.db.transaction(async (trx) => lockTargets(trx, auth, await targetIds(trx, auth, t, max)));
}

/**
 * Runs `work` once per (account, request id). The key's row is inserted first: a second submit's
 * insert waits until the first commits and then finds the stored reply; a key reused for another kind
 * of batch is refused (409).
 */
async function once<T>(
  trx: Knex.Transaction,
  accountId: number,
  requestId: string,
  op: string,
  work: () => Promise<T>,
): Promise<T> {
  const key = { account_id: accountId, request_id: requestId };
  const fresh = await trx('task_batch_requests')
    .insert({ ...key, op })
    .onConflict(['account_id', 'request_id'])
    .ignore()
    .returning('op');
  if (fresh.length === 0) {
    const first = await trx('task_batch_requests').where(key).first('op', 'reply');
    if (!first || first.op !== op || first.reply === null)
      throw fieldError('requestId', 'validation.invalid', {}, 409);
    return first.reply as T;
  }
  const reply = await work();
  await trx('task_batch_requests')
    .where(key)
    .update({ reply: JSON.stringify(reply) });
  return reply;
}

const summary = <I extends TaskBatchItem>(items: I[]) => ({
  items,
  done: items.filter((i) => i.done).length,
  refused: items.filter((i) => !i.done).length,
});

async function statusesOf(trx: Knex.Transaction, ids: number[]): Promise<Map<number, TaskStatus>> {
  const rows = await trx('tasks')
    .whereIn('id', ids)
    .select<{ id: string; status: TaskStatus }[]>('id', 'status');
  return new Map(rows.map((r) => [Number(r.id), r.status]));
}

/** The status log's note: the AI-task page's bulk start/pause, or a move on the batch page. */
const moveReason = (page: BatchPage, action: TaskAction) =>
  coded(page === 'tasks' && action !== 'stop' ? USER_REASONS.bulk[action] : USER_REASONS.batch[action]);

/** Start, pause or stop every named task that may make the move; the rest with their reasons. */
export async function batchMove(
  deps: Deps,
  auth: AuthContext,
  target: BatchTarget,
  action: TaskAction,
  requestId: string,
  page: BatchPage = 'batch',
): Promise<TaskBatchReply> {
  return deps.db.transaction((trx) =>
    once(trx, auth.actor.id, requestId, `move:${action}`, async () => {
      const rows = await lockTargets(trx, auth, await targetIds(trx, auth, target, TASK_BATCH_MAX));
      // SPEC §4 bulk rules for start and pause; stop has none beyond the transition table.
      const skipped = new Map<number, TaskBatchRefusal>(
        action === 'stop'
          ? []
          : splitBulk(
              action,
              rows.map((r) => ({ id: Number(r.id), status: r.status as TaskStatus, active: r.active })),
            ).skip.map((s) => [s.id, s.reason]),
      );
      const outcome: { row: TaskRow; reason?: TaskBatchRefusal }[] = [];
      for (const row of rows) {
        let reason = skipped.get(Number(row.id));
        if (!reason) {
          const r = await applyAction(trx, auth, row, action, moveReason(page, action));
          if (!r.ok) reason = r.reason === 'notAllowed' ? 'notApplicable' : r.reason;
        }
        outcome.push({ row, reason });
      }
      const now = await statusesOf(
        trx,
        rows.map((r) => Number(r.id)),
      );
      return summary(
        outcome.map(({ row, reason }) => ({
          id: Number(row.id),
          name: row.name,
          done: !reason,
          ...(reason ? { reason } : {}),
          status: now.get(Number(row.id))!,
        })),
      );
    }),
  );
}

/** New call and no-call periods for every named task that is not terminated (as the edit refuses it). */
export async function batchPeriods(
  deps: Deps,
  auth: AuthContext,
  target: BatchTarget,
  v: { callPeriods: string[]; noCallPeriods: string[]; requestId: string },
): Promise<TaskBatchReply> {
  return deps.db.transaction((trx) =>
    once(trx, auth.actor.id, v.requestId, 'periods', async () => {
      const rows = await lockTargets(trx, auth, await targetIds(trx, auth, target, TASK_BATCH_MAX));
      const items: TaskBatchItem[] = [];
      for (const row of rows) {
        const id = Number(row.id);
        const base = { id, name: row.name, status: row.status as TaskStatus };
        if (row.status === 100) {
          items.push({ ...base, done: false, reason: 'terminated' });
          continue;
        }
        await setPeriods(trx, auth.actor, id, v);
        items.push({ ...base, done: true });
      }
      return summary(items);
    }),
  );
}

/**
 * One file's numbers added to every named task that is not terminated, each classified for its own
 * task and owner (invalid, duplicate, blacklisted, already in the task) like a single task's import;
 * all tasks in one transaction: a failure adds nothing anywhere.
 */
export async function batchNumbers(
  deps: Deps,
  auth: AuthContext,
  target: BatchTarget,
  requestId: string,
  lines: RawLine[],
): Promise<TaskBatchImportReply> {
  return deps.db.transaction((trx) =>
    once(trx, auth.actor.id, requestId, 'numbers', async () => {
      const rows = await lockTargets(trx, auth, await targetIds(trx, auth, target, TASK_BATCH_IMPORT_MAX));
      const inTrx = { ...deps, db: trx as unknown as Knex };
      const items: TaskBatchImportItem[] = [];
      let invalidSamples: string[] = [];
      for (const row of rows) {
        const id = Number(row.id);
        const base = { id, name: row.name, status: row.status as TaskStatus };
        if (row.status === 100) {
          items.push({
            ...base,
            done: false,
            reason: 'terminated',
            added: 0,
            skipped: { invalid: 0, duplicate: 0, blacklisted: 0, exists: 0 },
          });
          continue;
        }
        const owner = (await ownerOf(trx, Number(row.account_id)))!;
        const r = await insertClassified(
          inTrx,
          auth.actor,
          owner,
          { id, accountId: Number(row.account_id) },
          {
            source: 'lines',
            lines,
          },
        );
        invalidSamples = r.invalidSamples;
        items.push({ ...base, done: true, added: r.added, skipped: r.skipped });
      }
      return { ...summary(items), lines: lines.length, invalidSamples };
    }),
  );
}
