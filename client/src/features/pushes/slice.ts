// The API and push page (/set/apiandpush): push addresses, the secret shown once after create or
// rotate, the task push secret, the delivery log, the platform's private-target switch, and the
// result of a test push.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  DeliveryStatus,
  PushAddressDto,
  PushAddressInput,
  PushDeliveryDto,
  PushPlatformDto,
  TaskSecretDto,
  TestPushResult,
} from '../../../../domain/pushes';
import { authActions } from '../auth/slice';

export interface SecretShown {
  /** Whose secret: an address's name, or null for the task push secret. */
  name: string | null;
  secret: string;
}

export interface PushesState {
  addresses: { items: PushAddressDto[]; loading: boolean; loaded: boolean };
  editor: {
    open: boolean;
    id: number | null;
    saving: boolean;
    formError: string | null;
    serverErrors: Record<string, string>;
  };
  deleting: { id: number | null; pending: boolean; error: string | null };
  secret: SecretShown | null;
  testing: { id: number | null; result: TestPushResult | null };
  taskSecret: TaskSecretDto | null;
  platform: PushPlatformDto | null;
  deliveries: {
    items: PushDeliveryDto[];
    status: DeliveryStatus | '';
    loading: boolean;
    loaded: boolean;
    nextBefore: number | null;
  };
}

export const initialPushesState: PushesState = {
  addresses: { items: [], loading: false, loaded: false },
  editor: { open: false, id: null, saving: false, formError: null, serverErrors: {} },
  deleting: { id: null, pending: false, error: null },
  secret: null,
  testing: { id: null, result: null },
  taskSecret: null,
  platform: null,
  deliveries: { items: [], status: '', loading: false, loaded: false, nextBefore: null },
};

const upsert = (items: PushAddressDto[], a: PushAddressDto) => {
  const i = items.findIndex((x) => x.id === a.id);
  if (i >= 0) items[i] = a;
  else items.push(a);
};

const slice = createSlice({
  name: 'pushes',
  initialState: initialPushesState,
  reducers: {
    pageOpened(state) {
      state.addresses.loading = true;
      state.deliveries.loading = true;
    },
    addressesLoaded(state, action: PayloadAction<PushAddressDto[]>) {
      state.addresses = { items: action.payload, loading: false, loaded: true };
    },
    addressesFailed(state) {
      state.addresses.loading = false;
    },
    taskSecretLoaded(state, action: PayloadAction<TaskSecretDto>) {
      state.taskSecret = action.payload;
    },
    platformLoaded(state, action: PayloadAction<PushPlatformDto>) {
      state.platform = action.payload;
    },
    platformChangeRequested(_state, _action: PayloadAction<boolean>) {},

    editorOpened(state, action: PayloadAction<number | null>) {
      state.editor = { ...initialPushesState.editor, open: true, id: action.payload };
    },
    editorClosed(state) {
      state.editor = initialPushesState.editor;
    },
    saveRequested(state, _action: PayloadAction<{ id: number | null; input: PushAddressInput }>) {
      state.editor.saving = true;
      state.editor.formError = null;
      state.editor.serverErrors = {};
    },
    saved(state, action: PayloadAction<{ address: PushAddressDto; secret?: string }>) {
      upsert(state.addresses.items, action.payload.address);
      state.editor = initialPushesState.editor;
      if (action.payload.secret)
        state.secret = { name: action.payload.address.name, secret: action.payload.secret };
    },
    saveFailed(state, action: PayloadAction<{ message: string; fieldErrors: Record<string, string> }>) {
      state.editor.saving = false;
      state.editor.formError = action.payload.message;
      state.editor.serverErrors = action.payload.fieldErrors;
    },

    rotateRequested(_state, _action: PayloadAction<number>) {},
    taskSecretRotateRequested() {},
    secretShown(state, action: PayloadAction<SecretShown>) {
      state.secret = action.payload;
    },
    secretClosed(state) {
      state.secret = null;
    },

    testRequested(state, action: PayloadAction<number>) {
      state.testing = { id: action.payload, result: null };
    },
    testDone(state, action: PayloadAction<TestPushResult>) {
      state.testing.result = action.payload;
    },
    testClosed(state) {
      state.testing = initialPushesState.testing;
    },

    deleteOpened(state, action: PayloadAction<number>) {
      state.deleting = { id: action.payload, pending: false, error: null };
    },
    deleteClosed(state) {
      state.deleting = initialPushesState.deleting;
    },
    deleteRequested(state) {
      state.deleting.pending = true;
      state.deleting.error = null;
    },
    deleted(state, action: PayloadAction<number>) {
      state.addresses.items = state.addresses.items.filter((a) => a.id !== action.payload);
      state.deleting = initialPushesState.deleting;
    },
    deleteFailed(state, action: PayloadAction<string>) {
      state.deleting.pending = false;
      state.deleting.error = action.payload;
    },

    deliveriesRequested(state, action: PayloadAction<{ status: DeliveryStatus | ''; more?: boolean }>) {
      state.deliveries.loading = true;
      state.deliveries.status = action.payload.status;
    },
    deliveriesLoaded(
      state,
      action: PayloadAction<{ items: PushDeliveryDto[]; nextBefore: number | null; more: boolean }>,
    ) {
      const { items, nextBefore, more } = action.payload;
      state.deliveries.items = more ? [...state.deliveries.items, ...items] : items;
      state.deliveries.nextBefore = nextBefore;
      state.deliveries.loading = false;
      state.deliveries.loaded = true;
    },
    deliveriesFailed(state) {
      state.deliveries.loading = false;
    },
    retryRequested(_state, _action: PayloadAction<number>) {},
    deliveryUpdated(state, action: PayloadAction<PushDeliveryDto>) {
      const i = state.deliveries.items.findIndex((d) => d.id === action.payload.id);
      if (i >= 0) state.deliveries.items[i] = action.payload;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialPushesState),
});

export const pushesActions = slice.actions;
export const pushesReducer = slice.reducer;
export const selectPushes = (s: { pushes: PushesState }) => s.pushes;
