// The import guide of the customer import and of a task's numbers: the preview of the chosen file
// (POST /api/imports/preview, read by the import's own parsers) per kind, and the template download.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ImportKind, ImportPreviewDto, TemplateFormat } from '../../../../../domain/importPreview';
import { authActions } from '../../auth/slice';

export interface GuidePreview {
  /** The file the preview is of (its name), null when none is chosen. */
  fileName: string | null;
  pending: boolean;
  preview: ImportPreviewDto | null;
  /** Why the file cannot be previewed (the import would refuse it for the same reason). */
  error: string | null;
}

export type ImportGuideState = Record<ImportKind, GuidePreview>;

const empty: GuidePreview = { fileName: null, pending: false, preview: null, error: null };

export const initialImportGuideState: ImportGuideState = { customers: empty, numbers: empty };

const slice = createSlice({
  name: 'crmImportGuide',
  initialState: initialImportGuideState,
  reducers: {
    /** fileKey: the file in ui/uploads.ts (a File is not kept in the store). */
    previewRequested(state, action: PayloadAction<{ kind: ImportKind; fileKey: string; fileName: string }>) {
      state[action.payload.kind] = { ...empty, fileName: action.payload.fileName, pending: true };
    },
    previewLoaded(state, action: PayloadAction<{ kind: ImportKind; preview: ImportPreviewDto }>) {
      const s = state[action.payload.kind];
      state[action.payload.kind] = { ...s, pending: false, preview: action.payload.preview, error: null };
    },
    previewFailed(state, action: PayloadAction<{ kind: ImportKind; error: string }>) {
      const s = state[action.payload.kind];
      state[action.payload.kind] = { ...s, pending: false, preview: null, error: action.payload.error };
    },
    previewCleared(state, action: PayloadAction<ImportKind>) {
      state[action.payload] = empty;
    },
    templateRequested(_state, _action: PayloadAction<{ kind: ImportKind; format: TemplateFormat }>) {},
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialImportGuideState),
});

export const importGuideActions = slice.actions;
export const importGuideReducer = slice.reducer;
