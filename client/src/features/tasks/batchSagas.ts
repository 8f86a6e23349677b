// The batch task page's side effects: the list (/api/tasks/batch), the bot filter's choices, and the
// three batches (start/pause/stop, call periods, a number file), each sent with its dialog's request
// id and acting on the ticked rows or, when chosen, on every task the filter matches.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { TaskListReply } from '../../../../domain/tasks';
import type { TaskBatchImportReply, TaskBatchReply, TaskBatchTarget } from '../../../../domain/taskBatch';
import { api, isApiError } from '../../api';
import { i18n } from '../../app/i18n';
import { takeFile } from '../../ui/uploads';
import {
  BATCH_PAGE_SIZE,
  selectTaskBatch,
  taskBatchActions as A,
  type PeriodsRequest,
  type TaskBatchState,
} from './batchSlice';

const BASE = '/api/tasks/batch';
const quiet = { successToast: false, onError: () => undefined };

/** What the batch acts on; null without a choice (the buttons are disabled then). */
export function targetOf(
  s: Pick<TaskBatchState, 'allFiltered' | 'selected' | 'filters'>,
): TaskBatchTarget | null {
  if (s.allFiltered) return { filter: s.filters };
  if (s.selected.length) return { ids: s.selected };
  return null;
}

/** A refusal of the whole batch: the cap, a field, or the server's message (404, 403 …). */
export function failureOf(e: unknown): { message: string; fieldErrors: Record<string, string> } {
  if (!isApiError(e)) return { message: e instanceof Error ? e.message : String(e), fieldErrors: {} };
  const fieldErrors: Record<string, string> = {};
  for (const f of e.fieldErrors) fieldErrors[f.path] ??= f.message;
  const data = e.data as { reason?: string; max?: number } | null;
  if (data?.reason === 'tooMany')
    return { message: i18n.t('tasks:batch.tooMany', { max: data.max }), fieldErrors };
  // A file's fault reads as itself ("the file has no numbers"); other fields show in their form.
  return { message: fieldErrors.file ?? e.message, fieldErrors };
}

export function* batchListSaga(): SagaIterator {
  const s = (yield select(selectTaskBatch)) as TaskBatchState;
  try {
    const data = (yield call(api.get, BASE, {
      query: { ...s.filters, page: s.page, pageSize: BATCH_PAGE_SIZE },
    })) as TaskListReply;
    yield put(A.listLoaded({ items: data.items, total: data.total }));
  } catch {
    yield put(A.listFailed());
  }
}

/** The bot filter's choices: the bots the account may dial with (the task form's options). */
export function* batchBotsSaga(): SagaIterator {
  try {
    const o = (yield call(api.get, '/api/tasks/options', { query: { kind: 'multi' } })) as {
      bots: { id: number; name: string }[];
    };
    yield put(A.botsLoaded(o.bots.map((b) => ({ id: b.id, name: b.name }))));
  } catch {
    // Shown by the client; the filter offers "any bot" only.
  }
}

function* send(run: (s: TaskBatchState, target: TaskBatchTarget) => unknown): SagaIterator {
  const s = (yield select(selectTaskBatch)) as TaskBatchState;
  const target = targetOf(s);
  if (!target || !s.requestId) {
    yield put(A.batchFailed({ message: i18n.t('common:selection.none'), fieldErrors: {} }));
    return;
  }
  try {
    yield call(run, s, target);
    yield put(A.selectionCleared());
    yield put(A.listRequested());
  } catch (e) {
    yield put(A.batchFailed(failureOf(e)));
  }
}

export function* batchMoveSaga(): SagaIterator {
  yield call(send, function* (s: TaskBatchState, target: TaskBatchTarget): SagaIterator {
    if (s.dialog?.kind !== 'move') return;
    const action = s.dialog.action;
    const reply = (yield call(
      api.post,
      `${BASE}/move`,
      { ...target, action, requestId: s.requestId },
      quiet,
    )) as TaskBatchReply;
    yield put(A.batchDone({ kind: 'move', action, reply }));
  });
}

export function* batchPeriodsSaga(action: PayloadAction<PeriodsRequest>): SagaIterator {
  yield call(send, function* (s: TaskBatchState, target: TaskBatchTarget): SagaIterator {
    const reply = (yield call(
      api.put,
      `${BASE}/periods`,
      { ...target, ...action.payload, requestId: s.requestId },
      quiet,
    )) as TaskBatchReply;
    yield put(A.batchDone({ kind: 'periods', reply }));
  });
}

export function* batchNumbersSaga(action: PayloadAction<{ fileKey: string }>): SagaIterator {
  const file = takeFile(action.payload.fileKey);
  yield call(send, function* (s: TaskBatchState, target: TaskBatchTarget): SagaIterator {
    if (!file) throw new Error(i18n.t('tasks:batch.numbers.noFile'));
    const form = new FormData();
    form.append('file', file);
    form.append('target', JSON.stringify(target));
    form.append('requestId', s.requestId!);
    const reply = (yield call(api.upload, `${BASE}/numbers`, form, quiet)) as TaskBatchImportReply;
    yield put(A.batchDone({ kind: 'numbers', reply }));
  });
}

export function* taskBatchSaga(): SagaIterator {
  yield takeLatest(A.listRequested, batchListSaga);
  yield takeLatest(A.pageOpened, batchBotsSaga);
  yield takeLatest(A.moveRequested, batchMoveSaga);
  yield takeLatest(A.periodsRequested, batchPeriodsSaga);
  yield takeLatest(A.numbersRequested, batchNumbersSaga);
}
