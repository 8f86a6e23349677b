// The header's notices: the latest list, the unread count, and live additions from the socket.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NoticeDto } from '../../../../domain/api';
import { authActions } from '../auth/slice';

export interface NoticesState {
  items: NoticeDto[];
  unread: number;
  loading: boolean;
}

export const NOTICE_LIMIT = 20;

export const initialNoticesState: NoticesState = { items: [], unread: 0, loading: false };

const noticesSlice = createSlice({
  name: 'notices',
  initialState: initialNoticesState,
  reducers: {
    noticesRequested(state) {
      state.loading = true;
    },
    noticesLoaded(_state, action: PayloadAction<{ items: NoticeDto[]; unread: number }>) {
      return { items: action.payload.items, unread: action.payload.unread, loading: false };
    },
    noticesFailed(state) {
      state.loading = false;
    },
    /** From the socket: newest first, and never the same notice twice. */
    noticeReceived(state, action: PayloadAction<NoticeDto>) {
      if (state.items.some((n) => n.id === action.payload.id)) return;
      state.items = [action.payload, ...state.items].slice(0, NOTICE_LIMIT);
      if (!action.payload.readAt) state.unread += 1;
    },
    markReadRequested(_state, _action: PayloadAction<number>) {},
    /** A notice's file link (links.ts): downloaded with the session. */
    fileRequested(_state, _action: PayloadAction<{ path: string; fileName: string | null }>) {},
    noticeMarkedRead(state, action: PayloadAction<{ id: number; readAt: string }>) {
      const n = state.items.find((i) => i.id === action.payload.id);
      if (!n || n.readAt) return;
      n.readAt = action.payload.readAt;
      state.unread = Math.max(0, state.unread - 1);
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialNoticesState),
});

export const noticesActions = noticesSlice.actions;
export const noticesReducer = noticesSlice.reducer;
export const selectNotices = (s: { notices: NoticesState }) => s.notices;
