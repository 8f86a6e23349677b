// The sea's settings (merchants and the super admin): auto release after days without a follow-up,
// and the daily claim limit.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { authActions } from '../../auth/slice';
import type { FieldErrors, SeaSettingsDto, SeaSettingsInput } from '../types';

export interface SeaSettingsState {
  open: boolean;
  settings: SeaSettingsDto | null;
  saving: boolean;
  fieldErrors: FieldErrors;
  formError: string | null;
}

export const initialSeaSettingsState: SeaSettingsState = {
  open: false,
  settings: null,
  saving: false,
  fieldErrors: {},
  formError: null,
};

const slice = createSlice({
  name: 'crmSeaSettings',
  initialState: initialSeaSettingsState,
  reducers: {
    opened(state) {
      state.open = true;
      state.fieldErrors = {};
      state.formError = null;
    },
    closed(state) {
      state.open = false;
    },
    loaded(state, action: PayloadAction<SeaSettingsDto>) {
      state.settings = action.payload;
    },
    saveRequested(state, _action: PayloadAction<SeaSettingsInput>) {
      state.saving = true;
      state.fieldErrors = {};
      state.formError = null;
    },
    saved(state, action: PayloadAction<SeaSettingsDto>) {
      state.saving = false;
      state.open = false;
      state.settings = action.payload;
    },
    saveFailed(state, action: PayloadAction<{ fieldErrors: FieldErrors; message: string | null }>) {
      state.saving = false;
      state.fieldErrors = action.payload.fieldErrors;
      state.formError = action.payload.message;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialSeaSettingsState),
});

export const seaSettingsActions = slice.actions;
export const seaSettingsReducer = slice.reducer;
