// The batch task page's contract (批量任务, /dialcenter/multtask; issue 23): start/pause/stop, call
// periods and a number import applied to many tasks at once, each task moved or refused with its
// reason. Shared by the page and /api/tasks/batch, so both cap and validate alike.
import type { BulkSkipReason, TaskStatus } from './dialer/status';
import {
  emptyTaskInput,
  validateTask,
  type AddSkipReason,
  type StartRefusal,
  type TaskAction,
  type TaskKind,
  type TaskProblem,
} from './tasks';

/** Most tasks one batch start/pause/stop or period edit may name (ids, or all the filter matches). */
export const TASK_BATCH_MAX = 200;
/** Most tasks one batch import may add a file to: every task gets every number of the file. */
export const TASK_BATCH_IMPORT_MAX = 20;

/** The list filters of the page; "all N filtered" sends these instead of ids. */
export interface TaskBatchFilter {
  kind?: TaskKind;
  scope?: 'own' | 'all';
  name?: string;
  status?: TaskStatus;
  botId?: number;
  dateFrom?: string;
  dateTo?: string;
}

/** What a batch acts on: the ticked tasks, or (chosen explicitly) every task the filter matches. */
export type TaskBatchTarget = { ids: number[] } | { filter: TaskBatchFilter };

/**
 * Why one task was left alone: inactive or outside the SPEC §4 bulk rules (notApplicable), a start's
 * own checks (no bot, line, numbers or rate), or terminated (periods and numbers of an ended task do
 * not change).
 */
export type TaskBatchRefusal = BulkSkipReason | StartRefusal | 'terminated';

export interface TaskBatchItem {
  id: number;
  name: string;
  /** Moved / changed (true) or refused with `reason` (false). */
  done: boolean;
  reason?: TaskBatchRefusal;
  /** The task's status after the batch. */
  status: TaskStatus;
}

export interface TaskBatchMoveBody {
  action: TaskAction;
  requestId: string;
}

export interface TaskBatchReply {
  items: TaskBatchItem[];
  done: number;
  refused: number;
}

export interface TaskBatchPeriodsBody {
  callPeriods: string[];
  noCallPeriods: string[];
  requestId: string;
}

export interface TaskBatchImportItem extends TaskBatchItem {
  added: number;
  skipped: Record<AddSkipReason, number>;
}

export interface TaskBatchImportReply {
  items: TaskBatchImportItem[];
  done: number;
  refused: number;
  /** The numbers the file held (before classification). */
  lines: number;
  invalidSamples: string[];
}

/**
 * The task form's own period rules (validateTask, SPEC §5): call periods required, HH:mm-HH:mm, no
 * overlaps; no-call periods optional with the same format. Run on a form that is valid otherwise, so
 * only the periods can be at fault.
 */
export function periodProblems(
  callPeriods: string[],
  noCallPeriods: string[],
): { callPeriods?: TaskProblem; noCallPeriods?: TaskProblem } {
  const p = validateTask({
    ...emptyTaskInput('single', '2000-01-01'),
    name: 'batch',
    botId: 1,
    lineId: 1,
    callPeriods,
    noCallPeriods,
  });
  const out: { callPeriods?: TaskProblem; noCallPeriods?: TaskProblem } = {};
  if (p.callPeriods) out.callPeriods = p.callPeriods;
  if (p.noCallPeriods) out.noCallPeriods = p.noCallPeriods;
  return out;
}
