// Merchant management state (/bussinesscentral/merchant): the merchants below me, the roles and menus
// the editor may hand out, one editor and one settlement-lock confirmation at a time.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RoleDto } from '../../../../domain/api';
import type { MerchantDto, SettlementMethod } from '../../../../domain/merchants';
import { closedEditor, emptyList, type EditorState, type ListState } from '../../ui/editorState';
import { authActions } from '../auth/slice';
import type { AccountInput } from '../system/slice';

export interface MerchantInput extends Omit<AccountInput, 'level'> {
  ratePerMinFen: number;
  settlementMethod: SettlementMethod;
  assignableMenus: string[] | null;
}

export interface MerchantSave {
  id: number | null;
  input: MerchantInput;
}

export interface LockState {
  id: number | null;
  pending: boolean;
}

export interface MerchantsState {
  list: ListState<MerchantDto>;
  roles: RoleDto[];
  /** Menus I may open to a merchant's subtree. */
  grantable: string[];
  q: string;
  editor: EditorState<'merchant'>;
  lock: LockState;
}

const closedLock: LockState = { id: null, pending: false };

export const initialMerchantsState: MerchantsState = {
  list: emptyList(),
  roles: [],
  grantable: [],
  q: '',
  editor: closedEditor(),
  lock: closedLock,
};

function upsert(items: MerchantDto[], m: MerchantDto) {
  const i = items.findIndex((x) => x.id === m.id);
  if (i >= 0) items[i] = m;
  else items.push(m);
}

const slice = createSlice({
  name: 'merchants',
  initialState: initialMerchantsState,
  reducers: {
    listRequested(state) {
      state.list.loading = true;
    },
    listLoaded(state, action: PayloadAction<MerchantDto[]>) {
      state.list = { items: action.payload, loading: false, loaded: true };
    },
    listFailed(state) {
      state.list.loading = false;
    },
    choicesLoaded(state, action: PayloadAction<{ roles: RoleDto[]; grantable: string[] }>) {
      state.roles = action.payload.roles;
      state.grantable = action.payload.grantable;
    },
    queryChanged(state, action: PayloadAction<string>) {
      state.q = action.payload;
    },
    editorOpened(state, action: PayloadAction<number | null>) {
      state.editor = { ...closedEditor<'merchant'>(), kind: 'merchant', id: action.payload };
    },
    editorClosed(state) {
      state.editor = closedEditor();
    },
    saveRequested(state, _action: PayloadAction<MerchantSave>) {
      state.editor.saving = true;
      state.editor.formError = null;
      state.editor.serverErrors = {};
    },
    saveFailed(state, action: PayloadAction<{ message: string; fieldErrors: Record<string, string> }>) {
      state.editor.saving = false;
      state.editor.formError = action.payload.message;
      state.editor.serverErrors = action.payload.fieldErrors;
    },
    saved(state, action: PayloadAction<MerchantDto>) {
      upsert(state.list.items, action.payload);
      state.editor = closedEditor();
    },
    lockOpened(state, action: PayloadAction<number>) {
      state.lock = { id: action.payload, pending: false };
    },
    lockClosed(state) {
      state.lock = closedLock;
    },
    lockRequested(state) {
      state.lock.pending = true;
    },
    lockFailed(state) {
      state.lock.pending = false;
    },
    locked(state, action: PayloadAction<MerchantDto>) {
      upsert(state.list.items, action.payload);
      state.lock = closedLock;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialMerchantsState),
});

export const merchantsActions = slice.actions;
export const merchantsReducer = slice.reducer;
export const selectMerchants = (s: { merchants: MerchantsState }) => s.merchants;
