import { put, select } from 'redux-saga/effects';
import type { AddNumbersReply, TaskDto, TaskInput } from '../../../../domain/tasks';
import { api, ApiError } from '../../api';
import type { TaskBatchReply } from '../../../../domain/taskBatch';
import { bulkSaga, previewSaga, saveSaga } from './sagas';
import { initialTasksState, selectTasks, tasksActions as A } from './slice';

jest.mock('../../app/env', () => ({ API_BASE: '' }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const callOf = (effect: any) => effect.payload as { fn: unknown; args: unknown[] };
const input = { name: '任务', kind: 'single' } as TaskInput;
const reply: AddNumbersReply = {
  added: 2,
  skipped: { invalid: 1, duplicate: 1, blacklisted: 0, exists: 0 },
  invalidSamples: ['12345'],
  counts: { pending: 2, claimed: 0, done: 0, skipped: 0, total: 2 },
};

describe('saveSaga with the numbers step', () => {
  const numbers = { source: 'text' as const, text: '13800000001' };

  it('creates the task, then adds its numbers and keeps what they came to', () => {
    const g = saveSaga(A.saveRequested({ id: null, input, numbers }));
    const create = callOf(g.next().value);
    expect(create.fn).toBe(api.post);
    expect(create.args[0]).toBe('/api/tasks');
    expect(create.args[1]).toMatchObject({ name: '任务', requestId: expect.any(String) });
    const add = callOf(g.next({ id: 7, name: '任务' } as TaskDto).value);
    expect(add.args).toEqual([7, numbers]);
    expect(g.next(reply).value).toEqual(put(A.createdNumbers({ name: '任务', reply, error: null })));
    expect(g.next().value).toEqual(put(A.saved()));
    expect(g.next().value).toEqual(put(A.listRequested()));
  });

  it('says why the numbers were not added; the task stays created', () => {
    const g = saveSaga(A.saveRequested({ id: null, input, numbers }));
    g.next();
    g.next({ id: 8, name: '任务' } as TaskDto);
    const failed = new ApiError('Invalid request', 400, 'envelope', {
      errors: [{ path: 'file', message: 'the file has no numbers' }],
    });
    expect(g.throw(failed).value).toEqual(
      put(A.createdNumbers({ name: '任务', reply: null, error: 'the file has no numbers' })),
    );
    expect(g.next().value).toEqual(put(A.saved()));
  });

  it('an edit sends no numbers', () => {
    const g = saveSaga(A.saveRequested({ id: 3, input, numbers }));
    expect(callOf(g.next().value).fn).toBe(api.put);
    expect(g.next().value).toEqual(put(A.saved()));
  });
});

describe('previewSaga', () => {
  it('previews a pasted list for a task not created yet', () => {
    const numbers = { source: 'text' as const, text: '13800000001' };
    const g = previewSaga(A.previewRequested({ taskId: null, numbers }));
    const c = callOf(g.next().value);
    expect([c.fn, c.args[0], c.args[1]]).toEqual([api.post, '/api/tasks/numbers/preview', numbers]);
    const r = { toAdd: 1, skipped: reply.skipped, invalidSamples: [] };
    expect(g.next(r).value).toEqual(put(A.previewLoaded(r)));
  });
});

describe('bulkSaga', () => {
  const state = { ...initialTasksState, selected: [4, 2] };

  it('sends the ticked tasks to the batch move as the AI-task page, then reads the list again', () => {
    const g = bulkSaga(A.bulkRequested('pause'));
    expect(g.next().value).toEqual(select(selectTasks));
    const c = callOf(g.next(state).value);
    expect([c.fn, c.args[0]]).toEqual([api.post, '/api/tasks/batch/move']);
    expect(c.args[1]).toEqual({ action: 'pause', ids: [4, 2], requestId: expect.any(String), page: 'tasks' });
    const reply: TaskBatchReply = {
      items: [{ id: 2, name: 'b', done: true, status: 0 }],
      done: 1,
      refused: 0,
    };
    expect(g.next(reply).value).toEqual(put(A.bulkDone(reply)));
    expect(g.next().value).toEqual(put(A.listRequested()));
  });

  it('a refused batch (a task gone meanwhile: 404) ends the wait and reads the list again', () => {
    const g = bulkSaga(A.bulkRequested('start'));
    g.next();
    g.next(state);
    expect(g.throw(new ApiError('Not found', 404, 'envelope', null)).value).toEqual(put(A.bulkFailed()));
    expect(g.next().value).toEqual(put(A.listRequested()));
  });
});
