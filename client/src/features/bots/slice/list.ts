// The bot list (bot/botview) and the template market (bot/botviewmarket): rows, filters, pages, and
// the one dialog open at a time with its pending/error state.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccountDto } from '../../../../../domain/api';
import type { BotCreateRequest, BotRow, BotStatus } from '../../../../../domain/bot/api';
import { authActions } from '../../auth/slice';

export type BotDialog =
  | { kind: 'create' }
  | { kind: 'import' }
  | { kind: 'edit' | 'copy' | 'delete' | 'review' | 'export' | 'distribute' | 'clone'; bot: BotRow };

export interface BotFilters {
  name: string;
  status: BotStatus | '';
}

export interface ListState {
  filters: BotFilters;
  page: number;
  pageSize: number;
  items: BotRow[];
  total: number;
  loading: boolean;
  dialog: BotDialog | null;
  pending: boolean;
  error: string | null;
  accounts: AccountDto[];
  market: BotRow[];
  marketLoading: boolean;
}

export const BOT_PAGE_SIZE = 20;

export const initialListState: ListState = {
  filters: { name: '', status: '' },
  page: 1,
  pageSize: BOT_PAGE_SIZE,
  items: [],
  total: 0,
  loading: false,
  dialog: null,
  pending: false,
  error: null,
  accounts: [],
  market: [],
  marketLoading: false,
};

export type ExportRequest = { id: number; name: string; password: string };
export type ImportRequest = { fileKey: string; password: string };
export type DistributeRequest = { id: number; accountIds: number[]; mode: 'copy' | 'sync' };

const slice = createSlice({
  name: 'botList',
  initialState: initialListState,
  reducers: {
    filtersChanged(state, action: PayloadAction<Partial<BotFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
    },
    listRequested(state, action: PayloadAction<{ page?: number } | undefined>) {
      state.loading = true;
      if (action.payload?.page) state.page = action.payload.page;
    },
    listLoaded(state, action: PayloadAction<{ items: BotRow[]; total: number }>) {
      state.items = action.payload.items;
      state.total = action.payload.total;
      state.loading = false;
    },
    listFailed(state) {
      state.loading = false;
    },
    dialogOpened(state, action: PayloadAction<BotDialog | null>) {
      state.dialog = action.payload;
      state.pending = false;
      state.error = null;
    },
    createRequested(state, _a: PayloadAction<BotCreateRequest>) {
      state.pending = true;
      state.error = null;
    },
    metaRequested(state, _a: PayloadAction<{ id: number; body: BotCreateRequest }>) {
      state.pending = true;
      state.error = null;
    },
    copyRequested(state, _a: PayloadAction<{ id: number; name: string }>) {
      state.pending = true;
      state.error = null;
    },
    deleteRequested(state, _a: PayloadAction<number>) {
      state.pending = true;
      state.error = null;
    },
    reviewRequested(state, _a: PayloadAction<{ id: number; approve: boolean; reason?: string }>) {
      state.pending = true;
      state.error = null;
    },
    exportRequested(state, _a: PayloadAction<ExportRequest>) {
      state.pending = true;
      state.error = null;
    },
    importRequested(state, _a: PayloadAction<ImportRequest>) {
      state.pending = true;
      state.error = null;
    },
    distributeRequested(state, _a: PayloadAction<DistributeRequest>) {
      state.pending = true;
      state.error = null;
    },
    cloneRequested(state, _a: PayloadAction<{ id: number; name: string }>) {
      state.pending = true;
      state.error = null;
    },
    enableRequested(_state, _a: PayloadAction<{ id: number; enabled: boolean }>) {},
    submitRequested(_state, _a: PayloadAction<number>) {},
    publishRequested(_state, _a: PayloadAction<{ id: number; published: boolean }>) {},
    /** A dialog's request succeeded: it closes. */
    opDone(state) {
      state.pending = false;
      state.dialog = null;
    },
    opFailed(state, action: PayloadAction<string>) {
      state.pending = false;
      state.error = action.payload;
    },
    rowUpdated(state, action: PayloadAction<BotRow>) {
      const r = action.payload;
      state.items = state.items.map((b) => (b.id === r.id ? { ...b, ...r } : b));
      state.market = r.isTemplate
        ? state.market.some((b) => b.id === r.id)
          ? state.market.map((b) => (b.id === r.id ? r : b))
          : state.market
        : state.market.filter((b) => b.id !== r.id);
    },
    rowRemoved(state, action: PayloadAction<number>) {
      state.items = state.items.filter((b) => b.id !== action.payload);
      state.total = Math.max(0, state.total - 1);
    },
    accountsLoaded(state, action: PayloadAction<AccountDto[]>) {
      state.accounts = action.payload;
    },
    marketRequested(state) {
      state.marketLoading = true;
    },
    marketLoaded(state, action: PayloadAction<BotRow[]>) {
      state.market = action.payload;
      state.marketLoading = false;
    },
    marketFailed(state) {
      state.marketLoading = false;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialListState),
});

export const listActions = slice.actions;
export const listReducer = slice.reducer;
