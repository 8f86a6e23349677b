// AI task side effects: list (with filters), options, save (field errors in the form), copy,
// transitions (a refusal is explained by its reason), typed delete, bulk start/pause, the drawer's
// numbers and status log, and the run overview.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type {
  AddNumbersReply,
  NumberSources,
  NumbersPreviewReply,
  OverviewRow,
  StatusLogDto,
  TaskAction,
  TaskDto,
  TaskInput,
  TaskListReply,
  TaskNumbersReply,
} from '../../../../domain/tasks';
import type { TaskBatchReply } from '../../../../domain/taskBatch';
import { api, isApiError } from '../../api';
import { i18n } from '../../app/i18n';
import { newRequestId } from '../../app/requestId';
import { showToast } from '../../ui/toaster';
import { PAGE_SIZE, selectTasks, tasksActions as A, type AddNumbersRequest, type TasksState } from './slice';

const BASE = '/api/tasks';
const quiet = { onError: () => undefined };

export function failureOf(e: unknown): {
  message: string;
  fieldErrors: Record<string, string>;
  reason?: string;
} {
  if (!isApiError(e)) return { message: e instanceof Error ? e.message : String(e), fieldErrors: {} };
  const fieldErrors: Record<string, string> = {};
  for (const f of e.fieldErrors) fieldErrors[f.path] ??= f.message;
  const reason = (e.data as { reason?: string } | null)?.reason;
  return { message: e.message, fieldErrors, reason };
}

/** A refusal with a known reason reads as that reason; anything else as the server's message. */
function explain(e: unknown): string {
  const f = failureOf(e);
  return f.reason ? i18n.t(`tasks:reasons.${f.reason}`) : f.message;
}

export function* listSaga(): SagaIterator {
  const s = (yield select(selectTasks)) as TasksState;
  try {
    const data = (yield call(api.get, BASE, {
      query: { kind: s.kind, ...s.filters, page: s.page, pageSize: PAGE_SIZE },
    })) as TaskListReply;
    yield put(A.listLoaded({ items: data.items, total: data.total }));
  } catch {
    yield put(A.listFailed());
  }
}

export function* optionsSaga(): SagaIterator {
  const s = (yield select(selectTasks)) as TasksState;
  try {
    yield put(A.optionsLoaded(yield call(api.get, `${BASE}/options`, { query: { kind: s.kind } })));
  } catch {
    // Shown by the client.
  }
}

// One idempotency key per opened "new task" editor: a double submit makes one task.
let pendingRequestId: string | null = null;

/** Adds numbers to a task: a file as multipart (txt/csv/xls/xlsx), the rest as JSON. */
function* postNumbers(id: number, r: AddNumbersRequest, preview = false): SagaIterator {
  const opts = { ...quiet, successToast: false };
  const base = `${BASE}/${id}/numbers${preview ? '/preview' : ''}`;
  if (r.source !== 'file') return yield call(api.post, base, r, opts);
  const form = new FormData();
  form.append('file', r.file);
  return yield call(api.upload, `${base}/upload`, form, opts);
}

/** The first field error (a file's reason) or the refusal explained. */
const addFailure = (e: unknown): string => {
  const f = failureOf(e);
  return Object.values(f.fieldErrors)[0] ?? explain(e);
};

export function* saveSaga(
  action: PayloadAction<{ id: number | null; input: TaskInput; numbers?: AddNumbersRequest | null }>,
): SagaIterator {
  const { id, input, numbers } = action.payload;
  let created: TaskDto | null = null;
  try {
    if (id === null) {
      pendingRequestId ??= newRequestId();
      created = (yield call(api.post, BASE, { ...input, requestId: pendingRequestId }, quiet)) as TaskDto;
    } else yield call(api.put, `${BASE}/${id}`, input, quiet);
    pendingRequestId = null;
  } catch (e) {
    yield put(A.saveFailed(failureOf(e)));
    return;
  }
  // The task exists: its numbers are added now (a repeated add of the same numbers adds nothing).
  if (created && numbers) {
    try {
      const reply = (yield call(postNumbers, created.id, numbers)) as AddNumbersReply;
      yield put(A.createdNumbers({ name: created.name, reply, error: null }));
    } catch (e) {
      yield put(A.createdNumbers({ name: created.name, reply: null, error: addFailure(e) }));
    }
  }
  yield put(A.saved());
  yield put(A.listRequested());
}

/** The count preview: what an add of these numbers would do (taskId null: a task about to be created). */
export function* previewSaga(
  action: PayloadAction<{ taskId: number | null; numbers: AddNumbersRequest }>,
): SagaIterator {
  const { taskId, numbers } = action.payload;
  try {
    let reply: NumbersPreviewReply;
    if (taskId !== null) reply = (yield call(postNumbers, taskId, numbers, true)) as NumbersPreviewReply;
    else if (numbers.source === 'file') {
      const form = new FormData();
      form.append('file', numbers.file);
      reply = (yield call(api.upload, `${BASE}/numbers/preview/upload`, form, {
        ...quiet,
        successToast: false,
      })) as NumbersPreviewReply;
    } else
      reply = (yield call(api.post, `${BASE}/numbers/preview`, numbers, {
        ...quiet,
        successToast: false,
      })) as NumbersPreviewReply;
    yield put(A.previewLoaded(reply));
  } catch (e) {
    yield put(A.previewFailed(addFailure(e)));
  }
}

export function* sourcesSaga(): SagaIterator {
  try {
    yield put(A.sourcesLoaded((yield call(api.get, `${BASE}/numbers/sources`)) as NumberSources));
  } catch {
    // Shown by the client; the picker works without tags and batches.
  }
}

