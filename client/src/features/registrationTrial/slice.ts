// What a self-registered account starts with (super administrator, on the cluster page): AI seats,
// days until it expires, and the trial balance credited once its e-mail is verified.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RegistrationTrialDto } from '../../../../domain/registrationTrial';
import type { RootState } from '../../app/store';
import { authActions } from '../auth/slice';

export interface RegistrationTrialState {
  value: RegistrationTrialDto | null;
  saving: boolean;
  /** The server's field messages of a refused save, by field. */
  errors: Record<string, string>;
  savedAt: number | null;
}

export const initialRegistrationTrialState: RegistrationTrialState = {
  value: null,
  saving: false,
  errors: {},
  savedAt: null,
};

const slice = createSlice({
  name: 'registrationTrial',
  initialState: initialRegistrationTrialState,
  reducers: {
    loadRequested() {},
    loaded(state, action: PayloadAction<RegistrationTrialDto>) {
      state.value = action.payload;
    },
    saveRequested(state, _action: PayloadAction<RegistrationTrialDto>) {
      state.saving = true;
      state.errors = {};
    },
    saved(state, action: PayloadAction<{ value: RegistrationTrialDto; at: number }>) {
      state.value = action.payload.value;
      state.saving = false;
      state.savedAt = action.payload.at;
    },
    saveFailed(state, action: PayloadAction<Record<string, string>>) {
      state.saving = false;
      state.errors = action.payload;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialRegistrationTrialState),
});

export const registrationTrialActions = slice.actions;
export const registrationTrialReducer = slice.reducer;
export const selectRegistrationTrial = (s: RootState) => s.registrationTrial;
