// Bot list and market: load, create (then open the editor), meta, copy, delete, enable, submit,
// review, export (bot file behind the download password), import, distribute, templates.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { AccountDto } from '../../../../../domain/api';
import type { BotCreateRequest, BotDetail, BotRow } from '../../../../../domain/bot/api';
import { menuPath } from '../../../../../domain/menus';
import { api } from '../../../api';
import { i18n } from '../../../app/i18n';
import { navigate } from '../../../app/navigation';
import { showToast } from '../../../ui/toaster';
import { saveBlob, takeFile } from '../../../ui/uploads';
import { failureOf } from '../../crm/validation';
import { selectBotList } from '../slice';
import {
  listActions as L,
  type DistributeRequest,
  type ExportRequest,
  type ImportRequest,
  type ListState,
} from '../slice/list';

export const quiet = { onError: () => undefined };
export const editorPath = (id: number): string => `${menuPath('bot/botview')}/${id}`;

const message = (e: unknown): string => {
  const f = failureOf(e);
  return Object.values(f.fieldErrors)[0] ?? f.message;
};

export function* loadBotsSaga(): SagaIterator {
  const s = (yield select(selectBotList)) as ListState;
  try {
    const r = (yield call(api.get, '/api/bots', {
      query: {
        name: s.filters.name.trim() || undefined,
        status: s.filters.status || undefined,
        page: s.page,
        pageSize: s.pageSize,
      },
    })) as { items: BotRow[]; total?: number };
    yield put(L.listLoaded({ items: r.items, total: r.total ?? r.items.length }));
  } catch {
    yield put(L.listFailed());
  }
}

export function* createBotSaga(action: PayloadAction<BotCreateRequest>): SagaIterator {
  try {
    const bot = (yield call(api.post, '/api/bots', action.payload, quiet)) as BotDetail;
    yield put(L.opDone());
    yield call(navigate, editorPath(bot.id));
  } catch (e) {
    yield put(L.opFailed(message(e)));
  }
}

export function* metaSaga(action: PayloadAction<{ id: number; body: BotCreateRequest }>): SagaIterator {
  try {
    const bot = (yield call(
      api.put,
      `/api/bots/${action.payload.id}`,
      action.payload.body,
      quiet,
    )) as BotDetail;
    yield put(L.opDone());
    yield put(L.rowUpdated(bot));
  } catch (e) {
    yield put(L.opFailed(message(e)));
  }
}

export function* copySaga(action: PayloadAction<{ id: number; name: string }>): SagaIterator {
  try {
    yield call(api.post, `/api/bots/${action.payload.id}/copy`, { name: action.payload.name }, quiet);
    yield put(L.opDone());
    yield put(L.listRequested());
  } catch (e) {
    yield put(L.opFailed(message(e)));
  }
}

export function* cloneSaga(action: PayloadAction<{ id: number; name: string }>): SagaIterator {
  try {
    const bot = (yield call(
      api.post,
      `/api/bots/market/${action.payload.id}/clone`,
      { name: action.payload.name },
      quiet,
    )) as BotDetail;
    yield put(L.opDone());
    yield call(navigate, editorPath(bot.id));
  } catch (e) {
    yield put(L.opFailed(message(e)));
  }
}

export function* deleteSaga(action: PayloadAction<number>): SagaIterator {
  try {
    yield call(api.delete, `/api/bots/${action.payload}`, { ...quiet, body: { confirm: 'delete' } });
    yield put(L.opDone());
    yield put(L.rowRemoved(action.payload));
  } catch (e) {
    yield put(L.opFailed(message(e)));
  }
}

export function* enableSaga(action: PayloadAction<{ id: number; enabled: boolean }>): SagaIterator {
  try {
    const row = (yield call(api.post, `/api/bots/${action.payload.id}/enable`, {
      enabled: action.payload.enabled,
    })) as BotRow;
    yield put(L.rowUpdated(row));
  } catch {
    // Shown by the client; the switch stays as the row says.
  }
}

export function* submitSaga(action: PayloadAction<number>): SagaIterator {
  try {
    const row = (yield call(api.post, `/api/bots/${action.payload}/submit`)) as BotRow;
    yield put(L.rowUpdated(row));
  } catch {
    // Shown by the client.
  }
}

