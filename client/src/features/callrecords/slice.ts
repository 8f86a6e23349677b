// Call records state (/crm/dialrecord all records, /dialcenter/callout outbound): the page's view and
// filters, the keyset-paged list, row selection, filter options, the open record with its audio (blob
// urls of the authenticated audio files), the batch dialogs and the running export.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  CallRecordDetail,
  CallRecordRow,
  CallRecordView,
  MoveReply,
  RepeatDialReply,
} from '../../../../domain/callRecords';
import { authActions } from '../auth/slice';

export interface RecordFilters {
  /** datetime-local values (local wall time); converted to ISO when sent. */
  from: string;
  to: string;
  levels: number[];
  taskId: number | null;
  botId: number | null;
  minTalkS: string;
  maxTalkS: string;
  phone: string;
  name: string;
  read: boolean | null;
  focus: boolean | null;
  llmGrade: string;
}

export const emptyFilters: RecordFilters = {
  from: '',
  to: '',
  levels: [],
  taskId: null,
  botId: null,
  minTalkS: '',
  maxTalkS: '',
  phone: '',
  name: '',
  read: null,
  focus: null,
  llmGrade: '',
};

export interface RecordOptions {
  tasks: { id: number; name: string; status: number }[];
  bots: { id: number; name: string }[];
  accounts: { id: number; account: string; realName: string }[];
}

export type RecordDialog = 'none' | 'export' | 'allocate' | 'repeat' | 'delete' | 'move';

/** A batch action's scope: the selected rows, or every record matching the filter when chosen. */
export type Scope = { ids: number[] } | { filter: true };

export interface ExportJob {
  exportJobId: number;
  status: string;
  rows: number;
  fileName: string | null;
  downloadUrl: string | null;
}

export type ActionResult =
  | { kind: 'move'; reply: MoveReply }
  | { kind: 'repeat'; reply: RepeatDialReply }
  | { kind: 'allocate'; count: number }
  | { kind: 'delete'; deleted: number };

export interface CallRecordsState {
  view: CallRecordView;
  filters: RecordFilters;
  items: CallRecordRow[];
  next: string | null;
  loading: boolean;
  loadingMore: boolean;
  error: string | null;
  selected: number[];
  /** The user chose "all N filtered" explicitly: batch actions act on the filter, not the rows. */
  allFiltered: boolean;
  /** How many records the current filter matches (asked for when the user picks "all filtered"). */
  filteredTotal: number | null;
  options: RecordOptions;
  openUuid: string | null;
  detail: CallRecordDetail | null;
  detailLoading: boolean;
  detailError: string | null;
  /** Audio file url -> object url of the fetched file, or 'failed'. */
  audio: Record<string, string>;
  dialog: RecordDialog;
  saving: boolean;
  formError: string | null;
  fieldErrors: Record<string, string>;
  result: ActionResult | null;
  exportJob: ExportJob | null;
}

export const PAGE_SIZE = 50;

export const initialState: CallRecordsState = {
  view: 'dialrecord',
  filters: emptyFilters,
  items: [],
  next: null,
  loading: false,
  loadingMore: false,
  error: null,
  selected: [],
  allFiltered: false,
  filteredTotal: null,
  options: { tasks: [], bots: [], accounts: [] },
  openUuid: null,
  detail: null,
  detailLoading: false,
  detailError: null,
  audio: {},
  dialog: 'none',
  saving: false,
  formError: null,
  fieldErrors: {},
  result: null,
  exportJob: null,
};

export interface AllocateRequest {
  mode: 0 | 1 | 2;
  targets?: number[];
  quantities?: number[];
}

