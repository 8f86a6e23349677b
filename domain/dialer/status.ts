// Task status codes, the display reading, and the one table of allowed transitions (SPEC §4).

/** Call task status codes (SPEC §4, code list). Values are exact. */
export const TaskStatus = {
  UserPaused: 0,
  NotStarted: 1,
  Running: 2,
  Queued: 4,
  SystemSuspended: 12,
  ArrearsPaused: 13,
  Terminated: 100,
} as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];
export const TASK_STATUSES: readonly TaskStatus[] = [0, 1, 2, 4, 12, 13, 100];

/**
 * The statuses the dial scheduler works on: running 2 and queued 4 (SPEC §4). The one definition:
 * SQL reaches it through server/src/db/dialable.ts, code through isDialableStatus.
 */
export const DIALABLE_STATUSES: readonly TaskStatus[] = [TaskStatus.Running, TaskStatus.Queued];

/** True for a task the dial scheduler may dial (or is about to): running or queued. */
export const isDialableStatus = (status: number): boolean =>
  (DIALABLE_STATUSES as readonly number[]).includes(status);

/** Task run state (SPEC §4, display reading). Only shown when the task's active flag is on. */
export const RunState = { Paused: 0, New: 1, InProgress: 2, OutsideHours: 3, Completed: 10 } as const;
export type RunState = (typeof RunState)[keyof typeof RunState];
export const RUN_STATES: readonly RunState[] = [0, 1, 2, 3, 10];

/**
 * SPEC §4 speaks of "system-paused" tasks in the bulk rules but the code list has no such code.
 * "System suspended (system hung up)" is named separately as 12, so the only remaining pause the
 * system (not the user) imposes is the arrears pause 13: we read "system-paused" as 13.
 * Change this one list if product decides otherwise.
 */
export const SYSTEM_PAUSED_STATUSES: readonly TaskStatus[] = [TaskStatus.ArrearsPaused];

/** Who asks for a transition: the merchant, the call-result path, the dial scheduler, billing. */
export type Actor = 'user' | 'system' | 'scheduler' | 'billing';

export type TaskAction =
  | 'start' // user: first start, or start again after any pause/suspension -> queued
  | 'dispatch' // scheduler: takes a queued task and begins dialing -> running
  | 'pause' // user -> user paused
  | 'stop' // user or system: terminate for good
  | 'suspend' // system: N consecutive not-connected results -> system suspended
  | 'faultPause' // system: its line is at fault or no switch has its bot's recognizer -> system suspended
  | 'arrearsPause' // billing: balance exhausted -> paused for arrears
  | 'recharged' // billing: balance back after a recharge -> queued again
  | 'complete' // scheduler: no numbers and no redials left -> terminated, run state completed
  | 'leaveWindow' // scheduler: running, call window closed -> outside call hours
  | 'enterWindow'; // scheduler: running, call window open again -> in progress

/** The task's active flag as the API or the database gives it. */
export type ActiveFlag = boolean | 0 | 1;

export interface TaskState {
  status: TaskStatus;
  runState: RunState;
  /** The task's active flag; false/0 shows "invalid" and refuses every transition. Absent = active. */
  active?: ActiveFlag;
}

interface Rule {
  action: TaskAction;
  from: readonly TaskStatus[];
  /** Only from these run states (when absent: any). */
  fromRunState?: readonly RunState[];
  to: TaskStatus;
  /** The run state after the transition; 'window' = in progress or outside hours by the call window. */
  runState: RunState | 'window';
  by: readonly Actor[];
}

const S = TaskStatus;
const R = RunState;

/** Every allowed transition. Anything not listed is refused. */
export const TRANSITIONS: readonly Rule[] = [
  {
    action: 'start',
    from: [S.NotStarted, S.UserPaused, S.SystemSuspended, S.ArrearsPaused],
    to: S.Queued,
    runState: R.New,
    by: ['user'],
  },
  { action: 'dispatch', from: [S.Queued], to: S.Running, runState: 'window', by: ['scheduler'] },
  {
    action: 'pause',
    from: [S.Queued, S.Running, S.ArrearsPaused],
    to: S.UserPaused,
    runState: R.Paused,
    by: ['user'],
  },
  {
    action: 'stop',
    from: [S.NotStarted, S.Queued, S.Running, S.UserPaused, S.SystemSuspended, S.ArrearsPaused],
    to: S.Terminated,
    runState: R.Completed,
    by: ['user', 'system'],
  },
  { action: 'suspend', from: [S.Running], to: S.SystemSuspended, runState: R.Paused, by: ['system'] },
  // Issue 20: numbers are given back instead of burnt; the merchant starts it again once fixed.
  {
    action: 'faultPause',
    from: [S.Queued, S.Running],
    to: S.SystemSuspended,
    runState: R.Paused,
    by: ['system'],
  },
  {
    action: 'arrearsPause',
    from: [S.Queued, S.Running],
    to: S.ArrearsPaused,
    runState: R.Paused,
    by: ['billing'],
  },
  { action: 'recharged', from: [S.ArrearsPaused], to: S.Queued, runState: R.New, by: ['billing'] },
  { action: 'complete', from: [S.Running], to: S.Terminated, runState: R.Completed, by: ['scheduler'] },
  {
    action: 'leaveWindow',
    from: [S.Running],
    fromRunState: [R.InProgress],
    to: S.Running,
    runState: R.OutsideHours,
    by: ['scheduler'],
  },
  {
    action: 'enterWindow',
    from: [S.Running],
    fromRunState: [R.OutsideHours],
    to: S.Running,
    runState: R.InProgress,
    by: ['scheduler'],
  },
];

