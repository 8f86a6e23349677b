// Account-wide bot settings: LLM (bot/bigmodel), TTS, and the common knowledge (bot/commonknow).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CommonKnowledge, LlmSettings, TtsSettings } from '../../../../../domain/bot/api';
import type { KnowledgeQuestion } from '../../../../../domain/bot/definition';
import { authActions } from '../../auth/slice';

export interface LlmTestResult {
  ok: boolean;
  latencyMs?: number | null;
  error?: string | null;
}

export interface SettingsState {
  llm: LlmSettings | null;
  llmSaving: boolean;
  llmTesting: boolean;
  llmTest: LlmTestResult | null;
  tts: TtsSettings | null;
  ttsSaving: boolean;
  previewing: boolean;
  common: CommonKnowledge[];
  commonLoading: boolean;
  /** The question in the form: a new one (no dbId) or one being edited. */
  commonEditing: KnowledgeQuestion | CommonKnowledge | null;
  commonSaving: boolean;
  commonError: string | null;
}

export const initialSettingsState: SettingsState = {
  llm: null,
  llmSaving: false,
  llmTesting: false,
  llmTest: null,
  tts: null,
  ttsSaving: false,
  previewing: false,
  common: [],
  commonLoading: false,
  commonEditing: null,
  commonSaving: false,
  commonError: null,
};

const slice = createSlice({
  name: 'botSettings',
  initialState: initialSettingsState,
  reducers: {
    llmRequested() {},
    llmLoaded(state, action: PayloadAction<LlmSettings>) {
      state.llm = action.payload;
      state.llmSaving = false;
    },
    llmSaveRequested(state, _a: PayloadAction<LlmSettings>) {
      state.llmSaving = true;
    },
    llmSaveFailed(state) {
      state.llmSaving = false;
    },
    llmTestRequested(state, _a: PayloadAction<LlmSettings>) {
      state.llmTesting = true;
      state.llmTest = null;
    },
    llmTested(state, action: PayloadAction<LlmTestResult>) {
      state.llmTesting = false;
      state.llmTest = action.payload;
    },
    ttsRequested() {},
    ttsLoaded(state, action: PayloadAction<TtsSettings>) {
      state.tts = action.payload;
      state.ttsSaving = false;
    },
    ttsSaveRequested(state, _a: PayloadAction<TtsSettings>) {
      state.ttsSaving = true;
    },
    ttsSaveFailed(state) {
      state.ttsSaving = false;
    },
    previewRequested(state, _a: PayloadAction<{ text: string; speed?: number }>) {
      state.previewing = true;
    },
    previewDone(state) {
      state.previewing = false;
    },
    commonRequested(state) {
      state.commonLoading = true;
    },
    commonLoaded(state, action: PayloadAction<CommonKnowledge[]>) {
      state.common = action.payload;
      state.commonLoading = false;
    },
    commonFailed(state) {
      state.commonLoading = false;
    },
    commonEdited(state, action: PayloadAction<KnowledgeQuestion | CommonKnowledge | null>) {
      state.commonEditing = action.payload;
      state.commonError = null;
      state.commonSaving = false;
    },
    commonSaveRequested(state, _a: PayloadAction<KnowledgeQuestion | CommonKnowledge>) {
      state.commonSaving = true;
      state.commonError = null;
    },
    commonSaved(state, action: PayloadAction<CommonKnowledge>) {
      const q = action.payload;
      state.commonSaving = false;
      state.commonEditing = null;
      state.common = state.common.some((c) => c.dbId === q.dbId)
        ? state.common.map((c) => (c.dbId === q.dbId ? q : c))
        : [...state.common, q];
    },
    commonSaveFailed(state, action: PayloadAction<string>) {
      state.commonSaving = false;
      state.commonError = action.payload;
    },
    commonDeleteRequested(_state, _a: PayloadAction<number>) {},
    commonDeleted(state, action: PayloadAction<number>) {
      state.common = state.common.filter((c) => c.dbId !== action.payload);
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialSettingsState),
});

export const settingsActions = slice.actions;
export const settingsReducer = slice.reducer;
