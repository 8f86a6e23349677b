// AI tasks state (/dialcenter/singletask, /call/calling; 批量任务 has batchSlice.ts): the list with
// its filters and own/all switch, the picker options, one editor, one typed delete, the bulk reply,
// the detail drawer (numbers, status log) and the run overview.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  AddNumbersReply,
  CustomerPick,
  NumberCounts,
  NumberSources,
  NumbersPreviewReply,
  OverviewRow,
  StatusLogDto,
  TaskAction,
  TaskDto,
  TaskInput,
  TaskKind,
  TaskListQuery,
  TaskNumberDto,
} from '../../../../domain/tasks';
import type { TaskProgressEvent } from '../../../../domain/events';
import type { TaskBatchReply } from '../../../../domain/taskBatch';
import type { RunState, TaskStatus } from '../../../../domain/dialer/status';
import { authActions } from '../auth/slice';

export interface TaskOptions {
  bots: { id: number; name: string; own: boolean; ownerAccount: string }[];
  lines: { id: number; name: string; enabled: boolean; ports: number }[];
  aiSeats: number;
  /** The caller's dialing zone and hours (dial_settings), for the "dialling begins at" warning. */
  timeZone: string;
  accountPeriods: string[];
  /** Whether the caller's calls would be billed: 'noRate' means a start will be refused. */
  billing: 'billed' | 'noRate' | 'exempt';
}

export type Filters = Omit<TaskListQuery, 'kind' | 'page' | 'pageSize'>;

/** Numbers for a task: pasted, my customers by the picker's filters, or a txt/csv/xls/xlsx file. */
export type AddNumbersRequest =
  | { source: 'text'; text: string }
  | { source: 'customers'; customerIds?: number[]; filter?: CustomerPick }
  | { source: 'file'; file: File };

/** The count preview of the numbers step (the dialog's or the drawer's). */
export interface PreviewState {
  pending: boolean;
  reply: NumbersPreviewReply | null;
  error: string | null;
}

/** What the numbers of a task just created came to (shown on the page after the dialog closes). */
export interface CreatedNumbers {
  name: string;
  reply: AddNumbersReply | null;
  error: string | null;
}

export interface TasksState {
  kind: TaskKind;
  filters: Filters;
  page: number;
  list: { items: TaskDto[]; total: number; loading: boolean; loaded: boolean };
  selected: number[];
  options: TaskOptions | null;
  editor: {
    open: boolean;
    id: number | null;
    saving: boolean;
    serverErrors: Record<string, string>;
    formError: string | null;
  };
  deleting: { id: number | null; pending: boolean; error: string | null };
  bulk: { pending: boolean; action: 'start' | 'pause' | null; reply: TaskBatchReply | null };
  detail: {
    id: number | null;
    numbers: TaskNumberDto[];
    next: string | null;
    counts: NumberCounts | null;
    log: StatusLogDto[];
    loading: boolean;
    adding: boolean;
    addReply: AddNumbersReply | null;
    addError: string | null;
  };
  overview: { items: OverviewRow[]; loading: boolean; scope: 'own' | 'all' };
  sources: NumberSources | null;
  preview: PreviewState;
  created: CreatedNumbers | null;
}

export const PAGE_SIZE = 20;

export const initialTasksState: TasksState = {
  kind: 'single',
  filters: { scope: 'own' },
  page: 1,
  list: { items: [], total: 0, loading: false, loaded: false },
  selected: [],
  options: null,
  editor: { open: false, id: null, saving: false, serverErrors: {}, formError: null },
  deleting: { id: null, pending: false, error: null },
  bulk: { pending: false, action: null, reply: null },
  detail: {
    id: null,
    numbers: [],
    next: null,
    counts: null,
    log: [],
    loading: false,
    adding: false,
    addReply: null,
    addError: null,
  },
  overview: { items: [], loading: false, scope: 'all' },
  sources: null,
  preview: { pending: false, reply: null, error: null },
  created: null,
};

