import {
  DIALABLE_STATUSES,
  isDialableStatus,
  type Actor,
  type TaskAction,
  type TaskState,
  BULK_PAUSE_STATUSES,
  BULK_START_STATUSES,
  INVALID_LABEL_KEY,
  RUN_STATES,
  RunState,
  TASK_STATUSES,
  TRANSITIONS,
  TaskStatus,
  bulkApplicable,
  canTransition,
  runStateLabelKey,
  runStateNoteKey,
  splitBulk,
  statusLabelKey,
  transition,
} from './status';

const S = TaskStatus;
const R = RunState;
const st = (status: TaskStatus, runState: RunState): TaskState => ({ status, runState });

describe('codes', () => {
  it('match SPEC §4', () => {
    expect(S).toEqual({
      UserPaused: 0,
      NotStarted: 1,
      Running: 2,
      Queued: 4,
      SystemSuspended: 12,
      ArrearsPaused: 13,
      Terminated: 100,
    });
    expect(R).toEqual({ Paused: 0, New: 1, InProgress: 2, OutsideHours: 3, Completed: 10 });
  });
  it('every status and run state has an i18n key', () => {
    for (const s of TASK_STATUSES) expect(statusLabelKey(s)).toMatch(/^task\.status\.[a-zA-Z]+$/);
    for (const r of RUN_STATES)
      expect(runStateLabelKey({ runState: r })).toMatch(/^task\.runState\.[a-zA-Z]+$/);
    expect(statusLabelKey(S.NotStarted)).toBe('task.status.notStarted');
    expect(new Set(TASK_STATUSES.map(statusLabelKey)).size).toBe(TASK_STATUSES.length);
  });
  it('an inactive task shows invalid', () => {
    expect(runStateLabelKey({ active: 0, runState: R.InProgress })).toBe(INVALID_LABEL_KEY);
    expect(runStateLabelKey({ active: false, runState: R.New })).toBe('task.runState.invalid');
    expect(runStateLabelKey({ active: 1, runState: R.OutsideHours })).toBe('task.runState.outsideHours');
  });
  it('beside the status, the run state shows only when it says more (issue 23: no 进行中 twice)', () => {
    for (const r of [R.Paused, R.New, R.InProgress, R.Completed])
      expect(runStateNoteKey({ runState: r })).toBeNull();
    expect(runStateNoteKey({ active: true, runState: R.OutsideHours })).toBe('task.runState.outsideHours');
    expect(runStateNoteKey({ active: 0, runState: R.InProgress })).toBe(INVALID_LABEL_KEY);
  });
});

