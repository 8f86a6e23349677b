// Snapshot, then live: the one way the dashboard, the wallboard and the seat desk follow the socket.
// While the page is open a watcher listens first (an actionChannel on the socket saga's actions),
// joins its rooms, then loads the snapshot (whilePageOpen). The slice merges with the pure functions
// below: a live event is applied to what is on screen at once and, while a snapshot loads (or none is
// on screen yet), also held in the slice's `pending` (bounded); the snapshot then sets the view, with
// the held events it may not contain merged in and the ones older than it dropped (LiveMerge.keep).
import type { Action } from '@reduxjs/toolkit';
import type { SagaIterator, Task } from 'redux-saga';
import { cancel, fork, put, select, take } from 'redux-saga/effects';

/** A live page: whether it is open, the actions that open and close it, and what to put on a start. */
export interface LivePage {
  /** Reads the page's open flag from the root state (method syntax: any slice's selector fits). */
  isOpen(state: object): boolean;
  opened: string;
  closed: string;
  /** Put after each start, e.g. a fetch that needs the watcher in place. */
  onStart?: Action;
}

/**
 * Runs `watch(...args)` while the page is open: at once if it already is, else from `opened`;
 * cancelled on `closed` (which cancels what it forked too).
 */
export function* whilePageOpen(
  page: LivePage,
  watch: (...args: never[]) => SagaIterator,
  ...args: unknown[]
): SagaIterator {
  while (true) {
    if (!((yield select(page.isOpen)) as boolean)) yield take(page.opened);
    const task = (yield fork(watch as (...a: unknown[]) => SagaIterator, ...args)) as Task;
    if (page.onStart) yield put(page.onStart);
    yield take(page.closed);
    yield cancel(task);
  }
}

/** How one page's live events go into its snapshot S, giving the view V on screen (both pure). */
export interface LiveMerge<S, V extends S, E> {
  /** The held events a fresh snapshot may not contain yet; the ones older than it are dropped. */
  keep(snapshot: S, events: readonly E[]): E[];
  /** The snapshot, or the view on screen, with the events applied (incrementally = all at once). */
  merge(base: S, events: readonly E[]): V;
  /** Beyond this many events held for a snapshot, the oldest go (the next snapshot counts them). */
  max: number;
}

/** What the merge needs of a slice: a snapshot on its way, the view on screen, the held events. */
export interface LiveState<V, E> {
  loading: boolean;
  view: V | null;
  pending: E[];
}

/** A snapshot arrived: it sets the view, with the held events it does not contain merged in. */
export function withSnapshot<S, V extends S, E>(
  m: LiveMerge<S, V, E>,
  pending: readonly E[],
  snapshot: S,
): { view: V; pending: E[] } {
  return { view: m.merge(snapshot, m.keep(snapshot, pending)), pending: [] };
}

/**
 * A live event: applied to the view on screen, if any, at once; held for the snapshot being loaded
 * (or while none is on screen), the newest `m.max`. Pass the slice's original state, not an immer
 * draft: the merges read every remembered uuid, which a draft would proxy one by one.
 */
export function withLiveEvent<S, V extends S, E>(
  m: LiveMerge<S, V, E>,
  state: LiveState<V, E>,
  event: E,
): { view: V | null; pending: E[] } {
  let pending = state.pending;
  if (state.loading || !state.view) {
    const drop = Math.max(0, pending.length + 1 - m.max);
    pending = [...pending.slice(drop), event];
  }
  return { view: state.view ? m.merge(state.view, [event]) : null, pending };
}