const slice = createSlice({
  name: 'tasks',
  initialState: initialTasksState,
  reducers: {
    pageOpened(state, action: PayloadAction<TaskKind>) {
      if (state.kind !== action.payload) {
        state.kind = action.payload;
        state.list = initialTasksState.list;
        state.selected = [];
        state.page = 1;
      }
      state.bulk = initialTasksState.bulk;
    },
    listRequested(state, action: PayloadAction<{ filters?: Filters; page?: number } | undefined>) {
      if (action.payload?.filters) state.filters = action.payload.filters;
      if (action.payload?.page) state.page = action.payload.page;
      state.list.loading = true;
    },
    listLoaded(state, action: PayloadAction<{ items: TaskDto[]; total: number }>) {
      state.list = { ...action.payload, loading: false, loaded: true };
      const ids = new Set(action.payload.items.map((t) => t.id));
      state.selected = state.selected.filter((id) => ids.has(id));
    },
    listFailed(state) {
      state.list.loading = false;
    },
    optionsLoaded(state, action: PayloadAction<TaskOptions>) {
      state.options = action.payload;
    },
    toggleSelected(state, action: PayloadAction<number>) {
      const i = state.selected.indexOf(action.payload);
      if (i >= 0) state.selected.splice(i, 1);
      else state.selected.push(action.payload);
    },
    selectAll(state, action: PayloadAction<boolean>) {
      state.selected = action.payload ? state.list.items.map((t) => t.id) : [];
    },

    editorOpened(state, action: PayloadAction<number | null>) {
      state.editor = { ...initialTasksState.editor, open: true, id: action.payload };
      state.preview = initialTasksState.preview;
    },
    editorClosed(state) {
      state.editor = initialTasksState.editor;
    },
    saveRequested(
      state,
      _action: PayloadAction<{ id: number | null; input: TaskInput; numbers?: AddNumbersRequest | null }>,
    ) {
      state.editor.saving = true;
      state.editor.serverErrors = {};
      state.editor.formError = null;
    },
    saved(state) {
      state.editor = initialTasksState.editor;
    },
    saveFailed(state, action: PayloadAction<{ message: string; fieldErrors: Record<string, string> }>) {
      state.editor.saving = false;
      state.editor.formError = action.payload.message;
      state.editor.serverErrors = action.payload.fieldErrors;
    },

    /** The numbers added to a task the dialog just created, or why they were not. */
    createdNumbers(state, action: PayloadAction<CreatedNumbers>) {
      state.created = action.payload;
    },
    createdDismissed(state) {
      state.created = null;
    },
    sourcesRequested() {},
    sourcesLoaded(state, action: PayloadAction<NumberSources>) {
      state.sources = action.payload;
    },
    previewRequested(state, _action: PayloadAction<{ taskId: number | null; numbers: AddNumbersRequest }>) {
      state.preview = { pending: true, reply: null, error: null };
    },
    previewLoaded(state, action: PayloadAction<NumbersPreviewReply>) {
      state.preview = { pending: false, reply: action.payload, error: null };
    },
    previewFailed(state, action: PayloadAction<string>) {
      state.preview = { pending: false, reply: null, error: action.payload };
    },
    /** The picker's choice changed: the old preview no longer describes it. */
    previewCleared(state) {
      state.preview = initialTasksState.preview;
    },

    copyRequested(_state, _action: PayloadAction<number>) {},
    actionRequested(_state, _action: PayloadAction<{ id: number; action: TaskAction }>) {},
    taskUpdated(state, action: PayloadAction<TaskDto>) {
      const i = state.list.items.findIndex((t) => t.id === action.payload.id);
      if (i >= 0) state.list.items[i] = action.payload;
    },

    deleteOpened(state, action: PayloadAction<number>) {
      state.deleting = { id: action.payload, pending: false, error: null };
    },
    deleteClosed(state) {
      state.deleting = initialTasksState.deleting;
    },
    deleteRequested(state, _action: PayloadAction<string>) {
      state.deleting.pending = true;
      state.deleting.error = null;
    },
    deleteFailed(state, action: PayloadAction<string>) {
      state.deleting.pending = false;
      state.deleting.error = action.payload;
    },

    bulkRequested(state, action: PayloadAction<'start' | 'pause'>) {
      state.bulk = { pending: true, action: action.payload, reply: null };
    },
    bulkDone(state, action: PayloadAction<TaskBatchReply>) {
      state.bulk.pending = false;
      state.bulk.reply = action.payload;
      state.selected = [];
    },
    bulkFailed(state) {
      state.bulk.pending = false;
    },
    bulkDismissed(state) {
      state.bulk = initialTasksState.bulk;
    },

    detailOpened(state, action: PayloadAction<number>) {
      state.detail = { ...initialTasksState.detail, id: action.payload, loading: true };
      state.preview = initialTasksState.preview;
    },
    detailClosed(state) {
      state.detail = initialTasksState.detail;
    },
    numbersRequested(state, _action: PayloadAction<{ more: boolean }>) {
      state.detail.loading = true;
    },
    numbersLoaded(
      state,
      action: PayloadAction<{
        items: TaskNumberDto[];
        next: string | null;
        counts: NumberCounts;
        more: boolean;
      }>,
    ) {
      const p = action.payload;
      state.detail.numbers = p.more ? [...state.detail.numbers, ...p.items] : p.items;
      state.detail.next = p.next;
      state.detail.counts = p.counts;
      state.detail.loading = false;
    },
    numbersFailed(state) {
      state.detail.loading = false;
    },
    logLoaded(state, action: PayloadAction<StatusLogDto[]>) {
      state.detail.log = action.payload;
    },
    addNumbersRequested(state, _action: PayloadAction<AddNumbersRequest>) {
      state.detail.adding = true;
      state.detail.addReply = null;
      state.detail.addError = null;
    },
    numbersAdded(state, action: PayloadAction<AddNumbersReply>) {
      state.detail.adding = false;
      state.detail.addReply = action.payload;
      state.detail.counts = action.payload.counts;
      state.preview = initialTasksState.preview;
    },
    addFailed(state, action: PayloadAction<string>) {
      state.detail.adding = false;
      state.detail.addError = action.payload;
    },
    removeNumbersRequested(_state, _action: PayloadAction<number[]>) {},

    overviewRequested(state, action: PayloadAction<'own' | 'all' | undefined>) {
      if (action.payload) state.overview.scope = action.payload;
      state.overview.loading = true;
    },
    overviewLoaded(state, action: PayloadAction<OverviewRow[]>) {
      state.overview.items = action.payload;
      state.overview.loading = false;
    },
    overviewFailed(state) {
      state.overview.loading = false;
    },
    /** The dial scheduler's live run overview of one task (socket task:progress). */
    progressReceived(state, action: PayloadAction<TaskProgressEvent>) {
      const p = action.payload;
      const status = p.status as TaskStatus;
      const runState = p.runState as RunState;
      const row = state.overview.items.find((x) => x.id === p.taskId);
      if (row && (!row.progress || row.progress.at <= p.at)) {
        row.progress = p;
        row.status = status;
        row.runState = runState;
        row.counts = countsOf(p, row.counts.total);
      }
      const item = state.list.items.find((x) => x.id === p.taskId);
      if (item) {
        item.status = status;
        item.runState = runState;
        item.counts = countsOf(p, item.counts.total);
      }
      if (state.detail.id === p.taskId && state.detail.counts)
        state.detail.counts = countsOf(p, state.detail.counts.total);
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialTasksState),
});

/** Number counts as the run overview tells them (the total stays what the list said). */
export function countsOf(p: TaskProgressEvent, total: number): NumberCounts {
  const pending = p.remaining + p.pendingRedials;
  return {
    pending,
    claimed: p.inProgress,
    skipped: p.skipped,
    done: Math.max(0, total - pending - p.inProgress - p.skipped),
    total,
  };
}

export const tasksActions = slice.actions;
export const tasksReducer = slice.reducer;
export const selectTasks = (s: { tasks: TasksState }): TasksState => s.tasks;
