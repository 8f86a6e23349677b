// Batch training: a file of test conversations uploaded to POST /api/bots/:id/grade-set and the
// table of its rows (domain/bot/gradeSet). The chosen file waits in crm/uploads under a key.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { GradeRow, GradeSummary } from '../../../../../domain/bot/gradeSet';
import { authActions } from '../../auth/slice';

/** The reply of POST /api/bots/:id/grade-set. */
export interface GradeSetReply {
  rows: GradeRow[];
  summary: GradeSummary;
}

/** A refusal: an i18n key of the bots namespace (checked here), or the server's translated message. */
export type BatchError = { key: string; vars?: Record<string, string | number> } | { text: string };

export interface BatchState {
  /** The bot the table is of: another bot's editor starts empty. */
  botId: number | null;
  fileName: string | null;
  uploading: boolean;
  reply: GradeSetReply | null;
  error: BatchError | null;
}

export const initialBatchState: BatchState = {
  botId: null,
  fileName: null,
  uploading: false,
  reply: null,
  error: null,
};

const slice = createSlice({
  name: 'botBatch',
  initialState: initialBatchState,
  reducers: {
    uploadRequested(state, action: PayloadAction<{ botId: number; fileKey: string; fileName: string }>) {
      if (state.botId !== action.payload.botId) state.reply = null;
      state.botId = action.payload.botId;
      state.fileName = action.payload.fileName;
      state.uploading = true;
      state.error = null;
    },
    graded(state, action: PayloadAction<GradeSetReply>) {
      state.uploading = false;
      state.reply = action.payload;
    },
    failed(state, action: PayloadAction<BatchError>) {
      state.uploading = false;
      state.error = action.payload;
    },
    reset() {
      return initialBatchState;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialBatchState),
});

export const batchActions = slice.actions;
export const batchReducer = slice.reducer;