/** A fresh editor is a fresh create (new idempotency key), with the bots and lines as they are now. */
function* editorOpenedSaga(): SagaIterator {
  pendingRequestId = null;
  yield call(optionsSaga);
}

export function* copySaga(action: PayloadAction<number>): SagaIterator {
  try {
    yield call(api.post, `${BASE}/${action.payload}/copy`, {});
    yield put(A.listRequested());
  } catch {
    // Shown by the client.
  }
}

export function* actionSaga(action: PayloadAction<{ id: number; action: TaskAction }>): SagaIterator {
  const { id } = action.payload;
  try {
    const task = (yield call(
      api.post,
      `${BASE}/${id}/${action.payload.action}`,
      {},
      {
        onError: (e) => void showToast('error', explain(e)),
      },
    )) as TaskDto;
    yield put(A.taskUpdated(task));
    const s = (yield select(selectTasks)) as TasksState;
    if (s.detail.id === id) yield call(loadLog, id);
  } catch {
    // Explained by the toast.
  }
}

export function* deleteSaga(action: PayloadAction<string>): SagaIterator {
  const s = (yield select(selectTasks)) as TasksState;
  const id = s.deleting.id;
  if (!id) return;
  try {
    yield call(api.delete, `${BASE}/${id}`, { body: { confirm: action.payload }, ...quiet });
    yield put(A.deleteClosed());
    yield put(A.listRequested());
  } catch (e) {
    yield put(A.deleteFailed(explain(e)));
  }
}

/**
 * Bulk start/pause of the ticked tasks: the batch move (/api/tasks/batch/move, page 'tasks'), one
 * request id per click. A task no longer in reach (deleted meanwhile) refuses the whole batch; the
 * client shows why (SPEC §8) and the list is read again.
 */
export function* bulkSaga(action: PayloadAction<'start' | 'pause'>): SagaIterator {
  const s = (yield select(selectTasks)) as TasksState;
  try {
    const reply = (yield call(
      api.post,
      `${BASE}/batch/move`,
      { action: action.payload, ids: s.selected, requestId: newRequestId(), page: 'tasks' },
      { successToast: false },
    )) as TaskBatchReply;
    yield put(A.bulkDone(reply));
  } catch {
    yield put(A.bulkFailed());
  }
  yield put(A.listRequested());
}

function* loadLog(id: number): SagaIterator {
  try {
    yield put(A.logLoaded((yield call(api.get, `${BASE}/${id}/log`)) as StatusLogDto[]));
  } catch {
    // Shown by the client.
  }
}

export function* numbersSaga(action: PayloadAction<{ more: boolean }>): SagaIterator {
  const s = (yield select(selectTasks)) as TasksState;
  const id = s.detail.id;
  if (!id) return;
  try {
    const after = action.payload.more ? (s.detail.next ?? undefined) : undefined;
    const page = (yield call(api.get, `${BASE}/${id}/numbers`, {
      query: { after, limit: 50 },
    })) as TaskNumbersReply;
    yield put(A.numbersLoaded({ ...page, more: action.payload.more }));
  } catch {
    yield put(A.numbersFailed());
  }
}

function* detailSaga(action: PayloadAction<number>): SagaIterator {
  yield put(A.numbersRequested({ more: false }));
  yield call(loadLog, action.payload);
}

export function* addNumbersSaga(action: PayloadAction<AddNumbersRequest>): SagaIterator {
  const s = (yield select(selectTasks)) as TasksState;
  const id = s.detail.id;
  if (!id) return;
  try {
    const reply = (yield call(postNumbers, id, action.payload)) as AddNumbersReply;
    yield put(A.numbersAdded(reply));
    yield put(A.numbersRequested({ more: false }));
    yield put(A.listRequested());
  } catch (e) {
    yield put(A.addFailed(addFailure(e)));
  }
}

export function* removeNumbersSaga(action: PayloadAction<number[]>): SagaIterator {
  const s = (yield select(selectTasks)) as TasksState;
  if (!s.detail.id) return;
  try {
    yield call(api.post, `${BASE}/${s.detail.id}/numbers/remove`, { ids: action.payload });
    yield put(A.numbersRequested({ more: false }));
    yield put(A.listRequested());
  } catch {
    // Shown by the client.
  }
}

export function* overviewSaga(): SagaIterator {
  const s = (yield select(selectTasks)) as TasksState;
  try {
    const rows = (yield call(api.get, `${BASE}/overview`, {
      query: { scope: s.overview.scope },
    })) as OverviewRow[];
    yield put(A.overviewLoaded(rows));
  } catch {
    yield put(A.overviewFailed());
  }
}

export function* tasksSaga(): SagaIterator {
  yield takeLatest(A.listRequested, listSaga);
  yield takeLatest(A.pageOpened, optionsSaga);
  yield takeEvery(A.editorOpened, editorOpenedSaga);
  yield takeLatest(A.saveRequested, saveSaga);
  yield takeEvery(A.copyRequested, copySaga);
  yield takeEvery(A.actionRequested, actionSaga);
  yield takeLatest(A.deleteRequested, deleteSaga);
  yield takeLatest(A.bulkRequested, bulkSaga);
  yield takeLatest(A.detailOpened, detailSaga);
  yield takeLatest(A.numbersRequested, numbersSaga);
  yield takeLatest(A.addNumbersRequested, addNumbersSaga);
  yield takeEvery(A.removeNumbersRequested, removeNumbersSaga);
  yield takeLatest(A.previewRequested, previewSaga);
  yield takeLatest(A.sourcesRequested, sourcesSaga);
  yield takeLatest(A.overviewRequested, overviewSaga);
}
