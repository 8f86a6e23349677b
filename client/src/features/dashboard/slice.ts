// Dashboard state: the snapshot with the live call events merged in (domain/dashboard.ts mergeLive)
// by the snapshot-plus-live helper (socket/snapshotLive.ts). Events that arrive while a snapshot loads
// are kept in `pending` and merged into the new snapshot (which drops the ones it already counted);
// they are also applied to the figures on screen.
import { createSlice, original, type PayloadAction } from '@reduxjs/toolkit';
import {
  dataAsOf,
  keepAfterSnapshot,
  mergeLive,
  type DashboardSnapshot,
  type MergedDashboard,
} from '../../../../domain/dashboard';
import type { CallStateEvent } from '../../../../domain/events';
import { withLiveEvent, withSnapshot, type LiveMerge } from '../../socket/snapshotLive';
import { authActions } from '../auth/slice';

export type LiveStatus = 'off' | 'joining' | 'on' | 'failed';

export interface DashboardState {
  view: MergedDashboard | null;
  pending: CallStateEvent[];
  loading: boolean;
  error: string | null;
  /** The page is open: the live saga follows the socket while it is. */
  watching: boolean;
  live: { status: LiveStatus; complete: boolean };
}

/** Beyond this many events waiting for a snapshot, the oldest go (the next snapshot counts them). */
export const PENDING_MAX = 20_000;

/** Ended calls into the figures, each once; the ones a snapshot counted are dropped (LIVE_GRACE_MS). */
export const DASHBOARD_LIVE: LiveMerge<DashboardSnapshot, MergedDashboard, CallStateEvent> = {
  keep: keepAfterSnapshot,
  merge: mergeLive,
  max: PENDING_MAX,
};

export const initialDashboardState: DashboardState = {
  view: null,
  pending: [],
  loading: false,
  error: null,
  watching: false,
  live: { status: 'off', complete: true },
};

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState: initialDashboardState,
  reducers: {
    opened(state) {
      state.watching = true;
    },
    closed(state) {
      state.watching = false;
      state.pending = [];
      state.live = { status: 'off', complete: true };
    },
    snapshotRequested(state) {
      state.loading = true;
      state.error = null;
    },
    snapshotLoaded(state, action: PayloadAction<DashboardSnapshot>) {
      ({ view: state.view, pending: state.pending } = withSnapshot(
        DASHBOARD_LIVE,
        original(state.pending) ?? [],
        action.payload,
      ));
      state.loading = false;
      state.error = null;
    },
    snapshotFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    callStateReceived(state, action: PayloadAction<CallStateEvent>) {
      const e = action.payload;
      if (e.status !== 'ended' || !state.watching) return;
      ({ view: state.view, pending: state.pending } = withLiveEvent(DASHBOARD_LIVE, original(state)!, e));
    },
    liveChanged(state, action: PayloadAction<{ status: LiveStatus; complete?: boolean }>) {
      state.live = { status: action.payload.status, complete: action.payload.complete ?? true };
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialDashboardState),
});

export const dashboardActions = dashboardSlice.actions;
export const dashboardReducer = dashboardSlice.reducer;
export const selectDashboard = (s: { dashboard: DashboardState }) => s.dashboard;
/** 数据截至: the time of the newest data on screen (the snapshot, or a later live event). */
export const selectDataAsOf = (s: { dashboard: DashboardState }): string | null =>
  s.dashboard.view ? dataAsOf(s.dashboard.view) : null;
