// The allocation dialog: the subordinate accounts to hand customers to, and the request's state.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccountDto } from '../../../../../domain/api';
import { authActions } from '../../auth/slice';
import type { FieldErrors } from '../types';

export interface AllocateRequest {
  mode: 0 | 1 | 2;
  customerIds: number[];
  targets?: number[];
  quantities?: number[];
}

export interface AllocationState {
  open: boolean;
  accounts: AccountDto[];
  loading: boolean;
  saving: boolean;
  formError: string | null;
  fieldErrors: FieldErrors;
}

export const initialAllocationState: AllocationState = {
  open: false,
  accounts: [],
  loading: false,
  saving: false,
  formError: null,
  fieldErrors: {},
};

const slice = createSlice({
  name: 'crmAllocation',
  initialState: initialAllocationState,
  reducers: {
    opened(state) {
      return { ...initialAllocationState, accounts: state.accounts, open: true, loading: true };
    },
    closed(state) {
      state.open = false;
      state.saving = false;
    },
    accountsLoaded(state, action: PayloadAction<AccountDto[]>) {
      state.accounts = action.payload;
      state.loading = false;
    },
    accountsFailed(state) {
      state.loading = false;
    },
    allocateRequested(state, _action: PayloadAction<AllocateRequest>) {
      state.saving = true;
      state.formError = null;
      state.fieldErrors = {};
    },
    allocated(state) {
      state.open = false;
      state.saving = false;
    },
    allocateFailed(state, action: PayloadAction<{ message: string; fieldErrors: FieldErrors }>) {
      state.saving = false;
      state.formError = action.payload.message;
      state.fieldErrors = action.payload.fieldErrors;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialAllocationState),
});

export const allocationActions = slice.actions;
export const allocationReducer = slice.reducer;