export function* reviewSaga(
  action: PayloadAction<{ id: number; approve: boolean; reason?: string }>,
): SagaIterator {
  const { id, ...body } = action.payload;
  try {
    const row = (yield call(api.post, `/api/bots/${id}/review`, body, quiet)) as BotRow;
    yield put(L.opDone());
    yield put(L.rowUpdated(row));
  } catch (e) {
    yield put(L.opFailed(message(e)));
  }
}

/** The bot file arrives as JSON; it is saved as `<name>.bot.json`. */
export function* exportSaga(action: PayloadAction<ExportRequest>): SagaIterator {
  const { id, name, password } = action.payload;
  try {
    const file = (yield call(
      api.post,
      `/api/bots/${id}/export`,
      { password },
      { ...quiet, successToast: false },
    )) as unknown;
    const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
    yield call(saveBlob, blob, `${name}.bot.json`);
    yield put(L.opDone());
  } catch (e) {
    yield put(L.opFailed(message(e)));
  }
}

export function* importSaga(action: PayloadAction<ImportRequest>): SagaIterator {
  const file = takeFile(action.payload.fileKey);
  if (!file) {
    yield put(L.opFailed(i18n.t('bots:validation.file')));
    return;
  }
  const form = new FormData();
  form.append('file', file);
  form.append('password', action.payload.password);
  try {
    yield call(api.upload, '/api/bots/import', form, quiet);
    yield put(L.opDone());
    yield put(L.listRequested());
  } catch (e) {
    yield put(L.opFailed(message(e)));
  }
}

export function* accountsSaga(): SagaIterator {
  try {
    const r = (yield call(api.get, '/api/accounts', { query: { limit: 200 } })) as { items: AccountDto[] };
    yield put(L.accountsLoaded(r.items));
  } catch {
    yield put(L.accountsLoaded([]));
  }
}

export function* distributeSaga(action: PayloadAction<DistributeRequest>): SagaIterator {
  const { id, ...body } = action.payload;
  try {
    const r = (yield call(api.post, `/api/bots/${id}/distribute`, body, {
      ...quiet,
      successToast: false,
    })) as {
      done: number;
    };
    yield put(L.opDone());
    yield call(showToast, 'success', i18n.t('bots:distribute.done', { count: r.done }));
  } catch (e) {
    yield put(L.opFailed(message(e)));
  }
}

export function* marketSaga(): SagaIterator {
  try {
    const rows = (yield call(api.get, '/api/bots/market')) as BotRow[];
    yield put(L.marketLoaded(rows));
  } catch {
    yield put(L.marketFailed());
  }
}

export function* publishSaga(action: PayloadAction<{ id: number; published: boolean }>): SagaIterator {
  try {
    const row = (yield call(api.post, `/api/bots/${action.payload.id}/publish-template`, {
      published: action.payload.published,
    })) as BotRow;
    yield put(L.rowUpdated(row));
    yield put(L.marketRequested());
  } catch {
    // Shown by the client.
  }
}

const opensDistribute = (a: unknown): boolean =>
  L.dialogOpened.match(a as never) && (a as ReturnType<typeof L.dialogOpened>).payload?.kind === 'distribute';

export function* listSaga(): SagaIterator {
  yield takeLatest(L.listRequested, loadBotsSaga);
  yield takeLatest(L.createRequested, createBotSaga);
  yield takeLatest(L.metaRequested, metaSaga);
  yield takeLatest(L.copyRequested, copySaga);
  yield takeLatest(L.cloneRequested, cloneSaga);
  yield takeLatest(L.deleteRequested, deleteSaga);
  yield takeEvery(L.enableRequested, enableSaga);
  yield takeEvery(L.submitRequested, submitSaga);
  yield takeLatest(L.reviewRequested, reviewSaga);
  yield takeLatest(L.exportRequested, exportSaga);
  yield takeLatest(L.importRequested, importSaga);
  yield takeLatest(opensDistribute, accountsSaga);
  yield takeLatest(L.distributeRequested, distributeSaga);
  yield takeLatest(L.marketRequested, marketSaga);
  yield takeEvery(L.publishRequested, publishSaga);
}
