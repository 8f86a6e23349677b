// Blacklists: the platform list or the account's own, filtered by phone, paged by id; add and remove.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { authActions } from '../../auth/slice';
import { dropRows, selectAll, takePage, toggleSelected } from './pagedList';

export type BlacklistScope = 'platform' | 'account';

export interface BlacklistEntry {
  id: number;
  scope: BlacklistScope;
  phone: string;
  reason: string;
  createdAt: string;
}

export interface BlacklistAddResult {
  added: number;
  duplicates: number;
  invalid: { index: number; value: string }[];
}

export interface BlacklistState {
  scope: BlacklistScope;
  phone: string;
  items: BlacklistEntry[];
  nextAfter: number | null;
  loading: boolean;
  selected: number[];
  addOpen: boolean;
  adding: boolean;
  result: BlacklistAddResult | null;
}

export const BLACKLIST_PAGE = 50;

export const initialBlacklistState: BlacklistState = {
  scope: 'account',
  phone: '',
  items: [],
  nextAfter: null,
  loading: false,
  selected: [],
  addOpen: false,
  adding: false,
  result: null,
};

const slice = createSlice({
  name: 'crmBlacklist',
  initialState: initialBlacklistState,
  reducers: {
    scopeChanged(state, action: PayloadAction<BlacklistScope>) {
      state.scope = action.payload;
    },
    phoneChanged(state, action: PayloadAction<string>) {
      state.phone = action.payload;
    },
    listRequested(state) {
      state.loading = true;
    },
    moreRequested(state) {
      state.loading = true;
    },
    listLoaded(
      state,
      action: PayloadAction<{ items: BlacklistEntry[]; nextAfter: number | null; append: boolean }>,
    ) {
      const p = action.payload;
      takePage(state, p.items, p.append);
      state.nextAfter = p.nextAfter;
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
    addOpened(state, action: PayloadAction<boolean>) {
      state.addOpen = action.payload;
      state.result = null;
      state.adding = false;
    },
    addRequested(state, _action: PayloadAction<{ phones: string[]; reason: string }>) {
      state.adding = true;
      state.result = null;
    },
    /** The dialog stays open to show what was refused; the list reloads behind it. */
    addDone(state, action: PayloadAction<BlacklistAddResult>) {
      state.adding = false;
      state.result = action.payload;
    },
    addFailed(state) {
      state.adding = false;
    },
    removeRequested(_state, _action: PayloadAction<number[]>) {},
    removed(state, action: PayloadAction<number[]>) {
      dropRows(state, action.payload);
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialBlacklistState),
});

export const blacklistActions = slice.actions;
export const blacklistReducer = slice.reducer;

/** One phone per line, or separated by commas, spaces or semicolons. */
export const splitPhones = (text: string): string[] =>
  text
    .split(/[\s,;，；]+/)
    .map((p) => p.trim())
    .filter(Boolean);
