import type { TaskDto } from '../../../../domain/tasks';
import { initialTasksState, tasksActions as A, tasksReducer } from './slice';

const task = (id: number, status: TaskDto['status'] = 1) => ({ id, name: `t${id}`, status }) as TaskDto;

describe('tasks slice', () => {
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
    s = tasksReducer(s, A.bulkDone({ applied: [1], skipped: [{ id: 2, reason: 'notApplicable' }] }));
    expect(s.bulk).toEqual({
      pending: false,
      action: 'pause',
      reply: { applied: [1], skipped: [{ id: 2, reason: 'notApplicable' }] },
    });
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
