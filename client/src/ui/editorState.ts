// Slice pieces of the pages that edit lists in one editor dialog and one delete confirmation at a
// time (telephony, seats): the loaded-list state, the editor and delete-confirmation states and
// their reducers (spread into createSlice; the per-list `saved` and `deleted` stay in the slice).
import type { PayloadAction } from '@reduxjs/toolkit';

export interface ListState<T> {
  items: T[];
  loading: boolean;
  loaded: boolean;
}
export const emptyList = <T>(): ListState<T> => ({ items: [], loading: false, loaded: false });

export interface EditorState<K> {
  kind: K | null;
  /** The row being edited; null for a new one. */
  id: number | null;
  saving: boolean;
  formError: string | null;
  serverErrors: Record<string, string>;
}
export const closedEditor = <K>(): EditorState<K> => ({
  kind: null,
  id: null,
  saving: false,
  formError: null,
  serverErrors: {},
});

export interface DeletingState<K> {
  kind: K | null;
  id: number | null;
  pending: boolean;
  error: string | null;
}
export const closedDeleting = <K>(): DeletingState<K> => ({
  kind: null,
  id: null,
  pending: false,
  error: null,
});

/** The editor's and the delete confirmation's reducers; `Save` is the saga's save request. */
export function editorReducers<K, D, Save>() {
  type S = { editor: EditorState<K>; deleting: DeletingState<D> };
  return {
    editorOpened(state: S, action: PayloadAction<{ kind: K; id: number | null }>) {
      state.editor = { ...closedEditor<K>(), ...action.payload };
    },
    editorClosed(state: S) {
      state.editor = closedEditor<K>();
    },
    saveRequested(state: S, _action: PayloadAction<Save>) {
      state.editor.saving = true;
      state.editor.formError = null;
      state.editor.serverErrors = {};
    },
    saveFailed(state: S, action: PayloadAction<{ message: string; fieldErrors: Record<string, string> }>) {
      state.editor.saving = false;
      state.editor.formError = action.payload.message;
      state.editor.serverErrors = action.payload.fieldErrors;
    },
    deleteOpened(state: S, action: PayloadAction<{ kind: D; id: number }>) {
      state.deleting = { ...closedDeleting<D>(), ...action.payload };
    },
    deleteClosed(state: S) {
      state.deleting = closedDeleting<D>();
    },
    deleteRequested(state: S) {
      state.deleting.pending = true;
      state.deleting.error = null;
    },
    deleteFailed(state: S, action: PayloadAction<string>) {
      state.deleting.pending = false;
      state.deleting.error = action.payload;
    },
  };
}
