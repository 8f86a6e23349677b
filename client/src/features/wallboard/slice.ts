// Wallboard state: the snapshot with the socket's events merged in (domain/wallboard.ts mergeWall) by
// the snapshot-plus-live helper (socket/snapshotLive.ts). Events that arrive while a snapshot loads
// wait in `pending` and are merged into it (which drops what it already has). The transcript of the
// call picked on screen is kept apart (lines by seq).
import { createSlice, original, type PayloadAction } from '@reduxjs/toolkit';
import type { ConversationLine } from '../../../../domain/calls';
import {
  keepWallEvents,
  mergeWall,
  type WallEvent,
  type WallboardSnapshot,
  type WallboardView,
} from '../../../../domain/wallboard';
import { withLiveEvent, withSnapshot, type LiveMerge } from '../../socket/snapshotLive';
import { authActions } from '../auth/slice';
import { callInfoOf, mergeCallInfo, type WallCallInfo } from './wallMode';

export type WallLiveStatus = 'off' | 'joining' | 'on' | 'failed';
export type GroupBy = 'task' | 'line' | 'seat';

export interface WallTranscript {
  callUuid: string;
  lines: ConversationLine[];
  partial: string | null;
  status: 'loading' | 'on' | 'failed';
  /** Number, task and seat of the call for the drawer's title (kept once the call has ended). */
  info: WallCallInfo | null;
}

export interface WallboardState {
  /** The account looked at; null = the caller's own subtree. */
  accountId: number | null;
  merchants: { id: number; account: string }[];
  view: WallboardView | null;
  pending: WallEvent[];
  loading: boolean;
  error: string | null;
  watching: boolean;
  live: { status: WallLiveStatus; complete: boolean };
  groupBy: GroupBy;
  transcript: WallTranscript | null;
}

/** Beyond this many events waiting for a snapshot, the oldest go (the next snapshot has them). */
export const WALL_PENDING_MAX = 20_000;

/** Calls, transfers, seats and tasks into the wall; what a snapshot has already is dropped. */
export const WALL_LIVE: LiveMerge<WallboardSnapshot, WallboardView, WallEvent> = {
  keep: keepWallEvents,
  merge: mergeWall,
  max: WALL_PENDING_MAX,
};

export const initialWallboardState: WallboardState = {
  accountId: null,
  merchants: [],
  view: null,
  pending: [],
  loading: false,
  error: null,
  watching: false,
  live: { status: 'off', complete: true },
  groupBy: 'task',
  transcript: null,
};

/** Adds or replaces (a merged customer line comes again with the same seq) a line, in seq order. */
export function upsertLine(lines: readonly ConversationLine[], line: ConversationLine): ConversationLine[] {
  const out = lines.filter((l) => l.seq !== line.seq);
  out.push(line);
  return out.sort((a, b) => a.seq - b.seq);
}

const wallboardSlice = createSlice({
  name: 'wallboard',
  initialState: initialWallboardState,
  reducers: {
    opened(state) {
      state.watching = true;
    },
    closed(state) {
      state.watching = false;
      state.pending = [];
      state.transcript = null;
      state.live = { status: 'off', complete: true };
    },
    /** Another account picked (the super administrator's merchant selector): a fresh start. */
    accountPicked(state, action: PayloadAction<number | null>) {
      state.accountId = action.payload;
      state.view = null;
      state.pending = [];
      state.transcript = null;
    },
    merchantsLoaded(state, action: PayloadAction<{ id: number; account: string }[]>) {
      state.merchants = action.payload;
    },
    snapshotRequested(state) {
      state.loading = true;
      state.error = null;
    },
    snapshotLoaded(state, action: PayloadAction<WallboardSnapshot>) {
      const s = action.payload;
      if (state.accountId !== null && s.accountId !== state.accountId) return; // a superseded pick
      ({ view: state.view, pending: state.pending } = withSnapshot(
        WALL_LIVE,
        original(state.pending) ?? [],
        s,
      ));
      state.loading = false;
      state.error = null;
    },
    snapshotFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    eventReceived(state, action: PayloadAction<WallEvent>) {
      if (!state.watching) return;
      ({ view: state.view, pending: state.pending } = withLiveEvent(
        WALL_LIVE,
        original(state)!,
        action.payload,
      ));
      const t = state.transcript;
      if (t && state.view) t.info = mergeCallInfo(t.info, callInfoOf(state.view, t.callUuid));
    },
    liveChanged(state, action: PayloadAction<{ status: WallLiveStatus; complete?: boolean }>) {
      state.live = { status: action.payload.status, complete: action.payload.complete ?? true };
    },
    groupByChanged(state, action: PayloadAction<GroupBy>) {
      state.groupBy = action.payload;
    },
    callPicked(state, action: PayloadAction<string>) {
      const before = state.transcript?.callUuid === action.payload ? state.transcript.info : null;
      state.transcript = {
        callUuid: action.payload,
        lines: [],
        partial: null,
        status: 'loading',
        info: mergeCallInfo(before, callInfoOf(original(state)?.view ?? null, action.payload)),
      };
    },
    transcriptClosed(state) {
      state.transcript = null;
    },
    transcriptLoaded(state, action: PayloadAction<{ callUuid: string; lines: ConversationLine[] }>) {
      const t = state.transcript;
      if (!t || t.callUuid !== action.payload.callUuid) return;
      let lines = action.payload.lines;
      for (const l of t.lines) lines = upsertLine(lines, l); // lines pushed while it loaded are newer
      t.lines = lines;
      t.status = 'on';
    },
    transcriptFailed(state, action: PayloadAction<string>) {
      if (state.transcript?.callUuid === action.payload) state.transcript.status = 'failed';
    },
    lineReceived(state, action: PayloadAction<{ callUuid: string; line: ConversationLine }>) {
      const t = state.transcript;
      if (!t || t.callUuid !== action.payload.callUuid) return;
      t.lines = upsertLine(t.lines, action.payload.line);
      if (action.payload.line.khtype === 'customer') t.partial = null;
    },
    partialReceived(state, action: PayloadAction<{ callUuid: string; text: string }>) {
      const t = state.transcript;
      if (t && t.callUuid === action.payload.callUuid) t.partial = action.payload.text || null;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialWallboardState),
});

export const wallboardActions = wallboardSlice.actions;
export const wallboardReducer = wallboardSlice.reducer;
export const selectWallboard = (s: { wallboard: WallboardState }) => s.wallboard;
