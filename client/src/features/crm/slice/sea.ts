// The customer sea: filters, the id-paged list, selection and claims.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { authActions } from '../../auth/slice';
import type { SeaCustomerDto } from '../types';

export interface SeaFilters {
  name: string;
  phone: string;
  stage: number | null;
}

export interface SeaState {
  filters: SeaFilters;
  items: SeaCustomerDto[];
  nextBefore: number | null;
  loading: boolean;
  selected: number[];
  claiming: boolean;
  /** Claims left today after the last claim, when known. */
  remaining: number | null;
}

export const SEA_PAGE = 50;

export const initialSeaState: SeaState = {
  filters: { name: '', phone: '', stage: null },
  items: [],
  nextBefore: null,
  loading: false,
  selected: [],
  claiming: false,
  remaining: null,
};

const slice = createSlice({
  name: 'crmSea',
  initialState: initialSeaState,
  reducers: {
    filtersChanged(state, action: PayloadAction<Partial<SeaFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
    },
    listRequested(state) {
      state.loading = true;
    },
    moreRequested(state) {
      state.loading = true;
    },
    listLoaded(
      state,
      action: PayloadAction<{ items: SeaCustomerDto[]; nextBefore: number | null; append: boolean }>,
    ) {
      const p = action.payload;
      state.items = p.append ? [...state.items, ...p.items] : p.items;
      if (!p.append) state.selected = [];
      state.nextBefore = p.nextBefore;
      state.loading = false;
    },
    listFailed(state) {
      state.loading = false;
    },
    selectionToggled(state, action: PayloadAction<number>) {
      const id = action.payload;
      state.selected = state.selected.includes(id)
        ? state.selected.filter((s) => s !== id)
        : [...state.selected, id];
    },
    allSelected(state, action: PayloadAction<boolean>) {
      state.selected = action.payload ? state.items.map((c) => c.id) : [];
    },
    claimRequested(state, _action: PayloadAction<number[]>) {
      state.claiming = true;
    },
    /** Claimed and missed customers both leave the list: neither is in this sea any more. */
    claimDone(state, action: PayloadAction<{ claimed: number[]; missed: number[]; remaining: number }>) {
      const gone = new Set([...action.payload.claimed, ...action.payload.missed]);
      state.items = state.items.filter((c) => !gone.has(c.id));
      state.selected = state.selected.filter((id) => !gone.has(id));
      state.remaining = action.payload.remaining;
      state.claiming = false;
    },
    claimFailed(state) {
      state.claiming = false;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialSeaState),
});

export const seaActions = slice.actions;
export const seaReducer = slice.reducer;
