// Question learning and recordings of the open bot.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LearningRow, RecordingRow } from '../../../../../domain/bot/api';
import { authActions } from '../../auth/slice';

export type LearnTarget = { kind: 'branch' | 'question'; id: string; nodeId?: string };

export interface AssetsState {
  learned: boolean;
  learning: LearningRow[];
  learningLoading: boolean;
  recordings: RecordingRow[];
  recordingsLoading: boolean;
  /** promptKey being uploaded. */
  uploading: string | null;
  uploadError: { promptKey: string; message: string } | null;
}

export const initialAssetsState: AssetsState = {
  learned: false,
  learning: [],
  learningLoading: false,
  recordings: [],
  recordingsLoading: false,
  uploading: null,
  uploadError: null,
};

const slice = createSlice({
  name: 'botAssets',
  initialState: initialAssetsState,
  reducers: {
    learningRequested(state, action: PayloadAction<{ botId: number; learned: boolean }>) {
      state.learned = action.payload.learned;
      state.learningLoading = true;
    },
    learningLoaded(state, action: PayloadAction<LearningRow[]>) {
      state.learning = action.payload;
      state.learningLoading = false;
    },
    learningFailed(state) {
      state.learningLoading = false;
    },
    learnRequested(_state, _a: PayloadAction<{ botId: number; lid: number; target: LearnTarget }>) {},
    learned(state, action: PayloadAction<LearningRow>) {
      const row = action.payload;
      state.learning = state.learning
        .map((l) => (l.id === row.id ? row : l))
        .filter((l) => l.learned === state.learned);
    },
    recordingsRequested(state, _a: PayloadAction<number>) {
      state.recordingsLoading = true;
    },
    recordingsLoaded(state, action: PayloadAction<RecordingRow[]>) {
      state.recordings = action.payload;
      state.recordingsLoading = false;
    },
    recordingsFailed(state) {
      state.recordingsLoading = false;
    },
    uploadRequested(state, action: PayloadAction<{ botId: number; promptKey: string; fileKey: string }>) {
      state.uploading = action.payload.promptKey;
      state.uploadError = null;
    },
    uploaded(state, action: PayloadAction<RecordingRow>) {
      state.uploading = null;
      const r = action.payload;
      state.recordings = state.recordings.map((x) => (x.promptKey === r.promptKey ? r : x));
    },
    uploadFailed(state, action: PayloadAction<{ promptKey: string; message: string }>) {
      state.uploading = null;
      state.uploadError = action.payload;
    },
    playRequested(_state, _a: PayloadAction<number>) {},
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialAssetsState),
});

export const assetsActions = slice.actions;
export const assetsReducer = slice.reducer;
