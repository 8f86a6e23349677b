import { createAction } from '@reduxjs/toolkit';
import type { SagaIterator, Task } from 'redux-saga';
import { cancel, fork, put, select, take } from 'redux-saga/effects';
import { holdForSnapshot, whilePageOpen, type LivePage } from './snapshotLive';

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

describe('holdForSnapshot', () => {
  it('keeps events while a snapshot loads or none is on screen, the newest `max`', () => {
    const s = { loading: true, view: { n: 1 }, pending: [] as number[] };
    for (const e of [1, 2, 3]) holdForSnapshot(s, e, 2);
    expect(s.pending).toEqual([2, 3]);
    const none = { loading: false, view: null, pending: [] as number[] };
    holdForSnapshot(none, 9, 2);
    expect(none.pending).toEqual([9]);
    const shown = { loading: false, view: { n: 1 }, pending: [] as number[] };
    holdForSnapshot(shown, 9, 2);
    expect(shown.pending).toEqual([]);
  });
});
