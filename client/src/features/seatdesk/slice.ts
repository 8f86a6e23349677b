// The seat desk's state (issue 7): which of the user's seats the desk shows, its current call from
// the server (GET /api/seats/:id/desk: a reload during a call gets it back) kept live by the call's
// socket events (snapshot, then live: socket/snapshotLive.ts with the desk's merge, live.ts), what the
// customer is saying now (call:partial), the disposition and quick follow-up forms, and the seat's
// recent calls.
import { createSlice, original, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import type { CallLineEvent, CallPartialEvent, CallStateEvent } from '../../../../domain/events';
import {
  type DeskCallDto,
  type DeskCurrentDto,
  type DeskRecentCallDto,
  type DeskRecentPage,
  type DispositionDto,
  type DispositionInput,
} from '../../../../domain/seatDesk';
import type { SeatStateDto } from '../../../../domain/seats';
import { withLiveEvent, withSnapshot } from '../../socket/snapshotLive';
import type { CustomerInput, FollowUpInput } from '../crm/types';
import { authActions } from '../auth/slice';
import { DESK_LIVE, type DeskEvent } from './live';

export interface FormState {
  saving: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
  /** Bumped after each save: forms clear. */
  saved: number;
}

export interface SeatDeskState {
  /** The desk page is open: the live saga follows the socket while it is. */
  watching: boolean;
  seatId: number | null;
  current: DeskCurrentDto | null;
  /** The call's events that came while `current` loaded (or before it was there), for merging into it. */
  pending: DeskEvent[];
  loading: boolean;
  error: string | null;
  /** The customer's words not yet final (call:partial), cleared by the next line. */
  partial: string | null;
  recent: { items: DeskRecentCallDto[]; nextBefore: number | null; loading: boolean; error: string | null };
  disposition: FormState;
  followUp: FormState;
  /** The desk's hang-up: on its way, or why it was refused. */
  hangup: { busy: boolean; error: string | null };
  /** The create-customer dialog of an unknown caller: open for which call, and its form. */
  newCustomer: FormState & { callUuid: string | null; outcome: 'created' | 'linked' | null };
}

const form = (): FormState => ({ saving: false, error: null, fieldErrors: {}, saved: 0 });

export const initialSeatDeskState: SeatDeskState = {
  watching: false,
  seatId: null,
  current: null,
  pending: [],
  loading: false,
  error: null,
  partial: null,
  recent: { items: [], nextBefore: null, loading: false, error: null },
  disposition: form(),
  followUp: form(),
  hangup: { busy: false, error: null },
  newCustomer: { ...form(), callUuid: null, outcome: null },
};

export interface Failure {
  message: string;
  fieldErrors: Record<string, string>;
}

const failed = (f: FormState, e: Failure) => {
  f.saving = false;
  f.error = e.message;
  f.fieldErrors = e.fieldErrors;
};

/** A live event of the call: onto the desk at once, and held for the current call on its way. */
function applyLive(state: Draft<SeatDeskState>, event: DeskEvent): void {
  const s = original(state)!;
  const live = { loading: s.loading, view: s.current, pending: s.pending };
  ({ view: state.current, pending: state.pending } = withLiveEvent(DESK_LIVE, live, event));
}

const slice = createSlice({
  name: 'seatDesk',
  initialState: initialSeatDeskState,
  reducers: {
    opened(state) {
      state.watching = true;
    },
    closed(state) {
      state.watching = false;
      state.pending = [];
    },
    seatChosen(state, action: PayloadAction<number>) {
      if (state.seatId === action.payload) return;
      state.seatId = action.payload;
      state.current = null;
      state.pending = [];
      state.partial = null;
      state.recent = { ...initialSeatDeskState.recent };
    },
    currentRequested(state) {
      state.loading = true;
    },
    currentLoaded(state, action: PayloadAction<DeskCurrentDto>) {
      state.loading = false;
      state.error = null;
      if (action.payload.seatId !== state.seatId) return;
      if (action.payload.call?.callUuid !== state.current?.call?.callUuid) {
        state.partial = null;
        state.disposition = form();
        state.followUp = form();
        state.newCustomer = { ...initialSeatDeskState.newCustomer };
      }
      const held = original(state.pending) ?? [];
      ({ view: state.current, pending: state.pending } = withSnapshot(DESK_LIVE, held, action.payload));
    },
    currentFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    stateChanged(state, action: PayloadAction<{ seatId: number; state: SeatStateDto }>) {
      if (state.current && state.current.seatId === action.payload.seatId)
        state.current.state = action.payload.state;
    },
    lineReceived(state, action: PayloadAction<CallLineEvent>) {
      const mine = state.current?.call?.callUuid === action.payload.callUuid;
      applyLive(state, { kind: 'line', e: action.payload });
      if (mine && action.payload.line.khtype === 'customer') state.partial = null;
    },
    partialReceived(state, action: PayloadAction<CallPartialEvent>) {
      if (state.current?.call?.callUuid === action.payload.callUuid) state.partial = action.payload.text;
    },
    callStateReceived(state, action: PayloadAction<CallStateEvent>) {
      const mine = state.current?.call?.callUuid === action.payload.callUuid;
      applyLive(state, { kind: 'state', e: action.payload });
      if (mine && action.payload.status === 'ended') state.partial = null;
    },
    recentRequested(state, _action: PayloadAction<{ more: boolean }>) {
      state.recent.loading = true;
    },
    recentLoaded(state, action: PayloadAction<{ page: DeskRecentPage; more: boolean }>) {
      const { page, more } = action.payload;
      state.recent = {
        items: more ? [...state.recent.items, ...page.items] : page.items,
        nextBefore: page.nextBefore,
        loading: false,
        error: null,
      };
    },
    recentFailed(state, action: PayloadAction<string>) {
      state.recent.loading = false;
      state.recent.error = action.payload;
    },
    dispositionRequested(state, _action: PayloadAction<{ callUuid: string; input: DispositionInput }>) {
      state.disposition.saving = true;
      state.disposition.error = null;
      state.disposition.fieldErrors = {};
    },
    dispositionSaved(state, action: PayloadAction<{ disposition: DispositionDto; state: SeatStateDto }>) {
      state.disposition = { ...form(), saved: state.disposition.saved + 1 };
      const cur = state.current;
      if (cur?.call?.callUuid === action.payload.disposition.callUuid) {
        cur.call.disposition = action.payload.disposition;
        cur.state = action.payload.state;
      }
    },
    dispositionFailed(state, action: PayloadAction<Failure>) {
      failed(state.disposition, action.payload);
    },
    followUpRequested(state, _action: PayloadAction<{ callUuid: string; input: FollowUpInput }>) {
      state.followUp.saving = true;
      state.followUp.error = null;
      state.followUp.fieldErrors = {};
    },
    /** Hang up the call on the desk (the softphone's own call, else through the server). */
    hangupRequested(state, _action: PayloadAction<{ callUuid: string }>) {
      state.hangup = { busy: true, error: null };
    },
    hangupDone(state) {
      state.hangup = { busy: false, error: null };
    },
    hangupFailed(state, action: PayloadAction<string>) {
      state.hangup = { busy: false, error: action.payload };
    },
    /** Opens (a call uuid) or closes (null) the create-customer dialog. */
    newCustomerOpened(state, action: PayloadAction<string | null>) {
      state.newCustomer = {
        ...form(),
        saved: state.newCustomer.saved,
        callUuid: action.payload,
        outcome: null,
      };
    },
    newCustomerRequested(state, _action: PayloadAction<{ callUuid: string; input: CustomerInput }>) {
      state.newCustomer.saving = true;
      state.newCustomer.error = null;
      state.newCustomer.fieldErrors = {};
    },
    /** The customer is made and linked: the call comes back with its card (or the caller was one). */
    newCustomerSaved(state, action: PayloadAction<{ call: DeskCallDto; created: boolean }>) {
      state.newCustomer = {
        ...form(),
        saved: state.newCustomer.saved + 1,
        callUuid: null,
        outcome: action.payload.created ? 'created' : 'linked',
      };
      const cur = state.current;
      if (cur?.call?.callUuid === action.payload.call.callUuid) {
        const { transcript } = cur.call;
        // The live transcript may be ahead of the server's copy: keep the longer one.
        cur.call = action.payload.call;
        if (transcript.length > cur.call.transcript.length) cur.call.transcript = transcript;
      }
    },
    newCustomerFailed(state, action: PayloadAction<Failure>) {
      failed(state.newCustomer, action.payload);
    },
    followUpSaved(state) {
      state.followUp = { ...form(), saved: state.followUp.saved + 1 };
    },
    followUpFailed(state, action: PayloadAction<Failure>) {
      failed(state.followUp, action.payload);
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialSeatDeskState),
});

export const seatDeskActions = slice.actions;
export const seatDeskReducer = slice.reducer;
export const selectSeatDesk = (s: { seatDesk: SeatDeskState }) => s.seatDesk;
