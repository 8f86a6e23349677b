// Snapshot, then live: the one way the dashboard, the wallboard and the seat desk follow the socket.
// While the page is open a watcher listens first (an actionChannel on the socket saga's actions),
// joins its rooms, then loads the snapshot; events that arrive while a snapshot loads wait in the
// slice's `pending` (bounded) and are merged into it, and are applied to what is on screen at once.
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

interface LiveState<E> {
  loading: boolean;
  view: unknown;
  pending: E[];
}

/**
 * Keeps `event` for the snapshot being loaded (none on screen yet, or a fresh one on its way), the
 * oldest dropped beyond `max` (the next snapshot counts them). The caller merges it into the view on
 * screen, if any, as well.
 */
export function holdForSnapshot<E>(state: LiveState<E>, event: E, max: number): void {
  if (state.loading || !state.view) {
    state.pending.push(event);
    if (state.pending.length > max) state.pending.splice(0, state.pending.length - max);
  }
}
