import { createAction } from '@reduxjs/toolkit';
import type { SagaIterator, Task } from 'redux-saga';
import { cancel, fork, put, select, take } from 'redux-saga/effects';
import {
  whilePageOpen,
  withLiveEvent,
  withSnapshot,
  type LiveMerge,
  type LivePage,
  type LiveState,
} from './snapshotLive';

const opened = createAction('page/opened');
const closed = createAction('page/closed');
const fetch = createAction('page/fetch');
const isOpen = (s: { page: { open: boolean } }) => s.page.open;
function* watch(_x: number): SagaIterator {}

describe('whilePageOpen', () => {
  it('starts the watcher when the page opens (or at once if open), stops it when it closes, again and again', () => {
    const page: LivePage = { isOpen, opened: opened.type, closed: closed.type, onStart: fetch() };
    const g = whilePageOpen(page, watch, 7);
    expect(g.next().value).toEqual(select(page.isOpen));
    expect(g.next(false).value).toEqual(take(opened.type));
    expect(g.next().value).toEqual(fork(watch, 7));
    const task = { id: 1 } as unknown as Task;
    expect(g.next(task).value).toEqual(put(fetch()));
    expect(g.next().value).toEqual(take(closed.type));
    expect(g.next().value).toEqual(cancel(task));
    expect(g.next().value).toEqual(select(page.isOpen));
    // Already open (it opened before the socket session began): no wait for `opened`.
    expect(g.next(true).value).toEqual(fork(watch, 7));
  });

  it('puts nothing on a start when the page asks for nothing', () => {
    const g = whilePageOpen({ isOpen, opened: opened.type, closed: closed.type }, watch, 1);
    g.next();
    g.next(true);
    expect(g.next({ id: 2 }).value).toEqual(take(closed.type));
  });
});

// A toy page: the snapshot is a set of ids as of a time; events are ids stamped with a time; the view
// counts each id once. Events older than the snapshot are in it already.
interface Snap {
  asOf: number;
  ids: string[];
}
interface View extends Snap {
  applied: number;
}
type Ev = { id: string; at: number };
const toy: LiveMerge<Snap, View, Ev> = {
  keep: (s, events) => events.filter((e) => e.at >= s.asOf),
  merge: (base, events) => {
    const ids = [...base.ids];
    let applied = (base as Partial<View>).applied ?? 0;
    for (const e of events) {
      if (ids.includes(e.id)) continue;
      ids.push(e.id);
      applied++;
    }
    return { ...base, ids, applied };
  },
  max: 2,
};
const ev = (id: string, at: number): Ev => ({ id, at });

describe('withLiveEvent', () => {
  it('holds events while a snapshot loads or none is on screen, the newest `max`', () => {
    let s: LiveState<View, Ev> = { loading: true, view: null, pending: [] };
    for (const e of [ev('a', 1), ev('b', 2), ev('c', 3)]) s = { ...s, ...withLiveEvent(toy, s, e) };
    expect(s.pending.map((e) => e.id)).toEqual(['b', 'c']);
    expect(s.view).toBeNull();
    s = { loading: false, view: null, pending: [] };
    expect(withLiveEvent(toy, s, ev('d', 4)).pending).toEqual([ev('d', 4)]);
  });

  it('applies an event to the view on screen at once, and holds it only while a new snapshot loads', () => {
    const view: View = { asOf: 5, ids: ['x'], applied: 0 };
    const shown = withLiveEvent(toy, { loading: false, view, pending: [] }, ev('y', 6));
    expect(shown).toEqual({ view: { asOf: 5, ids: ['x', 'y'], applied: 1 }, pending: [] });
    const reloading = withLiveEvent(toy, { loading: true, view, pending: [] }, ev('y', 6));
    expect(reloading.view!.ids).toEqual(['x', 'y']);
    expect(reloading.pending).toEqual([ev('y', 6)]);
    expect(view.ids).toEqual(['x']); // pure: the state passed in is not touched
  });
});

describe('withSnapshot', () => {
  it('sets the view from the snapshot, keeps held events it lacks and drops the older ones', () => {
    const held = [ev('old', 1), ev('new', 9), ev('seen', 9)];
    const r = withSnapshot(toy, held, { asOf: 5, ids: ['seen'] });
    expect(r).toEqual({ view: { asOf: 5, ids: ['seen', 'new'], applied: 1 }, pending: [] });
    // Merging incrementally later gives what merging at once gives.
    const later = withLiveEvent(toy, { loading: false, view: r.view, pending: [] }, ev('new', 9));
    expect(later.view).toEqual(r.view);
  });
});
