// Managing tags and tag groups: the dialog, the groups (the tags themselves live in `customers.tags`),
// one form at a time (create or edit a group or a tag), and the delete confirmation.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TagGroupDto } from '../../../../../domain/crm';
import { authActions } from '../../auth/slice';
import type { FieldErrors } from '../types';

export type TagEntity = 'group' | 'tag';

export interface TagSave {
  entity: TagEntity;
  /** null creates. */
  id: number | null;
  body: { name: string; color?: string; groupId?: number | null };
}

export interface TagTarget {
  entity: TagEntity;
  id: number;
  name: string;
}

export interface TagAdminState {
  open: boolean;
  groups: TagGroupDto[];
  saving: boolean;
  /** The form the last refusal belongs to, with its field errors (server-translated or i18n keys). */
  errors: { entity: TagEntity; fields: FieldErrors; message: string | null } | null;
  /** Bumped on every save, so the forms know to clear themselves. */
  savedCount: number;
  confirm: TagTarget | null;
}

export const initialTagAdminState: TagAdminState = {
  open: false,
  groups: [],
  saving: false,
  errors: null,
  savedCount: 0,
  confirm: null,
};

const slice = createSlice({
  name: 'crmTagAdmin',
  initialState: initialTagAdminState,
  reducers: {
    opened(state) {
      state.open = true;
      state.errors = null;
      state.confirm = null;
    },
    closed(state) {
      state.open = false;
    },
    groupsLoaded(state, action: PayloadAction<TagGroupDto[]>) {
      state.groups = action.payload;
    },
    saveRequested(state, _action: PayloadAction<TagSave>) {
      state.saving = true;
      state.errors = null;
    },
    saved(state) {
      state.saving = false;
      state.savedCount += 1;
    },
    saveFailed(
      state,
      action: PayloadAction<{ entity: TagEntity; fields: FieldErrors; message: string | null }>,
    ) {
      state.saving = false;
      state.errors = action.payload;
    },
    deleteAsked(state, action: PayloadAction<TagTarget>) {
      state.confirm = action.payload;
    },
    deleteCancelled(state) {
      state.confirm = null;
    },
    deleteRequested(state, _action: PayloadAction<TagTarget>) {
      state.confirm = null;
      state.saving = true;
    },
    deleted(state) {
      state.saving = false;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialTagAdminState),
});

export const tagAdminActions = slice.actions;
export const tagAdminReducer = slice.reducer;
