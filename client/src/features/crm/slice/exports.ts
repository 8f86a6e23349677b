// Customer exports: the dialog (format, scope, export password), the start, and the download list.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { authActions } from '../../auth/slice';
import type { ExportFormat, ExportJobDto, ExportPage } from '../types';

export interface ExportRequest {
  format: ExportFormat;
  password: string;
  /** The selected rows; without them the list's current filter is exported. */
  customerIds?: number[];
}

export interface ExportsState {
  open: boolean;
  creating: boolean;
  /** Wrong export password (40008): shown under the password field. */
  passwordError: string | null;
  formError: string | null;
  items: ExportJobDto[];
  nextBeforeId: number | null;
  loading: boolean;
}

export const initialExportsState: ExportsState = {
  open: false,
  creating: false,
  passwordError: null,
  formError: null,
  items: [],
  nextBeforeId: null,
  loading: false,
};

const slice = createSlice({
  name: 'crmExports',
  initialState: initialExportsState,
  reducers: {
    opened(state) {
      state.open = true;
      state.passwordError = null;
      state.formError = null;
    },
    closed(state) {
      state.open = false;
    },
    /** Reload the download list (on open, the refresh button, or a notice); `more` pages on. */
    listRequested(state, _action: PayloadAction<{ more?: boolean } | undefined>) {
      state.loading = true;
    },
    listLoaded(state, action: PayloadAction<ExportPage & { append: boolean }>) {
      const { items, nextBeforeId, append } = action.payload;
      state.loading = false;
      state.items = append ? [...state.items, ...items] : items;
      state.nextBeforeId = nextBeforeId;
    },
    listFailed(state) {
      state.loading = false;
    },
    createRequested(state, _action: PayloadAction<ExportRequest>) {
      state.creating = true;
      state.passwordError = null;
      state.formError = null;
    },
    created(state, action: PayloadAction<ExportJobDto>) {
      state.creating = false;
      state.items = [
        action.payload,
        ...state.items.filter((j) => j.exportJobId !== action.payload.exportJobId),
      ];
    },
    createFailed(state, action: PayloadAction<{ password?: string; message?: string }>) {
      state.creating = false;
      state.passwordError = action.payload.password ?? null;
      state.formError = action.payload.message ?? null;
    },
    downloadRequested(_state, _action: PayloadAction<ExportJobDto>) {},
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialExportsState),
});

export const exportsActions = slice.actions;
export const exportsReducer = slice.reducer;
