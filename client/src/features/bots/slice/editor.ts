// The bot editor: the draft being edited (saved with draftRev), what is selected, the checker's
// problems, and save / check / submit progress.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BotDetail, BotProblem, BotRow, BotVersionRow } from '../../../../../domain/bot/api';
import type { BotDefinition } from '../../../../../domain/bot/definition';
import { authActions } from '../../auth/slice';
import type { EditorTab, Target } from '../model/paths';

export interface EditorState {
  id: number | null;
  bot: BotRow | null;
  definition: BotDefinition | null;
  draftRev: number;
  dirty: boolean;
  loading: boolean;
  saving: boolean;
  /** Someone else saved the draft since we loaded it (409). */
  conflict: boolean;
  problems: BotProblem[] | null;
  checking: boolean;
  submitting: boolean;
  tab: EditorTab;
  flowId: string | null;
  nodeId: string | null;
  branch: number | null;
  questionId: string | null;
  ruleId: string | null;
  /** The published versions, while their dialog is open (null: closed). */
  versions: BotVersionRow[] | null;
}

export const initialEditorState: EditorState = {
  id: null,
  bot: null,
  definition: null,
  draftRev: 0,
  dirty: false,
  loading: false,
  saving: false,
  conflict: false,
  problems: null,
  checking: false,
  submitting: false,
  tab: 'main',
  flowId: null,
  nodeId: null,
  branch: null,
  questionId: null,
  ruleId: null,
  versions: null,
};

const rowOf = (d: BotDetail): BotRow => {
  const { definition: _d, draftRev: _r, ...row } = d;
  return row;
};

const slice = createSlice({
  name: 'botEditor',
  initialState: initialEditorState,
  reducers: {
    opened(state, action: PayloadAction<number>) {
      if (state.id !== action.payload) Object.assign(state, initialEditorState);
      state.id = action.payload;
      state.loading = true;
      state.conflict = false;
    },
    loaded(state, action: PayloadAction<BotDetail>) {
      const d = action.payload;
      state.bot = rowOf(d);
      state.definition = d.definition;
      state.draftRev = d.draftRev;
      state.dirty = false;
      state.loading = false;
      state.conflict = false;
      const main = d.definition.flows.find((f) => f.kind === 'main');
      if (!state.flowId || !d.definition.flows.some((f) => f.id === state.flowId)) {
        state.flowId = main?.id ?? null;
        state.nodeId = null;
        state.branch = null;
      }
    },
    loadFailed(state) {
      state.loading = false;
    },
    tabChanged(state, action: PayloadAction<EditorTab>) {
      state.tab = action.payload;
      if (action.payload === 'main' || action.payload === 'multi') {
        const current = state.definition?.flows.find((f) => f.id === state.flowId);
        if (current?.kind !== action.payload) {
          state.flowId = state.definition?.flows.find((f) => f.kind === action.payload)?.id ?? null;
          state.nodeId = null;
          state.branch = null;
        }
      }
    },
    selected(state, action: PayloadAction<Partial<Omit<Target, 'flowId'>> & { flowId?: string | null }>) {
      const t = action.payload;
      if (t.tab) state.tab = t.tab;
      if (t.flowId !== undefined) state.flowId = t.flowId;
      state.nodeId = t.nodeId ?? null;
      state.branch = t.branch ?? null;
      if (t.questionId !== undefined) state.questionId = t.questionId;
      if (t.ruleId !== undefined) state.ruleId = t.ruleId;
    },
    definitionChanged(state, action: PayloadAction<BotDefinition>) {
      state.definition = action.payload;
      state.dirty = true;
    },
    saveRequested(state) {
      state.saving = true;
    },
    saved(state, action: PayloadAction<BotDetail>) {
      state.saving = false;
      state.bot = rowOf(action.payload);
      state.draftRev = action.payload.draftRev;
      state.definition = action.payload.definition;
      state.dirty = false;
    },
    saveFailed(state) {
      state.saving = false;
    },
    conflicted(state) {
      state.saving = false;
      state.submitting = false;
      state.conflict = true;
    },
    conflictDismissed(state) {
      state.conflict = false;
    },
    versionsRequested() {},
    versionsLoaded(state, action: PayloadAction<BotVersionRow[]>) {
      state.versions = action.payload;
    },
    versionsClosed(state) {
      state.versions = null;
    },
    checkRequested(state) {
      state.checking = true;
    },
    checked(state, action: PayloadAction<BotProblem[]>) {
      state.checking = false;
      state.problems = action.payload;
    },
    checkFailed(state) {
      state.checking = false;
    },
    problemsClosed(state) {
      state.problems = null;
    },
    submitRequested(state) {
      state.submitting = true;
    },
    submitted(state, action: PayloadAction<BotRow>) {
      state.submitting = false;
      state.bot = { ...state.bot, ...action.payload };
    },
    submitFailed(state) {
      state.submitting = false;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialEditorState),
});

export const editorActions = slice.actions;
export const editorReducer = slice.reducer;
