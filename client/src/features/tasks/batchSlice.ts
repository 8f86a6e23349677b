// The batch task page's state (批量任务, /dialcenter/multtask): the list of every kind of task the
// account holds, the filters, what the batch acts on (the ticked rows or, chosen explicitly, all the
// filter matches), the open dialog (confirm a move, call periods, a number file), and the last batch's
// per-task result. Each opened dialog gets its own request id: a double submit is one batch.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TaskBatchFilter, TaskBatchImportReply, TaskBatchReply } from '../../../../domain/taskBatch';
import type { TaskAction, TaskDto } from '../../../../domain/tasks';
import { authActions } from '../auth/slice';

export type BatchDialog = { kind: 'move'; action: TaskAction } | { kind: 'periods' } | { kind: 'numbers' };

export type BatchResult =
  | { kind: 'move'; action: TaskAction; reply: TaskBatchReply }
  | { kind: 'periods'; reply: TaskBatchReply }
  | { kind: 'numbers'; reply: TaskBatchImportReply };

export interface PeriodsRequest {
  callPeriods: string[];
  noCallPeriods: string[];
}

export interface TaskBatchState {
  filters: TaskBatchFilter;
  page: number;
  list: { items: TaskDto[]; total: number; loading: boolean; loaded: boolean };
  selected: number[];
  /** The user chose "all N filtered" (explicitly); cleared by any change of filters or selection. */
  allFiltered: boolean;
  bots: { id: number; name: string }[];
  dialog: BatchDialog | null;
  requestId: string | null;
  saving: boolean;
  formError: string | null;
  fieldErrors: Record<string, string>;
  result: BatchResult | null;
}

export const BATCH_PAGE_SIZE = 20;

export const initialTaskBatchState: TaskBatchState = {
  filters: { scope: 'own' },
  page: 1,
  list: { items: [], total: 0, loading: false, loaded: false },
  selected: [],
  allFiltered: false,
  bots: [],
  dialog: null,
  requestId: null,
  saving: false,
  formError: null,
  fieldErrors: {},
  result: null,
};

const slice = createSlice({
  name: 'taskBatch',
  initialState: initialTaskBatchState,
  reducers: {
    pageOpened() {
      return initialTaskBatchState;
    },
    listRequested(state, action: PayloadAction<{ filters?: TaskBatchFilter; page?: number } | undefined>) {
      const p = action.payload ?? {};
      if (p.filters) {
        state.filters = p.filters;
        state.selected = [];
        state.allFiltered = false;
      }
      if (p.page !== undefined) state.page = p.page;
      state.list.loading = true;
    },
    listLoaded(state, action: PayloadAction<{ items: TaskDto[]; total: number }>) {
      state.list = { ...action.payload, loading: false, loaded: true };
      // Ticks stay on the rows still listed; the filter's total may have changed.
      const ids = new Set(action.payload.items.map((x) => x.id));
      state.selected = state.selected.filter((id) => ids.has(id));
    },
    listFailed(state) {
      state.list.loading = false;
      state.list.loaded = true;
    },
    botsLoaded(state, action: PayloadAction<{ id: number; name: string }[]>) {
      state.bots = action.payload;
    },
    toggled(state, action: PayloadAction<number>) {
      const id = action.payload;
      state.allFiltered = false;
      state.selected = state.selected.includes(id)
        ? state.selected.filter((x) => x !== id)
        : [...state.selected, id];
    },
    allToggled(state, action: PayloadAction<boolean>) {
      state.allFiltered = false;
      state.selected = action.payload ? state.list.items.map((x) => x.id) : [];
    },
    allFilteredChosen(state) {
      state.allFiltered = true;
    },
    selectionCleared(state) {
      state.selected = [];
      state.allFiltered = false;
    },
    dialogOpened(state, action: PayloadAction<{ dialog: BatchDialog; requestId: string }>) {
      state.dialog = action.payload.dialog;
      state.requestId = action.payload.requestId;
      state.saving = false;
      state.formError = null;
      state.fieldErrors = {};
    },
    dialogClosed(state) {
      if (state.saving) return;
      state.dialog = null;
      state.requestId = null;
    },
    moveRequested(state) {
      state.saving = true;
      state.formError = null;
    },
    periodsRequested(state, _action: PayloadAction<PeriodsRequest>) {
      state.saving = true;
      state.formError = null;
      state.fieldErrors = {};
    },
    /** The file waits in ui/uploads (stashFile) under this key. */
    numbersRequested(state, _action: PayloadAction<{ fileKey: string }>) {
      state.saving = true;
      state.formError = null;
    },
    batchDone(state, action: PayloadAction<BatchResult>) {
      state.saving = false;
      state.dialog = null;
      state.requestId = null;
      state.result = action.payload;
    },
    batchFailed(state, action: PayloadAction<{ message: string; fieldErrors: Record<string, string> }>) {
      state.saving = false;
      state.formError = action.payload.message;
      state.fieldErrors = action.payload.fieldErrors;
    },
    resultClosed(state) {
      state.result = null;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialTaskBatchState),
});

export const taskBatchActions = slice.actions;
export const taskBatchReducer = slice.reducer;
export const selectTaskBatch = (s: { taskBatch: TaskBatchState }): TaskBatchState => s.taskBatch;
