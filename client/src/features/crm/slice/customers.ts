// My customers: filters, the keyset-paged list, row selection, tags and the open dialog.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CustomerDto, FollowUpDto, TagDto } from '../../../../../domain/crm';
import { authActions } from '../../auth/slice';
import { dropRows, selectAll, takePage, toggleSelected } from './pagedList';
import type { CustomerInput, FieldErrors } from '../types';

export type CustomerSort = 'id' | 'importedAt' | 'createdAt' | 'score' | 'lastCalledAt';

export interface CustomerFilters {
  name: string;
  phone: string;
  stage: number | null;
  focus: boolean | null;
  tagId: number | null;
  /** Grade code (A–F 21–26, or a result level). */
  grade: number | null;
  /** Called at least once (true) or never (false). */
  called: boolean | null;
  /** yyyy-MM-dd, local days, inclusive; '' for open. */
  lastCalledFrom: string;
  lastCalledTo: string;
  sort: CustomerSort;
}

export type CustomerDialog =
  { kind: 'none' } | { kind: 'edit'; customer: CustomerDto | null } | { kind: 'delete' } | { kind: 'tags' };

export interface CustomersState {
  filters: CustomerFilters;
  items: CustomerDto[];
  next: string | null;
  loading: boolean;
  loadingMore: boolean;
  error: string | null;
  selected: number[];
  tags: TagDto[];
  dialog: CustomerDialog;
  saving: boolean;
  formError: string | null;
  fieldErrors: FieldErrors;
}

export const PAGE_SIZE = 50;

export const emptyFilters: CustomerFilters = {
  name: '',
  phone: '',
  stage: null,
  focus: null,
  tagId: null,
  grade: null,
  called: null,
  lastCalledFrom: '',
  lastCalledTo: '',
  sort: 'id',
};

export const initialCustomersState: CustomersState = {
  filters: emptyFilters,
  items: [],
  next: null,
  loading: false,
  loadingMore: false,
  error: null,
  selected: [],
  tags: [],
  dialog: { kind: 'none' },
  saving: false,
  formError: null,
  fieldErrors: {},
};

const slice = createSlice({
  name: 'crmCustomers',
  initialState: initialCustomersState,
  reducers: {
    filtersChanged(state, action: PayloadAction<Partial<CustomerFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
    },
    filtersReset(state) {
      state.filters = emptyFilters;
    },
    /** Reload from the first page with the current filters. */
    listRequested(state) {
      state.loading = true;
      state.error = null;
    },
    moreRequested(state) {
      state.loadingMore = true;
    },
    listLoaded(state, action: PayloadAction<{ items: CustomerDto[]; next: string | null; append: boolean }>) {
      const { items, next, append } = action.payload;
      takePage(state, items, append);
      state.next = next;
      state.loading = false;
      state.loadingMore = false;
    },
    listFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.loadingMore = false;
      state.error = action.payload;
    },
    selectionToggled(state, action: PayloadAction<number>) {
      toggleSelected(state, action.payload);
    },
    allSelected(state, action: PayloadAction<boolean>) {
      selectAll(state, action.payload);
    },
    tagsRequested() {},
    tagsLoaded(state, action: PayloadAction<TagDto[]>) {
      state.tags = action.payload;
    },
    tagCreateRequested(_state, _action: PayloadAction<string>) {},
    tagCreated(state, action: PayloadAction<TagDto>) {
      state.tags.push(action.payload);
    },
    dialogOpened(state, action: PayloadAction<CustomerDialog>) {
      state.dialog = action.payload;
      state.saving = false;
      state.formError = null;
      state.fieldErrors = {};
    },
    dialogClosed(state) {
      state.dialog = { kind: 'none' };
      state.saving = false;
    },
    saveRequested(state, _action: PayloadAction<{ id: number | null; input: CustomerInput }>) {
      state.saving = true;
      state.formError = null;
      state.fieldErrors = {};
    },
    /** A created customer goes on top; an edited one is replaced where it is. */
    customerSaved(state, action: PayloadAction<{ customer: CustomerDto; created: boolean }>) {
      const { customer, created } = action.payload;
      if (created) state.items.unshift(customer);
      else state.items = state.items.map((c) => (c.id === customer.id ? customer : c));
      state.dialog = { kind: 'none' };
      state.saving = false;
    },
    requestFailed(state, action: PayloadAction<{ message: string; fieldErrors: FieldErrors }>) {
      state.saving = false;
      state.formError = action.payload.message;
      state.fieldErrors = action.payload.fieldErrors;
    },
    focusRequested(_state, _action: PayloadAction<{ id: number; focus: boolean }>) {},
    focusChanged(state, action: PayloadAction<{ id: number; focus: boolean }>) {
      const c = state.items.find((i) => i.id === action.payload.id);
      if (c) c.focus = action.payload.focus;
    },
    deleteRequested(state, _action: PayloadAction<{ ids: number[]; confirm: string }>) {
      state.saving = true;
      state.formError = null;
    },
    /** Deleted, or released to the sea: gone from my list. */
    customersRemoved(state, action: PayloadAction<number[]>) {
      dropRows(state, action.payload);
      state.dialog = { kind: 'none' };
      state.saving = false;
    },
    tagAssignRequested(
      state,
      _action: PayloadAction<{ customerIds: number[]; add: number[]; remove: number[] }>,
    ) {
      state.saving = true;
      state.formError = null;
    },
    tagsAssigned(state, action: PayloadAction<{ customerIds: number[]; add: number[]; remove: number[] }>) {
      const { customerIds, add, remove } = action.payload;
      for (const c of state.items) {
        if (!customerIds.includes(c.id)) continue;
        c.tagIds = [...new Set([...c.tagIds.filter((t) => !remove.includes(t)), ...add])];
      }
      state.dialog = { kind: 'none' };
      state.saving = false;
    },
    releaseRequested(_state, _action: PayloadAction<number[]>) {},
    /** A follow-up was written in the drawer: the row shows the new stage and date. */
    followUpWritten(state, action: PayloadAction<FollowUpDto>) {
      const c = state.items.find((i) => i.id === action.payload.customerId);
      if (!c) return;
      c.stage = action.payload.stage;
      if (action.payload.recordType === 1) c.lastFollowUpAt = action.payload.createdAt;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialCustomersState),
});

export const customersActions = slice.actions;
export const customersReducer = slice.reducer;
