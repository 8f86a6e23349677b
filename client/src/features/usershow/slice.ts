// User info page state (/system/usershow): the accounts the viewer may look at (itself and its
// subtree, searched and paged), the chosen one and its info card.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccountChoice, AccountInfo } from '../../../../domain/accountInfo';

export interface UserShowState {
  choices: {
    q: string;
    items: AccountChoice[];
    nextAfterId: number | null;
    loading: boolean;
    error: string | null;
  };
  selectedId: number | null;
  info: { data: AccountInfo | null; loading: boolean; error: string | null };
}

const initialState: UserShowState = {
  choices: { q: '', items: [], nextAfterId: null, loading: false, error: null },
  selectedId: null,
  info: { data: null, loading: false, error: null },
};

const slice = createSlice({
  name: 'usershow',
  initialState,
  reducers: {
    /** A new search (first page), or the next page when `more`. */
    choicesRequested(s, a: PayloadAction<{ q: string; more?: boolean }>) {
      s.choices.q = a.payload.q;
      s.choices.loading = true;
      s.choices.error = null;
    },
    choicesLoaded(
      s,
      a: PayloadAction<{ items: AccountChoice[]; nextAfterId: number | null; more: boolean }>,
    ) {
      s.choices.items = a.payload.more ? [...s.choices.items, ...a.payload.items] : a.payload.items;
      s.choices.nextAfterId = a.payload.nextAfterId;
      s.choices.loading = false;
    },
    choicesFailed(s, a: PayloadAction<string>) {
      s.choices.loading = false;
      s.choices.error = a.payload;
    },
    infoRequested(s, a: PayloadAction<number>) {
      s.selectedId = a.payload;
      s.info.loading = true;
      s.info.error = null;
      if (s.info.data?.id !== a.payload) s.info.data = null;
    },
    infoLoaded(s, a: PayloadAction<AccountInfo>) {
      s.info.data = a.payload;
      s.info.loading = false;
    },
    infoFailed(s, a: PayloadAction<string>) {
      s.info.loading = false;
      s.info.error = a.payload;
    },
  },
});

export const userShowActions = slice.actions;
export const userShowReducer = slice.reducer;
export const selectUserShow = (s: { usershow: UserShowState }): UserShowState => s.usershow;
