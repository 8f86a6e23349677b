// LLM and TTS settings (bot/bigmodel) with the LLM test and the TTS preview; common knowledge CRUD.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { CommonKnowledge, LlmSettings, TtsSettings } from '../../../../../domain/bot/api';
import type { KnowledgeQuestion } from '../../../../../domain/bot/definition';
import { api } from '../../../api';
import { failureOf } from '../../crm/validation';
import { playBlob } from '../audio';
import { settingsActions as S, type LlmTestResult } from '../slice/settings';
import { quiet } from './list';

/** The key is write-only: an empty key field means "keep the stored one". */
export function withoutEmptyKey<T extends { key?: string; keySet?: boolean }>(v: T): Omit<T, 'keySet'> {
  const { keySet: _k, key, ...rest } = v;
  return (key ? { ...rest, key } : rest) as Omit<T, 'keySet'>;
}

export function* loadLlmSaga(): SagaIterator {
  try {
    yield put(S.llmLoaded((yield call(api.get, '/api/bots/llm-settings')) as LlmSettings));
  } catch {
    // Shown by the client.
  }
}

export function* saveLlmSaga(action: PayloadAction<LlmSettings>): SagaIterator {
  try {
    const r = (yield call(api.put, '/api/bots/llm-settings', withoutEmptyKey(action.payload))) as LlmSettings;
    yield put(S.llmLoaded(r));
  } catch {
    yield put(S.llmSaveFailed());
  }
}

export function* testLlmSaga(action: PayloadAction<LlmSettings>): SagaIterator {
  try {
    const r = (yield call(api.post, '/api/bots/llm-settings/test', withoutEmptyKey(action.payload), {
      ...quiet,
      successToast: false,
    })) as LlmTestResult;
    yield put(S.llmTested(r));
  } catch (e) {
    yield put(S.llmTested({ ok: false, error: failureOf(e).message }));
  }
}

export function* loadTtsSaga(): SagaIterator {
  try {
    yield put(S.ttsLoaded((yield call(api.get, '/api/bots/tts-settings')) as TtsSettings));
  } catch {
    // Shown by the client.
  }
}

export function* saveTtsSaga(action: PayloadAction<TtsSettings>): SagaIterator {
  try {
    const r = (yield call(api.put, '/api/bots/tts-settings', withoutEmptyKey(action.payload))) as TtsSettings;
    yield put(S.ttsLoaded(r));
  } catch {
    yield put(S.ttsSaveFailed());
  }
}

export function* previewSaga(action: PayloadAction<{ text: string; speed?: number }>): SagaIterator {
  try {
    const r = (yield call(api.download, '/api/bots/tts/preview', {}, action.payload)) as { blob: Blob };
    yield call(playBlob, r.blob);
  } catch {
    // Shown by the API client.
  }
  yield put(S.previewDone());
}

export function* loadCommonSaga(): SagaIterator {
  try {
    yield put(S.commonLoaded((yield call(api.get, '/api/bots/common-knowledge')) as CommonKnowledge[]));
  } catch {
    yield put(S.commonFailed());
  }
}

export function* saveCommonSaga(action: PayloadAction<KnowledgeQuestion | CommonKnowledge>): SagaIterator {
  const q = action.payload;
  const dbId = 'dbId' in q ? q.dbId : null;
  try {
    const saved = (yield dbId === null
      ? call(api.post, '/api/bots/common-knowledge', q, quiet)
      : call(api.put, `/api/bots/common-knowledge/${dbId}`, q, quiet)) as CommonKnowledge;
    yield put(S.commonSaved(saved));
  } catch (e) {
    const f = failureOf(e);
    yield put(S.commonSaveFailed(Object.values(f.fieldErrors)[0] ?? f.message));
  }
}

export function* deleteCommonSaga(action: PayloadAction<number>): SagaIterator {
  try {
    yield call(api.delete, `/api/bots/common-knowledge/${action.payload}`);
    yield put(S.commonDeleted(action.payload));
  } catch {
    // Shown by the client.
  }
}

export function* settingsSaga(): SagaIterator {
  yield takeLatest(S.llmRequested, loadLlmSaga);
  yield takeLatest(S.llmSaveRequested, saveLlmSaga);
  yield takeLatest(S.llmTestRequested, testLlmSaga);
  yield takeLatest(S.ttsRequested, loadTtsSaga);
  yield takeLatest(S.ttsSaveRequested, saveTtsSaga);
  yield takeLatest(S.previewRequested, previewSaga);
  yield takeLatest(S.commonRequested, loadCommonSaga);
  yield takeLatest(S.commonSaveRequested, saveCommonSaga);
  yield takeEvery(S.commonDeleteRequested, deleteCommonSaga);
}
