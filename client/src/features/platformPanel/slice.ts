// Platform panel state (issue 25): the snapshot, with each platform:pulse applied as it arrives
// (domain/platformPanel.ts applyPulse: the live part always, today's totals when newer). A pulse that
// arrives before the first snapshot waits in `pending` (only the newest matters) and is applied to it.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { applyPulse, type PlatformPanelSnapshot, type PlatformPulse } from '../../../../domain/platformPanel';
import { authActions } from '../auth/slice';

export type PanelLiveStatus = 'off' | 'joining' | 'on' | 'failed';

export interface PlatformPanelState {
  view: PlatformPanelSnapshot | null;
  pending: PlatformPulse | null;
  loading: boolean;
  error: string | null;
  /** The page is open: the live saga follows the socket while it is. */
  watching: boolean;
  live: PanelLiveStatus;
}

export const initialPlatformPanelState: PlatformPanelState = {
  view: null,
  pending: null,
  loading: false,
  error: null,
  watching: false,
  live: 'off',
};

const slice = createSlice({
  name: 'platformPanel',
  initialState: initialPlatformPanelState,
  reducers: {
    opened(state) {
      state.watching = true;
    },
    closed(state) {
      state.watching = false;
      state.pending = null;
      state.live = 'off';
    },
    snapshotRequested(state) {
      state.loading = true;
      state.error = null;
    },
    snapshotLoaded(state, action: PayloadAction<PlatformPanelSnapshot>) {
      state.view = state.pending ? applyPulse(action.payload, state.pending) : action.payload;
      state.pending = null;
      state.loading = false;
      state.error = null;
    },
    snapshotFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    pulseReceived(state, action: PayloadAction<PlatformPulse>) {
      if (!state.watching) return;
      if (state.loading || !state.view) state.pending = action.payload;
      if (state.view) state.view = applyPulse(state.view as PlatformPanelSnapshot, action.payload);
    },
    liveChanged(state, action: PayloadAction<PanelLiveStatus>) {
      state.live = action.payload;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialPlatformPanelState),
});

export const platformPanelActions = slice.actions;
export const platformPanelReducer = slice.reducer;
export const selectPlatformPanel = (s: { platformPanel: PlatformPanelState }) => s.platformPanel;