const isActive = (t: { active?: ActiveFlag }): boolean => t.active !== false && t.active !== 0;

function ruleMatchesFrom(rule: Rule, from: TaskState): boolean {
  return rule.from.includes(from.status) && (!rule.fromRunState || rule.fromRunState.includes(from.runState));
}

function targetRunStates(rule: Rule): readonly RunState[] {
  return rule.runState === 'window' ? [R.InProgress, R.OutsideHours] : [rule.runState];
}

/** Whether `by` may move a task from one (status, run state) to another in one step. */
export function canTransition(from: TaskState, to: TaskState, by: Actor): boolean {
  if (!isActive(from)) return false;
  return TRANSITIONS.some(
    (r) =>
      r.by.includes(by) &&
      ruleMatchesFrom(r, from) &&
      r.to === to.status &&
      targetRunStates(r).includes(to.runState),
  );
}

export type TransitionError = 'inactive' | 'notAllowed';

/**
 * The state after `action` by `by`, or why it is refused. `insideWindow` decides the run state when
 * the scheduler dispatches a queued task (default true = in progress).
 */
export function transition(
  task: TaskState,
  action: TaskAction,
  by: Actor,
  opts: { insideWindow?: boolean } = {},
): { status: TaskStatus; runState: RunState } | { error: TransitionError } {
  if (!isActive(task)) return { error: 'inactive' };
  const rule = TRANSITIONS.find((r) => r.action === action && r.by.includes(by) && ruleMatchesFrom(r, task));
  if (!rule) return { error: 'notAllowed' };
  const runState =
    rule.runState === 'window'
      ? opts.insideWindow === false
        ? R.OutsideHours
        : R.InProgress
      : rule.runState;
  return { status: rule.to, runState };
}

// ---- bulk actions ----

export type BulkAction = 'pause' | 'start';

/** SPEC §4: bulk pause only for queuing, in-progress and system-paused tasks. */
export const BULK_PAUSE_STATUSES: readonly TaskStatus[] = [S.Queued, S.Running, ...SYSTEM_PAUSED_STATUSES];
/** SPEC §4: bulk start only for not started, user paused, system paused and system suspended tasks. */
export const BULK_START_STATUSES: readonly TaskStatus[] = [
  S.NotStarted,
  S.UserPaused,
  ...SYSTEM_PAUSED_STATUSES,
  S.SystemSuspended,
];

export function bulkApplicable(action: BulkAction, status: TaskStatus): boolean {
  return (action === 'pause' ? BULK_PAUSE_STATUSES : BULK_START_STATUSES).includes(status);
}

export type BulkSkipReason = 'inactive' | 'notApplicable';

/** Splits a bulk selection into the ids to act on and the ones skipped, keeping the input order. */
export function splitBulk<Id extends string | number>(
  action: BulkAction,
  tasks: readonly { id: Id; status: TaskStatus; active?: ActiveFlag }[],
): { apply: Id[]; skip: { id: Id; reason: BulkSkipReason }[] } {
  const apply: Id[] = [];
  const skip: { id: Id; reason: BulkSkipReason }[] = [];
  for (const t of tasks) {
    if (!isActive(t)) skip.push({ id: t.id, reason: 'inactive' });
    else if (!bulkApplicable(action, t.status)) skip.push({ id: t.id, reason: 'notApplicable' });
    else apply.push(t.id);
  }
  return { apply, skip };
}

// ---- display (i18n keys, never text) ----

export const STATUS_LABEL_KEYS: Readonly<Record<TaskStatus, string>> = {
  0: 'task.status.userPaused',
  1: 'task.status.notStarted',
  2: 'task.status.running',
  4: 'task.status.queued',
  12: 'task.status.systemSuspended',
  13: 'task.status.arrearsPaused',
  100: 'task.status.terminated',
};

export const RUN_STATE_LABEL_KEYS: Readonly<Record<RunState, string>> = {
  0: 'task.runState.paused',
  1: 'task.runState.new',
  2: 'task.runState.inProgress',
  3: 'task.runState.outsideHours',
  10: 'task.runState.completed',
};

export const INVALID_LABEL_KEY = 'task.runState.invalid';

export const statusLabelKey = (s: TaskStatus): string => STATUS_LABEL_KEYS[s];

/** The run-state reading: an inactive task (flag 0) shows invalid, otherwise its run state. */
export function runStateLabelKey(t: { active?: ActiveFlag; runState: RunState }): string {
  return isActive(t) ? RUN_STATE_LABEL_KEYS[t.runState] : INVALID_LABEL_KEY;
}

/**
 * The run-state reading only where it tells more than the status beside it (one "状态" column):
 * invalid (flag 0) or outside call hours. Running/in progress, paused/paused, queued/new and
 * terminated/completed say the same thing twice, so null.
 */
export function runStateNoteKey(t: { active?: ActiveFlag; runState: RunState }): string | null {
  if (!isActive(t)) return INVALID_LABEL_KEY;
  return t.runState === RunState.OutsideHours ? RUN_STATE_LABEL_KEYS[t.runState] : null;
}
