// The outbound-request allow-list (super administrator, on the cluster page): hosts that server-side
// requests to tenant-given addresses (LLM, pushes, TTS) may reach although they are private.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { authActions } from '../auth/slice';

export interface OutboundState {
  hosts: string[];
  loaded: boolean;
  saving: boolean;
  /** The server's message for a refused save (which entry and why), or null. */
  error: string | null;
  savedAt: number | null;
}

export const initialOutboundState: OutboundState = {
  hosts: [],
  loaded: false,
  saving: false,
  error: null,
  savedAt: null,
};

/** The text box's lines as entries: trimmed, blank lines dropped. */
export const hostsOfText = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

const slice = createSlice({
  name: 'outbound',
  initialState: initialOutboundState,
  reducers: {
    loadRequested() {},
    loaded(state, action: PayloadAction<string[]>) {
      state.hosts = action.payload;
      state.loaded = true;
    },
    saveRequested(state, _action: PayloadAction<string[]>) {
      state.saving = true;
      state.error = null;
    },
    saved(state, action: PayloadAction<{ hosts: string[]; at: number }>) {
      state.hosts = action.payload.hosts;
      state.saving = false;
      state.savedAt = action.payload.at;
    },
    saveFailed(state, action: PayloadAction<string>) {
      state.saving = false;
      state.error = action.payload;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialOutboundState),
});

export const outboundActions = slice.actions;
export const outboundReducer = slice.reducer;
export const selectOutbound = (s: RootState) => s.outbound;
