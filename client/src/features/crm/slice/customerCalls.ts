// The calls of the customer open in the drawer: newest first with "load more", and the one call
// opened with its transcript and voices (object urls of the authenticated audio files, by url).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CallRecordDetail, CallRecordRow } from '../../../../../domain/callRecords';
import { authActions } from '../../auth/slice';
import { followUpsActions as F } from './followUps';

export interface CustomerCallsState {
  customerId: number | null;
  items: CallRecordRow[];
  next: string | null;
  loading: boolean;
  error: string | null;
  /** The call opened (uuid), its detail once loaded. */
  openUuid: string | null;
  detail: CallRecordDetail | null;
  detailError: string | null;
  /** url → object url ('failed' when the file could not be fetched). */
  audio: Record<string, string>;
}

export const CALLS_PAGE = 10;

export const initialCustomerCallsState: CustomerCallsState = {
  customerId: null,
  items: [],
  next: null,
  loading: false,
  error: null,
  openUuid: null,
  detail: null,
  detailError: null,
  audio: {},
};

const slice = createSlice({
  name: 'crmCustomerCalls',
  initialState: initialCustomerCallsState,
  reducers: {
    moreRequested(state) {
      state.loading = true;
    },
    listLoaded(
      state,
      action: PayloadAction<{
        customerId: number;
        items: CallRecordRow[];
        next: string | null;
        append: boolean;
      }>,
    ) {
      const p = action.payload;
      if (p.customerId !== state.customerId) return;
      state.items = p.append ? [...state.items, ...p.items] : p.items;
      state.next = p.next;
      state.loading = false;
      state.error = null;
    },
    listFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    /** Opens a call (closes the one open); opening the open call again closes it. */
    callToggled(state, action: PayloadAction<string>) {
      const same = state.openUuid === action.payload;
      state.openUuid = same ? null : action.payload;
      state.detail = null;
      state.detailError = null;
      state.audio = {};
    },
    detailLoaded(state, action: PayloadAction<CallRecordDetail>) {
      if (action.payload.callUuid === state.openUuid) state.detail = action.payload;
    },
    detailFailed(state, action: PayloadAction<{ uuid: string; message: string }>) {
      if (action.payload.uuid === state.openUuid) state.detailError = action.payload.message;
    },
    audioLoaded(state, action: PayloadAction<{ url: string; objectUrl: string }>) {
      state.audio[action.payload.url] = action.payload.objectUrl;
    },
  },
  extraReducers: (b) =>
    b
      .addCase(F.drawerOpened, (_s, action) => ({
        ...initialCustomerCallsState,
        customerId: action.payload,
        loading: true,
      }))
      .addCase(F.drawerClosed, () => initialCustomerCallsState)
      .addCase(authActions.sessionCleared, () => initialCustomerCallsState),
});

export const customerCallsActions = slice.actions;
export const customerCallsReducer = slice.reducer;
