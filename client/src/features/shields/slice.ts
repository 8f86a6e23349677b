// Shields and caps state: the call blacklist (/dialcenter/callblackmanage), the day shield with its
// rules, the dialing defaults and caps, and the subordinates' concurrency quotas (/dialcenter/dayshieldmanage).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  AddNumbersResult,
  CallBlacklistEntryDto,
  DayShieldDto,
  DialDefaultsInput,
  DialSettingsDto,
  QuotaRowDto,
} from '../../../../domain/shields';
import { authActions } from '../auth/slice';

export const PAGE_SIZE = 50;

interface Paged<T> {
  items: T[];
  nextBefore: number | null;
  loading: boolean;
  loaded: boolean;
  /** The search as sent: a full number or up to 4 digits. */
  phone: string;
}
const emptyPaged = <T>(): Paged<T> => ({
  items: [],
  nextBefore: null,
  loading: false,
  loaded: false,
  phone: '',
});

/** A dialog that adds numbers: open, pending, the reply, the field error. */
interface Adder {
  open: boolean;
  pending: boolean;
  result: AddNumbersResult | null;
  error: string | null;
}
const closedAdder: Adder = { open: false, pending: false, result: null, error: null };

/** A typed-delete confirmation of some ids. */
interface Remover {
  ids: number[];
  pending: boolean;
  error: string | null;
}
const noRemover: Remover = { ids: [], pending: false, error: null };

export interface ShieldsState {
  blacklist: Paged<CallBlacklistEntryDto> & { selected: number[] };
  blacklistAdd: Adder;
  blacklistImport: Adder;
  blacklistRemove: Remover;
  shields: Paged<DayShieldDto> & { day: string | null };
  shieldAdd: Adder;
  shieldRemove: Remover;
  settings: {
    data: DialSettingsDto | null;
    loading: boolean;
    savingRules: boolean;
    savingDefaults: boolean;
    error: string | null;
    serverErrors: Record<string, string>;
  };
  quotas: {
    items: QuotaRowDto[];
    loading: boolean;
    loaded: boolean;
    savingId: number | null;
    error: string | null;
  };
}

export const initialShieldsState: ShieldsState = {
  blacklist: { ...emptyPaged<CallBlacklistEntryDto>(), selected: [] },
  blacklistAdd: closedAdder,
  blacklistImport: closedAdder,
  blacklistRemove: noRemover,
  shields: { ...emptyPaged<DayShieldDto>(), day: null },
  shieldAdd: closedAdder,
  shieldRemove: noRemover,
  settings: {
    data: null,
    loading: false,
    savingRules: false,
    savingDefaults: false,
    error: null,
    serverErrors: {},
  },
  quotas: { items: [], loading: false, loaded: false, savingId: null, error: null },
};

type AdderKey = 'blacklistAdd' | 'blacklistImport' | 'shieldAdd';
type RemoverKey = 'blacklistRemove' | 'shieldRemove';
type ListKey = 'blacklist' | 'shields';

