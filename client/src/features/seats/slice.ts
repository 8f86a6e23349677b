// Seats state: groups and seats (/dialcenter/seatsmanage), the seats this account works (the desk
// panel, kept live by seat:state events from the one socket saga), and the per-seat figures
// (/dialcenter/seatsdialdata). One editor and one delete confirmation at a time.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SeatStateEvent } from '../../../../domain/events';
import type {
  SeatDto,
  SeatFiguresDto,
  SeatGroupDto,
  SeatGroupInput,
  SeatInput,
} from '../../../../domain/seats';
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

export type EditorKind = 'group' | 'seat';

export type SaveRequest =
  | { kind: 'group'; id: number | null; input: SeatGroupInput }
  | { kind: 'seat'; id: number | null; input: SeatInput };

export interface SeatUserOption {
  id: number;
  account: string;
  realName: string;
  level: number;
  seatId: number | null;
}

export interface StatePatch {
  online?: boolean;
  dnd?: boolean;
  autoAnswer?: boolean;
  ready?: true;
}

type FiguresTotals = Omit<SeatFiguresDto, 'seatId' | 'seatName' | 'groupName' | 'userAccount'>;

export interface FiguresPage {
  from: string;
  to: string;
  timeZone: string;
  items: SeatFiguresDto[];
  nextAfter: number | null;
  totals: FiguresTotals | null;
}

export interface SeatsState {
  groups: ListState<SeatGroupDto>;
  seats: ListState<SeatDto>;
  users: SeatUserOption[];
  mine: ListState<SeatDto> & { switching: number | null; error: string | null };
  editor: EditorState<EditorKind>;
  deleting: DeletingState<EditorKind>;
  figures: {
    query: { from: string; to: string; groupId: number | null };
    items: SeatFiguresDto[];
    totals: FiguresTotals | null;
    timeZone: string | null;
    nextAfter: number | null;
    loading: boolean;
    loaded: boolean;
    error: string | null;
  };
}

export const initialSeatsState: SeatsState = {
  groups: emptyList(),
  seats: emptyList(),
  users: [],
  mine: { ...emptyList<SeatDto>(), switching: null, error: null },
  editor: closedEditor(),
  deleting: closedDeleting(),
  figures: {
    query: { from: '', to: '', groupId: null },
    items: [],
    totals: null,
    timeZone: null,
    nextAfter: null,
    loading: false,
    loaded: false,
    error: null,
  },
};

function upsert<T extends { id: number }>(list: ListState<T>, item: T) {
  const i = list.items.findIndex((x) => x.id === item.id);
  if (i >= 0) list.items[i] = item;
  else list.items.push(item);
}

const slice = createSlice({
  name: 'seats',
  initialState: initialSeatsState,
  reducers: {
    listRequested(state, action: PayloadAction<'groups' | 'seats'>) {
      state[action.payload].loading = true;
    },
    groupsLoaded(state, action: PayloadAction<SeatGroupDto[]>) {
      state.groups = { items: action.payload, loading: false, loaded: true };
    },
    seatsLoaded(state, action: PayloadAction<SeatDto[]>) {
      state.seats = { items: action.payload, loading: false, loaded: true };
    },
    listFailed(state, action: PayloadAction<'groups' | 'seats'>) {
      state[action.payload].loading = false;
    },
    usersLoaded(state, action: PayloadAction<SeatUserOption[]>) {
      state.users = action.payload;
    },

    mineRequested(state) {
      state.mine.loading = true;
    },
    mineLoaded(state, action: PayloadAction<SeatDto[]>) {
      state.mine = { items: action.payload, loading: false, loaded: true, switching: null, error: null };
    },
    mineFailed(state) {
      state.mine.loading = false;
    },
    switchRequested(state, action: PayloadAction<{ seatId: number; patch: StatePatch }>) {
      state.mine.switching = action.payload.seatId;
      state.mine.error = null;
    },
    switched(state, action: PayloadAction<SeatDto>) {
      upsert(state.mine, action.payload);
      const s = state.seats.items.find((x) => x.id === action.payload.id);
      if (s) s.state = action.payload.state;
      state.mine.switching = null;
    },
    switchFailed(state, action: PayloadAction<string>) {
      state.mine.switching = null;
      state.mine.error = action.payload;
    },
    /** A live seat:state (a change, or the server's reconcile after a reconnect). */
    stateReceived(state, action: PayloadAction<SeatStateEvent>) {
      const e = action.payload;
      for (const list of [state.mine.items, state.seats.items]) {
        const s = list.find((x) => x.id === e.seatId);
        if (!s) continue;
        // An older event (out of order) never replaces a newer state.
        if (s.state.changedAt && e.state.changedAt && e.state.changedAt < s.state.changedAt) continue;
        s.state = e.state;
        s.autoAnswer = e.state.autoAnswer;
      }
    },

    ...editorReducers<EditorKind, EditorKind, SaveRequest>(),
    saved(
      state,
      action: PayloadAction<{ kind: 'group'; item: SeatGroupDto } | { kind: 'seat'; item: SeatDto }>,
    ) {
      if (action.payload.kind === 'group') upsert(state.groups, action.payload.item);
      else upsert(state.seats, action.payload.item);
      state.editor = initialSeatsState.editor;
    },

    deleted(state, action: PayloadAction<{ kind: EditorKind; id: number }>) {
      const { kind, id } = action.payload;
      if (kind === 'group') state.groups.items = state.groups.items.filter((x) => x.id !== id);
      else {
        state.seats.items = state.seats.items.filter((x) => x.id !== id);
        state.mine.items = state.mine.items.filter((x) => x.id !== id);
      }
      state.deleting = initialSeatsState.deleting;
    },

    /** A new query (first page), or `more` for the next page of the current one. */
    figuresRequested(
      state,
      action: PayloadAction<{ from: string; to: string; groupId: number | null } | { more: true }>,
    ) {
      if (!('more' in action.payload)) {
        state.figures.query = action.payload;
        state.figures.items = [];
        state.figures.nextAfter = null;
        state.figures.totals = null;
      }
      state.figures.loading = true;
      state.figures.error = null;
    },
    figuresLoaded(state, action: PayloadAction<FiguresPage>) {
      const f = state.figures;
      f.items.push(...action.payload.items);
      if (action.payload.totals) f.totals = action.payload.totals;
      f.timeZone = action.payload.timeZone;
      f.nextAfter = action.payload.nextAfter;
      f.loading = false;
      f.loaded = true;
    },
    figuresFailed(state, action: PayloadAction<string>) {
      state.figures.loading = false;
      state.figures.error = action.payload;
    },
  },
  extraReducers: (b) => b.addCase(authActions.sessionCleared, () => initialSeatsState),
});

export const seatsActions = slice.actions;
export const seatsReducer = slice.reducer;

export const selectSeats = (s: { seats: SeatsState }) => s.seats;
