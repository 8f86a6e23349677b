import type { TaskDto } from '../../../../domain/tasks';
import type { TaskProgressEvent } from '../../../../domain/events';
import type { OverviewRow } from '../../../../domain/tasks';
import { countsOf, initialTasksState, tasksActions as A, tasksReducer } from './slice';

const task = (id: number, status: TaskDto['status'] = 1) => ({ id, name: `t${id}`, status }) as TaskDto;

describe('tasks slice', () => {
  it('keeps the count preview until the choice changes or numbers are added; a new editor starts clean', () => {
    const reply = {
      toAdd: 2,
      skipped: { invalid: 1, duplicate: 1, blacklisted: 0, exists: 0 },
      invalidSamples: ['1'],
    };
    let s = tasksReducer(
      initialTasksState,
      A.previewRequested({ taskId: null, numbers: { source: 'text', text: 'x' } }),
    );
    expect(s.preview).toEqual({ pending: true, reply: null, error: null });
    s = tasksReducer(s, A.previewLoaded(reply));
    expect(s.preview.reply).toEqual(reply);
    s = tasksReducer(s, A.previewCleared());
    expect(s.preview.reply).toBeNull();
    s = tasksReducer(s, A.previewFailed('the file has no numbers'));
    expect(s.preview).toEqual({ pending: false, reply: null, error: 'the file has no numbers' });
    s = tasksReducer(s, A.editorOpened(null));
    expect(s.preview.error).toBeNull();
    s = tasksReducer(s, A.previewLoaded(reply));
    const counts = { pending: 2, claimed: 0, done: 0, skipped: 0, total: 2 };
    s = tasksReducer(s, A.numbersAdded({ added: 2, skipped: reply.skipped, invalidSamples: [], counts }));
    expect(s.preview.reply).toBeNull();
  });

  it("records what a new task's numbers came to, until dismissed", () => {
    const reply = {
      added: 1,
      skipped: { invalid: 0, duplicate: 0, blacklisted: 1, exists: 0 },
      invalidSamples: [],
      counts: { pending: 1, claimed: 0, done: 0, skipped: 0, total: 1 },
    };
    let s = tasksReducer(initialTasksState, A.createdNumbers({ name: '甲', reply, error: null }));
    expect(s.created).toEqual({ name: '甲', reply, error: null });
    s = tasksReducer(s, A.createdDismissed());
    expect(s.created).toBeNull();
  });

  it('keeps filters and page, and drops selections of tasks no longer listed', () => {
    let s = tasksReducer(
      initialTasksState,
      A.listRequested({ filters: { scope: 'all', name: 'x' }, page: 2 }),
    );
    expect(s.filters).toEqual({ scope: 'all', name: 'x' });
    expect(s.page).toBe(2);
    s = tasksReducer(s, A.listLoaded({ items: [task(1), task(2)], total: 2 }));
    s = tasksReducer(s, A.toggleSelected(1));
    s = tasksReducer(s, A.toggleSelected(2));
    s = tasksReducer(s, A.toggleSelected(2));
    expect(s.selected).toEqual([1]);
    s = tasksReducer(s, A.listLoaded({ items: [task(2)], total: 1 }));
    expect(s.selected).toEqual([]);
  });

  it('records a bulk reply and clears the selection; a new kind starts fresh', () => {
    let s = tasksReducer(initialTasksState, A.listLoaded({ items: [task(1, 4), task(2)], total: 2 }));
    s = tasksReducer(s, A.selectAll(true));
    s = tasksReducer(s, A.bulkRequested('pause'));
    const reply = {
      items: [
        { id: 1, name: 't1', done: true, status: 0 as const },
        { id: 2, name: 't2', done: false, reason: 'notApplicable' as const, status: 1 as const },
      ],
      done: 1,
      refused: 1,
    };
    s = tasksReducer(s, A.bulkDone(reply));
    expect(s.bulk).toEqual({ pending: false, action: 'pause', reply });
    expect(s.selected).toEqual([]);
    s = tasksReducer(s, A.taskUpdated({ ...task(1), status: 0 }));
    expect(s.list.items[0]!.status).toBe(0);
    s = tasksReducer(s, A.pageOpened('multi'));
    expect(s.list.items).toEqual([]);
    expect(s.bulk.reply).toBeNull();
  });

  it('keeps save errors per field and the add-numbers reply', () => {
    let s = tasksReducer(initialTasksState, A.editorOpened(null));
    s = tasksReducer(s, A.saveRequested({ id: null, input: {} as never }));
    s = tasksReducer(s, A.saveFailed({ message: 'bad', fieldErrors: { robots: 'too many' } }));
    expect(s.editor).toMatchObject({ open: true, saving: false, serverErrors: { robots: 'too many' } });
    s = tasksReducer(s, A.detailOpened(5));
    const counts = { pending: 1, claimed: 0, done: 0, skipped: 0, total: 1 };
    s = tasksReducer(
      s,
      A.numbersAdded({
        added: 1,
        skipped: { invalid: 1, duplicate: 0, blacklisted: 0, exists: 0 },
        invalidSamples: ['x'],
        counts,
      }),
    );
    expect(s.detail).toMatchObject({ id: 5, adding: false, counts });
  });
});

describe('live run overview', () => {
  const progress = (over: Partial<TaskProgressEvent>): TaskProgressEvent => ({
    taskId: 3,
    accountId: 2,
    status: 2,
    runState: 2,
    dialed: 4,
    connected: 1,
    grades: { A: 1, B: 0, C: 0, D: 0, E: 0, F: 0 },
    notConnected: { 67: 3 },
    notConnectedTotal: 3,
    skipped: 1,
    inProgress: 2,
    remaining: 3,
    pendingRedials: 1,
    eta: null,
    held: null,
    at: '2026-11-23T01:00:01.000Z',
    ...over,
  });
  const row = {
    id: 3,
    name: 't3',
    kind: 'single',
    ownerAccount: 'merchant01',
    status: 4,
    runState: 1,
    active: true,
    robots: 2,
    counts: { pending: 10, claimed: 0, done: 0, skipped: 0, total: 10 },
  } as OverviewRow;

  it('updates the overview row, the list item and the counts from task:progress', () => {
    let s = tasksReducer(initialTasksState, A.overviewLoaded([row]));
    s = tasksReducer(
      s,
      A.listLoaded({ items: [{ ...task(3, 4), counts: row.counts } as TaskDto], total: 1 }),
    );
    s = tasksReducer(s, A.progressReceived(progress({})));
    expect(s.overview.items[0]).toMatchObject({ status: 2, runState: 2, progress: { dialed: 4 } });
    expect(s.overview.items[0]!.counts).toEqual({ pending: 4, claimed: 2, skipped: 1, done: 3, total: 10 });
    expect(s.list.items[0]).toMatchObject({ status: 2, runState: 2 });
  });

  it('ignores an older event than the one shown, and events of tasks not listed', () => {
    let s = tasksReducer(initialTasksState, A.overviewLoaded([row]));
    s = tasksReducer(s, A.progressReceived(progress({ dialed: 6 })));
    s = tasksReducer(s, A.progressReceived(progress({ dialed: 5, at: '2026-11-23T01:00:00.000Z' })));
    expect(s.overview.items[0]!.progress!.dialed).toBe(6);
    const before = s;
    s = tasksReducer(s, A.progressReceived(progress({ taskId: 99 })));
    expect(s.overview).toEqual(before.overview);
  });

  it('countsOf never reports negative done numbers', () => {
    expect(countsOf(progress({ remaining: 20 }), 10).done).toBe(0);
  });
});