const slice = createSlice({
  name: 'shields',
  initialState: initialShieldsState,
  reducers: {
    /** A fresh first page (search changed or after a write), or the next page with `more`. */
    listRequested(state, action: PayloadAction<{ list: ListKey; phone?: string; more?: boolean }>) {
      const l = state[action.payload.list];
      l.loading = true;
      if (action.payload.phone !== undefined) l.phone = action.payload.phone;
    },
    blacklistLoaded(
      state,
      action: PayloadAction<{ items: CallBlacklistEntryDto[]; nextBefore: number | null; more: boolean }>,
    ) {
      const l = state.blacklist;
      l.items = action.payload.more ? [...l.items, ...action.payload.items] : action.payload.items;
      l.nextBefore = action.payload.nextBefore;
      l.loading = false;
      l.loaded = true;
      const ids = new Set(l.items.map((i) => i.id));
      l.selected = l.selected.filter((id) => ids.has(id));
    },
    shieldsLoaded(
      state,
      action: PayloadAction<{ items: DayShieldDto[]; nextBefore: number | null; more: boolean; day: string }>,
    ) {
      const l = state.shields;
      l.items = action.payload.more ? [...l.items, ...action.payload.items] : action.payload.items;
      l.nextBefore = action.payload.nextBefore;
      l.day = action.payload.day;
      l.loading = false;
      l.loaded = true;
    },
    listFailed(state, action: PayloadAction<ListKey>) {
      state[action.payload].loading = false;
      state[action.payload].loaded = true;
    },
    selectionToggled(state, action: PayloadAction<number>) {
      const s = state.blacklist.selected;
      const i = s.indexOf(action.payload);
      if (i >= 0) s.splice(i, 1);
      else s.push(action.payload);
    },
    selectAll(state, action: PayloadAction<boolean>) {
      state.blacklist.selected = action.payload ? state.blacklist.items.map((i) => i.id) : [];
    },

    adderOpened(state, action: PayloadAction<{ key: AdderKey; open: boolean }>) {
      state[action.payload.key] = { ...closedAdder, open: action.payload.open };
    },
    blacklistAddRequested(state, _action: PayloadAction<{ phone: string; reason: string }>) {
      state.blacklistAdd = { ...state.blacklistAdd, pending: true, result: null, error: null };
    },
    blacklistImportRequested(state, _action: PayloadAction<{ fileKey: string; reason: string }>) {
      state.blacklistImport = { ...state.blacklistImport, pending: true, result: null, error: null };
    },
    shieldAddRequested(state, _action: PayloadAction<{ phone: string }>) {
      state.shieldAdd = { ...state.shieldAdd, pending: true, result: null, error: null };
    },
    adderDone(state, action: PayloadAction<{ key: AdderKey; result: AddNumbersResult }>) {
      state[action.payload.key] = {
        ...state[action.payload.key],
        pending: false,
        result: action.payload.result,
      };
    },
    adderFailed(state, action: PayloadAction<{ key: AdderKey; error: string }>) {
      state[action.payload.key] = {
        ...state[action.payload.key],
        pending: false,
        error: action.payload.error,
      };
    },

    removeOpened(state, action: PayloadAction<{ key: RemoverKey; ids: number[] }>) {
      state[action.payload.key] = { ...noRemover, ids: action.payload.ids };
    },
    removeClosed(state, action: PayloadAction<RemoverKey>) {
      state[action.payload] = noRemover;
    },
    removeRequested(state, action: PayloadAction<RemoverKey>) {
      state[action.payload].pending = true;
      state[action.payload].error = null;
    },
    removeDone(state, action: PayloadAction<RemoverKey>) {
      const ids = new Set(state[action.payload].ids);
      if (action.payload === 'blacklistRemove') {
        state.blacklist.items = state.blacklist.items.filter((i) => !ids.has(i.id));
        state.blacklist.selected = state.blacklist.selected.filter((id) => !ids.has(id));
      } else state.shields.items = state.shields.items.filter((i) => !ids.has(i.id));
      state[action.payload] = noRemover;
    },
    removeFailed(state, action: PayloadAction<{ key: RemoverKey; error: string }>) {
      state[action.payload.key].pending = false;
      state[action.payload.key].error = action.payload.error;
    },

    settingsRequested(state) {
      state.settings.loading = true;
    },
    settingsLoaded(state, action: PayloadAction<DialSettingsDto>) {
      state.settings = { ...initialShieldsState.settings, data: action.payload };
    },
    settingsFailed(state, action: PayloadAction<{ message: string; fieldErrors: Record<string, string> }>) {
      state.settings.loading = false;
      state.settings.savingRules = false;
      state.settings.savingDefaults = false;
      state.settings.error = action.payload.message;
      state.settings.serverErrors = action.payload.fieldErrors;
    },
    rulesSaveRequested(state, _action: PayloadAction<number[]>) {
      state.settings.savingRules = true;
      state.settings.error = null;
    },
    defaultsSaveRequested(state, _action: PayloadAction<DialDefaultsInput>) {
      state.settings.savingDefaults = true;
      state.settings.error = null;
      state.settings.serverErrors = {};
    },

    quotasRequested(state) {
      state.quotas.loading = true;
    },
    quotasLoaded(state, action: PayloadAction<QuotaRowDto[]>) {
      state.quotas = { ...initialShieldsState.quotas, items: action.payload, loaded: true };
    },
    quotasFailed(state) {
      state.quotas.loading = false;
      state.quotas.loaded = true;
    },
    quotaSaveRequested(state, action: PayloadAction<{ accountId: number; concurrencyQuota: number | null }>) {
      state.quotas.savingId = action.payload.accountId;
      state.quotas.error = null;
    },
    quotaSaved(state, action: PayloadAction<QuotaRowDto>) {
      const i = state.quotas.items.findIndex((q) => q.accountId === action.payload.accountId);
      if (i >= 0) state.quotas.items[i] = action.payload;
      state.quotas.savingId = null;
    },
    quotaFailed(state, action: PayloadAction<string>) {
      state.quotas.savingId = null;
      state.quotas.error = action.payload;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialShieldsState),
});

export const shieldsActions = slice.actions;
export const shieldsReducer = slice.reducer;
export const selectShields = (s: { shields: ShieldsState }) => s.shields;
