// The customer drawer: which customer is open, its follow-up timeline and the add form's state.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FollowUpDto } from '../../../../../domain/crm';
import { authActions } from '../../auth/slice';
import type { FieldErrors, FollowUpInput } from '../types';

export interface FollowUpsState {
  customerId: number | null;
  items: FollowUpDto[];
  nextBefore: number | null;
  loading: boolean;
  saving: boolean;
  formError: string | null;
  fieldErrors: FieldErrors;
  /** Bumped after each successful add, so the form can clear itself. */
  added: number;
}

export const TIMELINE_PAGE = 50;

export const initialFollowUpsState: FollowUpsState = {
  customerId: null,
  items: [],
  nextBefore: null,
  loading: false,
  saving: false,
  formError: null,
  fieldErrors: {},
  added: 0,
};

const slice = createSlice({
  name: 'crmFollowUps',
  initialState: initialFollowUpsState,
  reducers: {
    drawerOpened(_state, action: PayloadAction<number>) {
      return { ...initialFollowUpsState, customerId: action.payload, loading: true };
    },
    drawerClosed() {
      return initialFollowUpsState;
    },
    moreRequested(state) {
      state.loading = true;
    },
    timelineLoaded(
      state,
      action: PayloadAction<{
        customerId: number;
        items: FollowUpDto[];
        nextBefore: number | null;
        append: boolean;
      }>,
    ) {
      const p = action.payload;
      if (p.customerId !== state.customerId) return;
      state.items = p.append ? [...state.items, ...p.items] : p.items;
      state.nextBefore = p.nextBefore;
      state.loading = false;
    },
    timelineFailed(state) {
      state.loading = false;
    },
    addRequested(state, _action: PayloadAction<{ customerId: number; input: FollowUpInput }>) {
      state.saving = true;
      state.formError = null;
      state.fieldErrors = {};
    },
    /** The new record, and the system record of a stage change, newest first. */
    followUpAdded(state, action: PayloadAction<{ record: FollowUpDto; stageChange: FollowUpDto | null }>) {
      const { record, stageChange } = action.payload;
      state.saving = false;
      state.added += 1;
      if (record.customerId !== state.customerId) return;
      const fresh = [record, stageChange].filter((r): r is FollowUpDto => r !== null);
      state.items = [...fresh.sort((a, b) => b.id - a.id), ...state.items];
    },
    addFailed(state, action: PayloadAction<{ message: string; fieldErrors: FieldErrors }>) {
      state.saving = false;
      state.formError = action.payload.message;
      state.fieldErrors = action.payload.fieldErrors;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialFollowUpsState),
});

export const followUpsActions = slice.actions;
export const followUpsReducer = slice.reducer;
