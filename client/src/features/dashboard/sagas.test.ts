import { call, delay, fork, put, take } from 'redux-saga/effects';
import { channel, type Task } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import type { CallStateEvent } from '../../../../domain/events';
import { api, ApiError } from '../../api';
import { socketActions } from '../../socket/actions';
import { joinRooms, type SocketEmitter } from '../../socket/rooms';
import {
  DASHBOARD_PAGE,
  dashboardLiveSaga,
  joinAndLoad,
  LIVE_ACTIONS,
  loadSnapshotSaga,
  MONEY_REFRESH_MS,
  refreshLater,
  watchLive,
} from './sagas';
import { whilePageOpen } from '../../socket/snapshotLive';
import { dashboardActions as D, initialDashboardState } from './slice';

jest.mock('../../app/env', () => ({ API_BASE: '' }));

const endedEvent = { callUuid: 'u', status: 'ended', at: '2026-03-10T06:00:00Z' } as CallStateEvent;

describe('loadSnapshotSaga', () => {
  it('loads the snapshot', () => {
    const g = loadSnapshotSaga();
    expect(g.next().value).toEqual(call(api.get, '/api/dashboard/summary'));
    const s = { balanceFen: 1 } as never;
    expect(g.next(s).value).toEqual(put(D.snapshotLoaded(s)));
  });

  it('records the error message', () => {
    const g = loadSnapshotSaga();
    g.next();
    expect(g.throw(new ApiError('Forbidden', 403, 'envelope')).value).toEqual(
      put(D.snapshotFailed('Forbidden')),
    );
  });
});

/** The live saga's first effect is its action channel on exactly these actions; a real channel stands in. */
function startWatch(g: Generator) {
  const first = g.next().value as { type: string; payload: { pattern: unknown } };
  expect(first.type).toBe('ACTION_CHANNEL');
  expect(first.payload.pattern).toEqual(LIVE_ACTIONS);
  return channel<Action>();
}

describe('live saga', () => {
  const socket = {} as SocketEmitter;

  it('joins the rooms before it loads the snapshot', () => {
    const g = joinAndLoad(socket);
    expect(g.next().value).toEqual(put(D.liveChanged({ status: 'joining' })));
    expect(g.next().value).toEqual(call(api.get, '/api/dashboard/rooms'));
    expect(g.next({ accountIds: [7, 8], complete: false }).value).toEqual(
      call(joinRooms, socket, ['account:7', 'account:8']),
    );
    expect(g.next(2).value).toEqual(put(D.liveChanged({ status: 'on', complete: false })));
    expect(g.next().value).toEqual(put(D.snapshotRequested()));
    expect(g.next().done).toBe(true);
  });

  it('says so when rooms cannot be joined, and still loads', () => {
    const g = joinAndLoad(socket);
    g.next();
    g.next();
    expect(g.next({ accountIds: [7], complete: true }).value).toEqual(call(joinRooms, socket, ['account:7']));
    expect(g.next(0).value).toEqual(put(D.liveChanged({ status: 'failed', complete: true })));
    expect(g.next().value).toEqual(put(D.snapshotRequested()));
  });

  const ended = socketActions.callState(endedEvent);

  it('listens first, then forwards ended calls and rejoins after a reconnection', () => {
    const g = watchLive(socket);
    const ch = startWatch(g);
    const close = jest.spyOn(ch, 'close');
    expect(g.next(ch).value).toEqual(call(joinAndLoad, socket));
    expect(g.next().value).toEqual(take(ch));
    // A call that did not end moves nothing here.
    expect(g.next(socketActions.callState({ ...endedEvent, status: 'answered' })).value).toEqual(take(ch));
    expect(g.next(ended).value).toEqual(put(D.callStateReceived(endedEvent)));
    // The first ended call schedules a snapshot (balance, spend, as-of); more calls meanwhile do not.
    expect(g.next().value).toEqual(fork(refreshLater));
    const pending = { isRunning: () => true } as unknown as Task;
    expect(g.next(pending).value).toEqual(take(ch));
    expect(g.next(ended).value).toEqual(put(D.callStateReceived(endedEvent)));
    expect(g.next().value).toEqual(take(ch));
    expect(g.next(socketActions.connected()).value).toEqual(call(joinAndLoad, socket));
    g.return(undefined);
    expect(close).toHaveBeenCalled();
  });

  it('schedules the next refresh once the previous one has run', () => {
    const g = watchLive(socket);
    const ch = startWatch(g);
    g.next(ch);
    g.next();
    g.next(ended);
    expect(g.next().value).toEqual(fork(refreshLater));
    g.next({ isRunning: () => false } as unknown as Task);
    expect(g.next(ended).value).toEqual(put(D.callStateReceived(endedEvent)));
    expect(g.next().value).toEqual(fork(refreshLater));
    g.return(undefined);
  });

  it('refreshes the snapshot a while after a call ended (its charge is settled by then)', () => {
    const g = refreshLater();
    expect(g.next().value).toEqual(delay(MONEY_REFRESH_MS));
    expect(g.next().value).toEqual(put(D.snapshotRequested()));
    expect(g.next().done).toBe(true);
  });

  it('follows the page through the shared page loop, on its own open flag and actions', () => {
    const g = dashboardLiveSaga(socket);
    expect(g.next().value).toEqual(call(whilePageOpen, DASHBOARD_PAGE, watchLive, socket));
    expect(DASHBOARD_PAGE.isOpen({ dashboard: { ...initialDashboardState, watching: true } })).toBe(true);
    expect(DASHBOARD_PAGE.isOpen({ dashboard: initialDashboardState })).toBe(false);
    expect([DASHBOARD_PAGE.opened, DASHBOARD_PAGE.closed]).toEqual([D.opened.type, D.closed.type]);
  });
});
