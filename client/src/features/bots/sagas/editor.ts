// The editor: load the bot, save the draft with its revision (409: someone else saved), check,
// and submit (saving first when there are unsaved edits).
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import { Code } from '../../../../../domain/api';
import type { BotDetail, BotProblem, BotRow, BotVersionRow } from '../../../../../domain/bot/api';
import { api, isApiError } from '../../../api';
import { i18n } from '../../../app/i18n';
import { showToast } from '../../../ui/toaster';
import { selectEditor } from '../slice';
import { editorActions as E, type EditorState } from '../slice/editor';

const onlyOthers = {
  onError: (e: { code: number; message: string }) => {
    if (e.code !== Code.Conflict) void showToast('error', e.message);
  },
};

export function* loadBotSaga(action: PayloadAction<number>): SagaIterator {
  try {
    const bot = (yield call(api.get, `/api/bots/${action.payload}`)) as BotDetail;
    yield put(E.loaded(bot));
  } catch {
    yield put(E.loadFailed());
  }
}

/** Saves the draft; true when saved. */
export function* saveDraft(): SagaIterator {
  const s = (yield select(selectEditor)) as EditorState;
  if (s.id === null || !s.definition) return false;
  try {
    const bot = (yield call(
      api.put,
      `/api/bots/${s.id}/draft`,
      { definition: s.definition, draftRev: s.draftRev },
      { ...onlyOthers, successToast: false },
    )) as BotDetail;
    yield put(E.saved(bot));
    return true;
  } catch (e) {
    if (isApiError(e) && e.code === Code.Conflict) yield put(E.conflicted());
    else yield put(E.saveFailed());
    return false;
  }
}

export function* saveSaga(): SagaIterator {
  const ok = (yield call(saveDraft)) as boolean;
  if (ok) yield call(showToast, 'success', i18n.t('bots:editor.saved'));
}

export function* checkSaga(): SagaIterator {
  const s = (yield select(selectEditor)) as EditorState;
  if (s.dirty && !((yield call(saveDraft)) as boolean)) {
    yield put(E.checkFailed());
    return;
  }
  try {
    const r = (yield call(api.post, `/api/bots/${s.id}/check`, undefined, { successToast: false })) as {
      problems: BotProblem[];
    };
    yield put(E.checked(r.problems));
  } catch {
    yield put(E.checkFailed());
  }
}

export function* submitEditorSaga(): SagaIterator {
  const s = (yield select(selectEditor)) as EditorState;
  if (s.dirty && !((yield call(saveDraft)) as boolean)) {
    yield put(E.submitFailed());
    return;
  }
  try {
    const row = (yield call(api.post, `/api/bots/${s.id}/submit`)) as BotRow;
    yield put(E.submitted(row));
  } catch (e) {
    // A refusal because of errors comes with the problems: show them.
    const problems = isApiError(e) ? (e.data as { problems?: BotProblem[] } | null)?.problems : undefined;
    if (problems) yield put(E.checked(problems));
    yield put(E.submitFailed());
  }
}

export function* versionsSaga(): SagaIterator {
  const s = (yield select(selectEditor)) as EditorState;
  if (s.id === null) return;
  try {
    yield put(E.versionsLoaded((yield call(api.get, `/api/bots/${s.id}/versions`)) as BotVersionRow[]));
  } catch {
    // Shown by the API client.
  }
}

export function* editorSaga(): SagaIterator {
  yield takeLatest(E.versionsRequested, versionsSaga);
  yield takeLatest(E.opened, loadBotSaga);
  yield takeLatest(E.saveRequested, saveSaga);
  yield takeLatest(E.checkRequested, checkSaga);
  yield takeLatest(E.submitRequested, submitEditorSaga);
}