describe('transition', () => {
  const cases: [TaskState, TaskAction, Actor, TaskState][] = [
    [st(S.NotStarted, R.New), 'start', 'user', st(S.Queued, R.New)],
    [st(S.UserPaused, R.Paused), 'start', 'user', st(S.Queued, R.New)],
    [st(S.SystemSuspended, R.Paused), 'start', 'user', st(S.Queued, R.New)],
    [st(S.ArrearsPaused, R.Paused), 'start', 'user', st(S.Queued, R.New)],
    [st(S.Queued, R.New), 'dispatch', 'scheduler', st(S.Running, R.InProgress)],
    [st(S.Running, R.InProgress), 'pause', 'user', st(S.UserPaused, R.Paused)],
    [st(S.Queued, R.New), 'pause', 'user', st(S.UserPaused, R.Paused)],
    [st(S.Running, R.OutsideHours), 'stop', 'user', st(S.Terminated, R.Completed)],
    [st(S.Running, R.InProgress), 'suspend', 'system', st(S.SystemSuspended, R.Paused)],
    [st(S.Running, R.InProgress), 'arrearsPause', 'billing', st(S.ArrearsPaused, R.Paused)],
    [st(S.ArrearsPaused, R.Paused), 'recharged', 'billing', st(S.Queued, R.New)],
    [st(S.Running, R.InProgress), 'complete', 'scheduler', st(S.Terminated, R.Completed)],
    [st(S.Running, R.InProgress), 'leaveWindow', 'scheduler', st(S.Running, R.OutsideHours)],
    [st(S.Running, R.OutsideHours), 'enterWindow', 'scheduler', st(S.Running, R.InProgress)],
  ];
  it.each(cases)('%o %s by %s', (from, action, by, to) => {
    expect(transition(from, action, by)).toEqual(to);
    expect(canTransition(from, to, by)).toBe(true);
  });
  it('dispatches outside hours when the window is closed', () => {
    expect(transition(st(S.Queued, R.New), 'dispatch', 'scheduler', { insideWindow: false })).toEqual(
      st(S.Running, R.OutsideHours),
    );
  });
  it('refuses the wrong actor or the wrong state', () => {
    expect(transition(st(S.NotStarted, R.New), 'start', 'scheduler')).toEqual({ error: 'notAllowed' });
    expect(transition(st(S.Running, R.InProgress), 'suspend', 'user')).toEqual({ error: 'notAllowed' });
    expect(transition(st(S.Terminated, R.Completed), 'start', 'user')).toEqual({ error: 'notAllowed' });
    expect(transition(st(S.Terminated, R.Completed), 'stop', 'user')).toEqual({ error: 'notAllowed' });
    expect(transition(st(S.Running, R.OutsideHours), 'leaveWindow', 'scheduler')).toEqual({
      error: 'notAllowed',
    });
    expect(transition(st(S.UserPaused, R.Paused), 'recharged', 'billing')).toEqual({ error: 'notAllowed' });
    expect(transition({ ...st(S.NotStarted, R.New), active: false }, 'start', 'user')).toEqual({
      error: 'inactive',
    });
    expect(canTransition(st(S.Running, R.InProgress), st(S.Running, R.InProgress), 'scheduler')).toBe(false);
    expect(canTransition(st(S.Terminated, R.Completed), st(S.Queued, R.New), 'user')).toBe(false);
  });
  it('terminated is final and every transition in the table agrees with canTransition', () => {
    expect(TRANSITIONS.some((r) => r.from.includes(S.Terminated))).toBe(false);
    for (const from of TASK_STATUSES)
      for (const rs of RUN_STATES)
        for (const rule of TRANSITIONS)
          for (const by of rule.by) {
            const r = transition(st(from, rs), rule.action, by);
            if ('error' in r) continue;
            expect(canTransition(st(from, rs), r, by)).toBe(true);
          }
  });
});

describe('bulk', () => {
  it('follows SPEC §4 exactly (system-paused read as arrears 13)', () => {
    expect([...BULK_PAUSE_STATUSES].sort((a, b) => a - b)).toEqual([2, 4, 13]);
    expect([...BULK_START_STATUSES].sort((a, b) => a - b)).toEqual([0, 1, 12, 13]);
    expect(TASK_STATUSES.filter((s) => bulkApplicable('pause', s))).toEqual([2, 4, 13]);
    expect(TASK_STATUSES.filter((s) => bulkApplicable('start', s))).toEqual([0, 1, 12, 13]);
  });
  it('every bulk-applicable status has the single transition too', () => {
    for (const s of BULK_PAUSE_STATUSES)
      expect(transition(st(s, R.InProgress), 'pause', 'user')).not.toHaveProperty('error');
    for (const s of BULK_START_STATUSES)
      expect(transition(st(s, R.Paused), 'start', 'user')).not.toHaveProperty('error');
  });
  it('splits a selection keeping order', () => {
    const tasks = [
      { id: 'a', status: S.Running },
      { id: 'b', status: S.NotStarted },
      { id: 'c', status: S.Queued, active: 0 as const },
      { id: 'd', status: S.ArrearsPaused },
      { id: 'e', status: S.Terminated },
    ];
    expect(splitBulk('pause', tasks)).toEqual({
      apply: ['a', 'd'],
      skip: [
        { id: 'b', reason: 'notApplicable' },
        { id: 'c', reason: 'inactive' },
        { id: 'e', reason: 'notApplicable' },
      ],
    });
    expect(splitBulk('start', tasks).apply).toEqual(['b', 'd']);
  });
});

describe('dialable statuses', () => {
  it('are running and queued, and nothing else', () => {
    expect(DIALABLE_STATUSES).toEqual([2, 4]);
    expect(TASK_STATUSES.filter(isDialableStatus)).toEqual([2, 4]);
  });
});
