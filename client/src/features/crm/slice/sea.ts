// The customer sea: filters, the id-paged list, selection and claims.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { authActions } from '../../auth/slice';
import { dropRows, selectAll, takePage, toggleSelected } from './pagedList';
import type { SeaCustomerDto } from '../../../../../domain/crm';

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
      takePage(state, p.items, p.append);
      state.nextBefore = p.nextBefore;
      state.loading = false;
    },
    listFailed(state) {
      state.loading = false;
    },
    selectionToggled(state, action: PayloadAction<number>) {
      toggleSelected(state, action.payload);
    },
    allSelected(state, action: PayloadAction<boolean>) {
      selectAll(state, action.payload);
    },
    claimRequested(state, _action: PayloadAction<number[]>) {
      state.claiming = true;
    },
    /** Claimed and missed customers both leave the list: neither is in this sea any more. */
    claimDone(state, action: PayloadAction<{ claimed: number[]; missed: number[]; remaining: number }>) {
      dropRows(state, [...action.payload.claimed, ...action.payload.missed]);
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
