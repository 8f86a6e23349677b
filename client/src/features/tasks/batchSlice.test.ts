import type { TaskDto } from '../../../../domain/tasks';
import { failureOf, targetOf } from './batchSagas';
import { initialTaskBatchState, taskBatchActions as A, taskBatchReducer as reduce } from './batchSlice';
import { ApiError } from '../../api';

jest.mock('../../app/env', () => ({ API_BASE: '' }));

const task = (id: number) => ({ id, name: `t${id}` }) as TaskDto;
const loaded = reduce(initialTaskBatchState, A.listLoaded({ items: [task(1), task(2), task(3)], total: 40 }));

describe('batch selection', () => {
  it('acts on nothing, the ticked rows, or all filtered only when chosen', () => {
    expect(targetOf(loaded)).toBeNull();
    let s = reduce(loaded, A.toggled(2));
    s = reduce(s, A.toggled(3));
    expect(targetOf(s)).toEqual({ ids: [2, 3] });
    s = reduce(s, A.toggled(2));
    expect(targetOf(s)).toEqual({ ids: [3] });
    s = reduce(s, A.allFilteredChosen());
    expect(targetOf(s)).toEqual({ filter: { scope: 'own' } });
    // Any tick after "all filtered" goes back to the ticked rows.
    s = reduce(s, A.toggled(1));
    expect(targetOf(s)).toEqual({ ids: [3, 1] });
    s = reduce(s, A.allToggled(true));
    expect(targetOf(s)).toEqual({ ids: [1, 2, 3] });
    expect(targetOf(reduce(s, A.selectionCleared()))).toBeNull();
  });

  it('a new filter drops the selection and the all-filtered choice', () => {
    let s = reduce(loaded, A.toggled(1));
    s = reduce(s, A.allFilteredChosen());
    s = reduce(s, A.listRequested({ filters: { scope: 'all', name: 'x' }, page: 1 }));
    expect(s.selected).toEqual([]);
    expect(s.allFiltered).toBe(false);
    expect(targetOf(s)).toBeNull();
  });

  it('keeps one request id per opened dialog, until the batch is done', () => {
    let s = reduce(
      loaded,
      A.dialogOpened({ dialog: { kind: 'move', action: 'pause' }, requestId: 'abcdefgh1' }),
    );
    s = reduce(s, A.moveRequested());
    // Closing while the batch runs is ignored: the reply still lands in the result.
    expect(reduce(s, A.dialogClosed()).dialog).toEqual({ kind: 'move', action: 'pause' });
    s = reduce(s, A.batchFailed({ message: 'x', fieldErrors: {} }));
    expect(s.requestId).toBe('abcdefgh1');
    s = reduce(s, A.moveRequested());
    s = reduce(s, A.batchDone({ kind: 'move', action: 'pause', reply: { items: [], done: 0, refused: 0 } }));
    expect([s.dialog, s.requestId, s.result?.kind]).toEqual([null, null, 'move']);
  });

  it('explains a batch over the cap with the cap', () => {
    const e = new ApiError('bad', 400, 'envelope', { reason: 'tooMany', max: 200 });
    expect(failureOf(e).message).toMatch(/200/);
  });
});
