// Blacklists: the platform list or the account's own, filtered by phone, paged by id; add and remove.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { authActions } from '../../auth/slice';

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
      state.items = p.append ? [...state.items, ...p.items] : p.items;
      if (!p.append) state.selected = [];
      state.nextAfter = p.nextAfter;
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
      const gone = new Set(action.payload);
      state.items = state.items.filter((e) => !gone.has(e.id));
      state.selected = state.selected.filter((id) => !gone.has(id));
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
