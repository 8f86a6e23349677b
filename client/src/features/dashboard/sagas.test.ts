import { call, cancel, delay, fork, put, select, take } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import { Events, type CallStateEvent } from '../../../../domain/events';
import { api, ApiError } from '../../api';
import type { AppSocket } from '../../socket/channel';
import {
  dashboardLiveSaga,
  joinAndLoad,
  joinRooms,
  liveChannel,
  loadSnapshotSaga,
  MONEY_REFRESH_MS,
  refreshLater,
  watchLive,
  type LiveMessage,
} from './sagas';
import { dashboardActions as D, initialDashboardState, selectDashboard } from './slice';
import { fakeSocket } from '../../socket/fakeSocket';

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

describe('liveChannel', () => {
  it('passes ended calls and connections, and removes exactly its listeners', () => {
    const s = fakeSocket();
    const ch = liveChannel(s as unknown as AppSocket);
    s.fire(Events.CallState, { ...endedEvent, status: 'answered' });
    s.fire(Events.CallState, endedEvent);
    s.fire('connect');
    const got: LiveMessage[] = [];
    ch.take((m) => got.push(m as LiveMessage));
    ch.take((m) => got.push(m as LiveMessage));
    expect(got).toEqual([{ type: 'ended', event: endedEvent }, { type: 'connect' }]);
    ch.close();
    expect(s.listeners.get(Events.CallState)?.size).toBe(0);
    expect(s.listeners.get('connect')?.size).toBe(0);
  });
});

describe('joinRooms', () => {
  it('asks for each sub-account room and counts the granted ones', async () => {
    const emitWithAck = jest.fn((_ev: string, req: { room: string }) =>
      req.room === 'account:3'
        ? Promise.reject(new Error('timeout'))
        : Promise.resolve({ code: req.room === 'account:2' ? 404 : 200 }),
    );
    const socket = { timeout: jest.fn(() => ({ emitWithAck })) };
    expect(await joinRooms(socket as unknown as AppSocket, [1, 2, 3, 4])).toBe(2);
    expect(emitWithAck).toHaveBeenCalledWith('room:join', { room: 'account:1' });
    expect(await joinRooms(socket as unknown as AppSocket, [])).toBe(0);
  });
});

describe('live saga', () => {
  const socket = {} as AppSocket;

  it('joins the rooms before it loads the snapshot', () => {
    const g = joinAndLoad(socket);
    expect(g.next().value).toEqual(put(D.liveChanged({ status: 'joining' })));
    expect(g.next().value).toEqual(call(api.get, '/api/dashboard/rooms'));
    expect(g.next({ accountIds: [7, 8], complete: false }).value).toEqual(call(joinRooms, socket, [7, 8]));
    expect(g.next(2).value).toEqual(put(D.liveChanged({ status: 'on', complete: false })));
    expect(g.next().value).toEqual(put(D.snapshotRequested()));
    expect(g.next().done).toBe(true);
  });

  it('says so when rooms cannot be joined, and still loads', () => {
    const g = joinAndLoad(socket);
    g.next();
    g.next();
    expect(g.next({ accountIds: [7], complete: true }).value).toEqual(call(joinRooms, socket, [7]));
    expect(g.next(0).value).toEqual(put(D.liveChanged({ status: 'failed', complete: true })));
    expect(g.next().value).toEqual(put(D.snapshotRequested()));
  });

  it('listens first, then forwards ended calls and rejoins after a reconnection', () => {
    const s = fakeSocket();
    const ch = liveChannel(s as unknown as AppSocket);
    const g = watchLive(socket);
    expect(g.next().value).toEqual(call(liveChannel, socket));
    expect(g.next(ch).value).toEqual(call(joinAndLoad, socket));
    expect(g.next().value).toEqual(take(ch));
    expect(g.next({ type: 'ended', event: endedEvent }).value).toEqual(put(D.callStateReceived(endedEvent)));
    // The first ended call schedules a snapshot (balance, spend, as-of); more calls meanwhile do not.
    expect(g.next().value).toEqual(fork(refreshLater));
    const pending = { isRunning: () => true } as unknown as Task;
    expect(g.next(pending).value).toEqual(take(ch));
    expect(g.next({ type: 'ended', event: endedEvent }).value).toEqual(put(D.callStateReceived(endedEvent)));
    expect(g.next().value).toEqual(take(ch));
    expect(g.next({ type: 'connect' }).value).toEqual(call(joinAndLoad, socket));
    g.return(undefined);
    expect(s.off).toHaveBeenCalledTimes(2);
  });

  it('schedules the next refresh once the previous one has run', () => {
    const ch = liveChannel(fakeSocket() as unknown as AppSocket);
    const g = watchLive(socket);
    g.next();
    g.next(ch);
    g.next();
    g.next({ type: 'ended', event: endedEvent });
    expect(g.next().value).toEqual(fork(refreshLater));
    g.next({ isRunning: () => false } as unknown as Task);
    expect(g.next({ type: 'ended', event: endedEvent }).value).toEqual(put(D.callStateReceived(endedEvent)));
    expect(g.next().value).toEqual(fork(refreshLater));
    g.return(undefined);
  });

  it('refreshes the snapshot a while after a call ended (its charge is settled by then)', () => {
    const g = refreshLater();
    expect(g.next().value).toEqual(delay(MONEY_REFRESH_MS));
    expect(g.next().value).toEqual(put(D.snapshotRequested()));
    expect(g.next().done).toBe(true);
  });

  it('follows the page: starts when it opens (or is already open) and stops when it closes', () => {
    const g = dashboardLiveSaga(socket);
    expect(g.next().value).toEqual(select(selectDashboard));
    expect(g.next(initialDashboardState).value).toEqual(take(D.opened));
    expect(g.next().value).toEqual(fork(watchLive, socket));
    const task = { id: 1 } as unknown as Task;
    expect(g.next(task).value).toEqual(take(D.closed));
    expect(g.next().value).toEqual(cancel(task));
    expect(g.next().value).toEqual(select(selectDashboard));
    expect(g.next({ ...initialDashboardState, watching: true }).value).toEqual(fork(watchLive, socket));
  });
});