const slice = createSlice({
  name: 'callRecords',
  initialState,
  reducers: {
    /** The page mounted for a view: a different view starts over. */
    viewEntered(state, action: PayloadAction<CallRecordView>) {
      if (state.view !== action.payload) return { ...initialState, view: action.payload };
      return state;
    },
    filtersChanged(state, action: PayloadAction<Partial<RecordFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
      state.allFiltered = false;
      state.filteredTotal = null;
    },
    filtersReset(state) {
      state.filters = emptyFilters;
      state.allFiltered = false;
      state.filteredTotal = null;
    },
    /** The user picked "all N filtered" (the count is asked for, then filteredCounted). */
    allFilteredChosen(state) {
      state.allFiltered = true;
      state.selected = [];
    },
    filteredCounted(state, action: PayloadAction<number>) {
      state.filteredTotal = action.payload;
    },
    selectionCleared(state) {
      state.selected = [];
      state.allFiltered = false;
    },
    listRequested(state) {
      state.loading = true;
      state.error = null;
    },
    moreRequested(state) {
      state.loadingMore = true;
    },
    listLoaded(
      state,
      action: PayloadAction<{ items: CallRecordRow[]; next: string | null; append: boolean }>,
    ) {
      const { items, next, append } = action.payload;
      state.items = append ? [...state.items, ...items] : items;
      state.next = next;
      state.loading = false;
      state.loadingMore = false;
      if (!append) {
        state.selected = [];
        state.allFiltered = false;
        state.filteredTotal = null;
      }
    },
    listFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.loadingMore = false;
      state.error = action.payload;
    },
    optionsRequested() {},
    optionsLoaded(state, action: PayloadAction<RecordOptions>) {
      state.options = action.payload;
    },
    selectionToggled(state, action: PayloadAction<number>) {
      const id = action.payload;
      state.allFiltered = false;
      state.selected = state.selected.includes(id)
        ? state.selected.filter((x) => x !== id)
        : [...state.selected, id];
    },
    allSelected(state, action: PayloadAction<boolean>) {
      state.allFiltered = false;
      state.selected = action.payload ? state.items.map((i) => i.id) : [];
    },
    opened(state, action: PayloadAction<string>) {
      state.openUuid = action.payload;
      state.detail = null;
      state.detailLoading = true;
      state.detailError = null;
    },
    detailLoaded(state, action: PayloadAction<CallRecordDetail>) {
      state.detail = action.payload;
      state.detailLoading = false;
      // Opening marks it read.
      const row = state.items.find((i) => i.callUuid === action.payload.callUuid);
      if (row) row.read = true;
    },
    detailFailed(state, action: PayloadAction<string>) {
      state.detailLoading = false;
      state.detailError = action.payload;
    },
    audioLoaded(state, action: PayloadAction<{ url: string; objectUrl: string }>) {
      state.audio[action.payload.url] = action.payload.objectUrl;
    },
    closed(state) {
      state.openUuid = null;
      state.detail = null;
      state.audio = {};
    },
    focusRequested(_state, _action: PayloadAction<{ uuid: string; focus: boolean }>) {},
    focusSet(state, action: PayloadAction<{ uuid: string; focus: boolean }>) {
      const row = state.items.find((i) => i.callUuid === action.payload.uuid);
      if (row) row.focus = action.payload.focus;
      if (state.detail?.callUuid === action.payload.uuid) state.detail.focus = action.payload.focus;
    },
    dialogOpened(state, action: PayloadAction<RecordDialog>) {
      state.dialog = action.payload;
      state.formError = null;
      state.fieldErrors = {};
      state.result = null;
      if (action.payload === 'export') state.exportJob = null;
    },
    dialogClosed(state) {
      state.dialog = 'none';
      state.saving = false;
      state.result = null;
    },
    moveRequested(state) {
      state.saving = true;
      state.formError = null;
    },
    allocateRequested(state, _action: PayloadAction<AllocateRequest>) {
      state.saving = true;
      state.formError = null;
      state.fieldErrors = {};
    },
    repeatRequested(state, _action: PayloadAction<{ taskId: number }>) {
      state.saving = true;
      state.formError = null;
      state.fieldErrors = {};
    },
    deleteRequested(state, _action: PayloadAction<{ confirm: string }>) {
      state.saving = true;
      state.formError = null;
    },
    exportRequested(state, _action: PayloadAction<{ format: 'xlsx' | 'csv'; password: string }>) {
      state.saving = true;
      state.formError = null;
      state.fieldErrors = {};
    },
    actionDone(state, action: PayloadAction<ActionResult>) {
      state.saving = false;
      state.result = action.payload;
    },
    actionFailed(state, action: PayloadAction<{ message: string; fieldErrors?: Record<string, string> }>) {
      state.saving = false;
      state.formError = action.payload.message;
      state.fieldErrors = action.payload.fieldErrors ?? {};
    },
    exportUpdated(state, action: PayloadAction<ExportJob>) {
      state.saving = false;
      state.exportJob = action.payload;
    },
    exportDownloadRequested(_state, _action: PayloadAction<ExportJob>) {},
    exportRefreshRequested() {},
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialState),
});

export const callRecordsActions = slice.actions;
export const callRecordsReducer = slice.reducer;

export const selectCallRecords = (s: { callRecords: CallRecordsState }) => s.callRecords;
