// Telephony configuration state: SIP lines and voice gateways (/system/dockset), FreeSWITCH nodes
// (/systemset/clusterserver, live status over the socket) and recognizer settings (/systemset/emptyasr).
// One editor and one delete confirmation at a time, whatever the page.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FsStatusEvent } from '../../../../domain/events';
import type {
  AsrAccountDto,
  AsrInput,
  FsNodeDto,
  FsNodeInput,
  GatewayDto,
  GatewayInput,
  SipLineDto,
  SipLineInput,
} from '../../../../domain/telephony-config';
import {
  closedDeleting,
  closedEditor,
  editorReducers,
  emptyList,
  type DeletingState,
  type EditorState,
  type ListState,
} from '../../ui/editorState';
import { authActions } from '../auth/slice';

export type EditorKind = 'line' | 'gateway' | 'node' | 'asr';
export type DeletableKind = 'line' | 'gateway' | 'node';

export type SaveRequest =
  | { kind: 'line'; id: number | null; input: SipLineInput }
  | { kind: 'gateway'; id: number | null; input: GatewayInput }
  | { kind: 'node'; id: number | null; input: FsNodeInput }
  | { kind: 'asr'; id: number; input: AsrInput };

export interface AssignOption {
  id: number;
  account: string;
  realName: string;
  level: number;
  assigned: boolean;
}

export interface TelephonyState {
  lines: ListState<SipLineDto>;
  gateways: ListState<GatewayDto>;
  nodes: ListState<FsNodeDto>;
  asr: ListState<AsrAccountDto>;
  editor: EditorState<EditorKind>;
  deleting: DeletingState<DeletableKind>;
  assign: { lineId: number | null; options: AssignOption[]; loading: boolean; saving: boolean };
}

export const initialTelephonyState: TelephonyState = {
  lines: emptyList(),
  gateways: emptyList(),
  nodes: emptyList(),
  asr: emptyList(),
  editor: closedEditor(),
  deleting: closedDeleting(),
  assign: { lineId: null, options: [], loading: false, saving: false },
};

type ListKey = 'lines' | 'gateways' | 'nodes' | 'asr';
const listOf: Record<EditorKind, ListKey> = { line: 'lines', gateway: 'gateways', node: 'nodes', asr: 'asr' };
const idOf = (kind: EditorKind, item: { id?: number; accountId?: number }) =>
  kind === 'asr' ? item.accountId! : item.id!;

function upsert<T extends { id?: number; accountId?: number }>(
  list: ListState<T>,
  kind: EditorKind,
  item: T,
) {
  const i = list.items.findIndex((x) => idOf(kind, x) === idOf(kind, item));
  if (i >= 0) list.items[i] = item;
  else list.items.push(item);
}

const slice = createSlice({
  name: 'telephony',
  initialState: initialTelephonyState,
  reducers: {
    listRequested(state, action: PayloadAction<ListKey>) {
      state[action.payload].loading = true;
    },
    linesLoaded(state, action: PayloadAction<SipLineDto[]>) {
      state.lines = { items: action.payload, loading: false, loaded: true };
    },
    gatewaysLoaded(state, action: PayloadAction<GatewayDto[]>) {
      state.gateways = { items: action.payload, loading: false, loaded: true };
    },
    nodesLoaded(state, action: PayloadAction<FsNodeDto[]>) {
      state.nodes = { items: action.payload, loading: false, loaded: true };
    },
    asrLoaded(state, action: PayloadAction<AsrAccountDto[]>) {
      state.asr = { items: action.payload, loading: false, loaded: true };
    },
    listFailed(state, action: PayloadAction<ListKey>) {
      state[action.payload].loading = false;
    },

    ...editorReducers<EditorKind, DeletableKind, SaveRequest>(),
    saved(
      state,
      action: PayloadAction<
        | { kind: 'line'; item: SipLineDto }
        | { kind: 'gateway'; item: GatewayDto }
        | { kind: 'node'; item: FsNodeDto }
        | { kind: 'asr'; item: AsrAccountDto }
      >,
    ) {
      const { kind, item } = action.payload;
      upsert(state[listOf[kind]] as ListState<typeof item>, kind, item);
      state.editor = initialTelephonyState.editor;
    },

    enableRequested(_state, _action: PayloadAction<{ id: number; enabled: boolean }>) {},
    lineUpdated(state, action: PayloadAction<SipLineDto>) {
      upsert(state.lines, 'line', action.payload);
    },

    deleted(state, action: PayloadAction<{ kind: DeletableKind; id: number }>) {
      const list = state[listOf[action.payload.kind]] as ListState<{ id: number }>;
      list.items = list.items.filter((x) => x.id !== action.payload.id);
      state.deleting = initialTelephonyState.deleting;
    },

    assignOpened(state, action: PayloadAction<number>) {
      state.assign = { lineId: action.payload, options: [], loading: true, saving: false };
    },
    assignLoaded(state, action: PayloadAction<AssignOption[]>) {
      state.assign.options = action.payload;
      state.assign.loading = false;
    },
    assignRequested(state, _action: PayloadAction<{ lineId: number; accountIds: number[] }>) {
      state.assign.saving = true;
    },
    assignDone(state, action: PayloadAction<SipLineDto>) {
      upsert(state.lines, 'line', action.payload);
      state.assign = initialTelephonyState.assign;
    },
    assignFailed(state) {
      state.assign.loading = false;
      state.assign.saving = false;
    },
    assignClosed(state) {
      state.assign = initialTelephonyState.assign;
    },

    asrResetRequested(_state, _action: PayloadAction<number>) {},
    asrUpdated(state, action: PayloadAction<AsrAccountDto>) {
      upsert(state.asr, 'asr', action.payload);
    },

    /** The cluster page is showing: listen to fs:status until it goes. */
    fsStatusReceived(state, action: PayloadAction<FsStatusEvent>) {
      const n = state.nodes.items.find((x) => x.id === action.payload.nodeId);
      if (n) n.status = action.payload.status;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialTelephonyState),
});

export const telephonyActions = slice.actions;
export const telephonyReducer = slice.reducer;

export const selectTelephony = (s: { telephony: TelephonyState }) => s.telephony;
