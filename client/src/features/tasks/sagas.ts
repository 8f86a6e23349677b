// AI task side effects: list (with filters), options, save (field errors in the form), copy,
// transitions (a refusal is explained by its reason), typed delete, bulk start/pause, the drawer's
// numbers and status log, and the run overview.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type {
  AddNumbersReply,
  BulkReply,
  OverviewRow,
  StatusLogDto,
  TaskAction,
  TaskDto,
  TaskInput,
  TaskListReply,
  TaskNumbersReply,
} from '../../../../domain/tasks';
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

export function* saveSaga(action: PayloadAction<{ id: number | null; input: TaskInput }>): SagaIterator {
  const { id, input } = action.payload;
  try {
    if (id === null) {
      pendingRequestId ??= newRequestId();
      yield call(api.post, BASE, { ...input, requestId: pendingRequestId }, quiet);
    } else yield call(api.put, `${BASE}/${id}`, input, quiet);
    pendingRequestId = null;
    yield put(A.saved());
    yield put(A.listRequested());
  } catch (e) {
    yield put(A.saveFailed(failureOf(e)));
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

export function* bulkSaga(action: PayloadAction<'start' | 'pause'>): SagaIterator {
  const s = (yield select(selectTasks)) as TasksState;
  try {
    const reply = (yield call(
      api.post,
      `${BASE}/bulk`,
      { action: action.payload, ids: s.selected },
      {
        successToast: false,
      },
    )) as BulkReply;
    yield put(A.bulkDone(reply));
    yield put(A.listRequested());
  } catch {
    yield put(A.bulkFailed());
  }
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
  const r = action.payload;
  try {
    let reply: AddNumbersReply;
    if (r.source === 'file') {
      const form = new FormData();
      form.append('file', r.file);
      reply = (yield call(api.upload, `${BASE}/${id}/numbers/upload`, form, {
        ...quiet,
        successToast: false,
      })) as AddNumbersReply;
    } else
      reply = (yield call(api.post, `${BASE}/${id}/numbers`, r, {
        ...quiet,
        successToast: false,
      })) as AddNumbersReply;
    yield put(A.numbersAdded(reply));
    yield put(A.numbersRequested({ more: false }));
    yield put(A.listRequested());
  } catch (e) {
    const f = failureOf(e);
    yield put(A.addFailed(Object.values(f.fieldErrors)[0] ?? explain(e)));
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
  yield takeLatest(A.overviewRequested, overviewSaga);
}
