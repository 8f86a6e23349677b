// Work reminders: pending or handled, paged by id, with live additions when one falls due.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FollowUpDto } from '../../../../../domain/crm';
import { authActions } from '../../auth/slice';
import type { ReminderDto } from '../types';

export type ReminderStatus = 'pending' | 'handled';

export interface RemindersState {
  status: ReminderStatus;
  items: ReminderDto[];
  nextBefore: number | null;
  loading: boolean;
  /** Ids that fell due while this session was open (highlighted in the list). */
  due: number[];
}

export const REMINDER_PAGE = 50;

export const initialRemindersState: RemindersState = {
  status: 'pending',
  items: [],
  nextBefore: null,
  loading: false,
  due: [],
};

const slice = createSlice({
  name: 'crmReminders',
  initialState: initialRemindersState,
  reducers: {
    listRequested(state, action: PayloadAction<ReminderStatus>) {
      state.status = action.payload;
      state.items = [];
      state.nextBefore = null;
      state.loading = true;
    },
    moreRequested(state) {
      state.loading = true;
    },
    listLoaded(
      state,
      action: PayloadAction<{
        status: ReminderStatus;
        items: ReminderDto[];
        nextBefore: number | null;
        append: boolean;
      }>,
    ) {
      const p = action.payload;
      if (p.status !== state.status) return;
      state.items = p.append ? [...state.items, ...p.items] : p.items;
      state.nextBefore = p.nextBefore;
      state.loading = false;
    },
    listFailed(state) {
      state.loading = false;
    },
    handleRequested(_state, _action: PayloadAction<number>) {},
    reminderHandled(state, action: PayloadAction<number>) {
      if (state.status === 'pending') state.items = state.items.filter((r) => r.id !== action.payload);
      state.due = state.due.filter((id) => id !== action.payload);
    },
    /** From the socket (reminder:due). */
    reminderDue(state, action: PayloadAction<FollowUpDto>) {
      const r = action.payload;
      if (!state.due.includes(r.id)) state.due.push(r.id);
      if (state.status === 'pending' && !state.items.some((i) => i.id === r.id)) state.items.unshift(r);
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialRemindersState),
});

export const remindersActions = slice.actions;
export const remindersReducer = slice.reducer;
