// User management state (/system/usermanagemain): the whole subtree (the tree and the table are both
// drawn from it), the roles the editor may hand out, one editor, one delete confirmation and one
// password reset at a time.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccountDto, RoleDto } from '../../../../domain/api';
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

export interface AccountInput {
  account?: string;
  password?: string;
  confirm?: string;
  realName: string;
  level: 1 | 2;
  roleId: number;
  phone: string;
  position: string;
  remark: string;
  aiSeats: number;
  totalAuthorization: number;
  dialIntervalSeconds: number;
  dailyConnectLimit: number;
  dailyMinutesLimit: number;
  expiresAt: string;
}

export type UserSave = { kind: 'user'; id: number | null; input: AccountInput };

export interface PasswordState {
  id: number | null;
  saving: boolean;
  error: string | null;
  serverErrors: Record<string, string>;
}

export interface RoleInput {
  name: string;
  description: string;
  menus: string[];
}

/** The role editor (id null = new) and the role delete confirmation. */
export interface RoleEditorState {
  open: boolean;
  id: number | null;
  saving: boolean;
  error: string | null;
  serverErrors: Record<string, string>;
}
export interface RoleDeletingState {
  id: number | null;
  pending: boolean;
  error: string | null;
}

export interface SystemState {
  users: ListState<AccountDto>;
  roles: RoleDto[];
  /** The tree node whose subtree the table shows; null = everything below me. */
  nodeId: number | null;
  q: string;
  editor: EditorState<'user'>;
  deleting: DeletingState<'user'>;
  password: PasswordState;
  rolesLoaded: boolean;
  roleEditor: RoleEditorState;
  roleDeleting: RoleDeletingState;
}

const closedPassword: PasswordState = { id: null, saving: false, error: null, serverErrors: {} };
const closedRoleEditor: RoleEditorState = {
  open: false,
  id: null,
  saving: false,
  error: null,
  serverErrors: {},
};
const closedRoleDeleting: RoleDeletingState = { id: null, pending: false, error: null };

export const initialSystemState: SystemState = {
  users: emptyList(),
  roles: [],
  nodeId: null,
  q: '',
  editor: closedEditor(),
  deleting: closedDeleting(),
  password: closedPassword,
  rolesLoaded: false,
  roleEditor: closedRoleEditor,
  roleDeleting: closedRoleDeleting,
};

function upsert(items: AccountDto[], a: AccountDto) {
  const i = items.findIndex((x) => x.id === a.id);
  if (i >= 0) items[i] = a;
  else items.push(a);
}

const slice = createSlice({
  name: 'system',
  initialState: initialSystemState,
  reducers: {
    usersRequested(state) {
      state.users.loading = true;
    },
    usersLoaded(state, action: PayloadAction<AccountDto[]>) {
      state.users = { items: action.payload, loading: false, loaded: true };
    },
    usersFailed(state) {
      state.users.loading = false;
    },
    rolesRequested() {},
    rolesLoaded(state, action: PayloadAction<RoleDto[]>) {
      state.roles = action.payload;
      state.rolesLoaded = true;
    },
    roleEditorOpened(state, action: PayloadAction<number | null>) {
      state.roleEditor = { ...closedRoleEditor, open: true, id: action.payload };
    },
    roleEditorClosed(state) {
      state.roleEditor = closedRoleEditor;
    },
    roleSaveRequested(state, _action: PayloadAction<{ id: number | null; input: RoleInput }>) {
      state.roleEditor.saving = true;
      state.roleEditor.error = null;
      state.roleEditor.serverErrors = {};
    },
    roleSaved(state, action: PayloadAction<RoleDto>) {
      const i = state.roles.findIndex((r) => r.id === action.payload.id);
      if (i >= 0) state.roles[i] = action.payload;
      else state.roles.push(action.payload);
      state.roleEditor = closedRoleEditor;
    },
    roleSaveFailed(state, action: PayloadAction<{ message: string; fieldErrors: Record<string, string> }>) {
      state.roleEditor.saving = false;
      state.roleEditor.error = action.payload.message;
      state.roleEditor.serverErrors = action.payload.fieldErrors;
    },
    roleDeleteOpened(state, action: PayloadAction<number>) {
      state.roleDeleting = { ...closedRoleDeleting, id: action.payload };
    },
    roleDeleteClosed(state) {
      state.roleDeleting = closedRoleDeleting;
    },
    roleDeleteRequested(state) {
      state.roleDeleting.pending = true;
      state.roleDeleting.error = null;
    },
    roleDeleted(state, action: PayloadAction<number>) {
      state.roles = state.roles.filter((r) => r.id !== action.payload);
      state.roleDeleting = closedRoleDeleting;
    },
    roleDeleteFailed(state, action: PayloadAction<string>) {
      state.roleDeleting.pending = false;
      state.roleDeleting.error = action.payload;
    },
    nodeSelected(state, action: PayloadAction<number | null>) {
      state.nodeId = action.payload;
    },
    queryChanged(state, action: PayloadAction<string>) {
      state.q = action.payload;
    },

    ...editorReducers<'user', 'user', UserSave>(),
    saved(state, action: PayloadAction<AccountDto>) {
      upsert(state.users.items, action.payload);
      state.editor = closedEditor();
    },
    disabledRequested(_state, _action: PayloadAction<{ id: number; disabled: boolean }>) {},
    userUpdated(state, action: PayloadAction<AccountDto>) {
      upsert(state.users.items, action.payload);
    },
    deleted(state, action: PayloadAction<number>) {
      state.users.items = state.users.items.filter((x) => x.id !== action.payload);
      if (state.nodeId === action.payload) state.nodeId = null;
      state.deleting = closedDeleting();
    },

    passwordOpened(state, action: PayloadAction<number>) {
      state.password = { ...closedPassword, id: action.payload };
    },
    passwordClosed(state) {
      state.password = closedPassword;
    },
    passwordRequested(state, _action: PayloadAction<{ id: number; password: string; confirm: string }>) {
      state.password.saving = true;
      state.password.error = null;
      state.password.serverErrors = {};
    },
    passwordFailed(state, action: PayloadAction<{ message: string; fieldErrors: Record<string, string> }>) {
      state.password.saving = false;
      state.password.error = action.payload.message;
      state.password.serverErrors = action.payload.fieldErrors;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialSystemState),
});

export const systemActions = slice.actions;
export const systemReducer = slice.reducer;
export const selectSystem = (s: { system: SystemState }) => s.system;
