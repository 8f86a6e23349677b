// Reception scenes state (/dialcenter/callin, the scenes tab): the scenes of the subtree, what the
// form offers (lines, bots, seat groups), one editor and one delete confirmation at a time. The
// page's inbound records are the call-records feature's state (view 'callin').
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SceneDto, SceneInput } from '../../../../domain/scenes';
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

export type SceneKind = 'scene';

export interface SaveScene {
  id: number | null;
  input: SceneInput;
}

export interface SceneOptions {
  /** Each line with its inbound numbers (a scene may only take one of these). */
  lines: Array<{ id: number; name: string; enabled: boolean; numbers?: string[] }>;
  bots: Array<{ id: number; name: string; own: boolean; ownerAccount?: string }>;
  groups: Array<{ id: number; name: string; ownerAccount: string }>;
}

export interface CallinState {
  scenes: ListState<SceneDto>;
  options: SceneOptions;
  error: string | null;
  editor: EditorState<SceneKind>;
  deleting: DeletingState<SceneKind>;
}

export const initialCallinState: CallinState = {
  scenes: emptyList(),
  options: { lines: [], bots: [], groups: [] },
  error: null,
  editor: closedEditor(),
  deleting: closedDeleting(),
};

const slice = createSlice({
  name: 'callin',
  initialState: initialCallinState,
  reducers: {
    scenesRequested(state) {
      state.scenes.loading = true;
      state.error = null;
    },
    scenesLoaded(state, action: PayloadAction<{ scenes: SceneDto[]; options: SceneOptions }>) {
      state.scenes = { items: action.payload.scenes, loading: false, loaded: true };
      state.options = action.payload.options;
    },
    scenesFailed(state, action: PayloadAction<string>) {
      state.scenes.loading = false;
      state.error = action.payload;
    },
    ...editorReducers<SceneKind, SceneKind, SaveScene>(),
    saved(state, action: PayloadAction<SceneDto>) {
      const list = state.scenes.items;
      const i = list.findIndex((x) => x.id === action.payload.id);
      if (i >= 0) list[i] = action.payload;
      else list.push(action.payload);
      state.editor = closedEditor();
    },
    deleted(state, action: PayloadAction<number>) {
      state.scenes.items = state.scenes.items.filter((x) => x.id !== action.payload);
      state.deleting = closedDeleting();
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialCallinState),
});

export const callinActions = slice.actions;
export const callinReducer = slice.reducer;
export const selectCallin = (s: { callin: CallinState }) => s.callin;
