// Task transitions the dialer makes (domain/dialer status.ts table): dispatch, leaving and entering the
// call window, arrears pause, suspension and completion. Each locks the task row, re-reads its state,
// applies transition() and writes the status-log row in the same transaction. Notices are inserted
// in the transaction and pushed to the browser after commit (the caller gets them back). The log row's
// reason is a code with parameters (domain/reasons.ts), its zh-CN text stored beside it.
import type { Knex } from 'knex';
import type { NoticeDto } from '../../../domain/api';
import { NoticeType } from '../../../domain/codes';
import {
  transition,
  type Actor,
  type RunState,
  type TaskAction,
  type TaskStatus,
} from '../../../domain/dialer/status';
import type { NoticeMessage } from '../../../domain/notices';
import { messageOf, type CodedReason } from '../../../domain/reasons';
import { insertNotice } from '../modules/notices/repo';
import { whereDialable } from '../db/dialable';
import { likePrefix } from '../../../domain/like';

export interface PendingNotice {
  accountId: number;
  notice: NoticeDto;
}

export interface Moved {
  taskId: number;
  accountId: number;
  status: TaskStatus;
  runState: RunState;
}

/**
 * Applies `action` to task `id` inside `trx` when the transition table allows it; null when the task
 * is gone, inactive, locked by someone else (skipLocked) or in a state the action does not apply to.
 */
export async function moveTask(
  trx: Knex.Transaction,
  id: number,
  action: TaskAction,
  actor: Actor,
  reason: CodedReason,
  opts: { insideWindow?: boolean; skipLocked?: boolean; extra?: Record<string, unknown> } = {},
): Promise<Moved | null> {
  const q = trx('tasks')
    .where({ id })
    .whereNull('deleted_at')
    .first('status', 'run_state', 'active', 'account_id');
  const row = await (opts.skipLocked ? q.forUpdate().skipLocked() : q.forUpdate());
  if (!row) return null;
  const from = { status: row.status as TaskStatus, runState: row.run_state as RunState, active: row.active };
  const to = transition(from, action, actor, { insideWindow: opts.insideWindow });
  if ('error' in to) return null;
  await trx('tasks')
    .where({ id })
    .update({ status: to.status, run_state: to.runState, updated_at: trx.fn.now(), ...opts.extra });
  await trx('task_status_log').insert({
    task_id: id,
    from_status: from.status,
    to_status: to.status,
    from_run: from.runState,
    to_run: to.runState,
    by_account_id: null,
    actor,
    reason: reason.text,
    reason_message: JSON.stringify(messageOf(reason)),
  });
  return { taskId: id, accountId: Number(row.account_id), ...to };
}

export async function addNotice(
  trx: Knex.Transaction,
  accountId: number,
  type: number,
  message: NoticeMessage,
): Promise<PendingNotice> {
  const notice = await insertNotice(trx as unknown as Knex, { accountId, type, ...message });
  return { accountId, notice };
}

/**
 * Paused for arrears (13) for every queued or running task of the account's subtree (an ancestor that
 * cannot pay stops its subordinates' calls too), and one low-balance notice (99) to the account.
 */
export async function pauseForArrears(
  trx: Knex.Transaction,
  account: { id: number; path: string },
  reason: CodedReason,
): Promise<{ moved: Moved[]; notices: PendingNotice[] }> {
  const like = likePrefix(account.path);
  const ids: { id: string }[] = await trx('tasks')
    .whereIn('account_id', trx('accounts').select('id').where('path', 'like', like))
    .modify(whereDialable('status'))
    .where('active', true)
    .whereNull('deleted_at')
    .orderBy('id')
    .select('id');
  const moved: Moved[] = [];
  for (const r of ids) {
    const m = await moveTask(trx, Number(r.id), 'arrearsPause', 'billing', reason);
    if (m) moved.push(m);
  }
  const notices = moved.length
    ? [
        await addNotice(trx, account.id, NoticeType.LowBalance, {
          titleKey: 'arrearsPaused.title',
          bodyKey: 'arrearsPaused.body',
          params: {
            n: moved.length,
            status: moved[0]!.status,
            tasks: moved.map((m) => `#${m.taskId}`).join(', '),
          },
        }),
      ]
    : [];
  return { moved, notices };
}
