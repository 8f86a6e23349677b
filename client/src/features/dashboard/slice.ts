// Dashboard figures that exist today: the account balance and the number of lines.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DashboardSummary } from '../../../../domain/api';
import { authActions } from '../auth/slice';

export interface DashboardState {
  summary: DashboardSummary | null;
  loading: boolean;
  error: string | null;
}

export const initialDashboardState: DashboardState = { summary: null, loading: false, error: null };

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState: initialDashboardState,
  reducers: {
    summaryRequested(state) {
      state.loading = true;
      state.error = null;
    },
    summaryLoaded(_state, action: PayloadAction<DashboardSummary>) {
      return { summary: action.payload, loading: false, error: null };
    },
    summaryFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialDashboardState),
});

export const dashboardActions = dashboardSlice.actions;
export const dashboardReducer = dashboardSlice.reducer;
export const selectDashboard = (s: { dashboard: DashboardState }) => s.dashboard;
