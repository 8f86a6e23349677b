// Wallboard sagas: the snapshot of the picked account, the socket's events as wallboard events with
// exactly their listeners removed, rooms joined before the snapshot is loaded, and a picked call's
// room joined before its transcript is read.
import { call, cancel, fork, put, select, take } from 'redux-saga/effects';
import { Events } from '../../../../domain/events';
import { api } from '../../api';
import type { Task } from 'redux-saga';
import type { AppSocket } from '../../socket/channel';
import {
  followCall,
  followCalls,
  leaveRoom,
  joinAll,
  joinAndLoad,
  loadWallSaga,
  wallChannel,
  type WallMessage,
} from './sagas';
import { wallboardActions as W, initialWallboardState, selectWallboard } from './slice';
import { fakeSocket } from '../../socket/fakeSocket';

jest.mock('../../app/env', () => ({ API_BASE: '' }));

it('loads the snapshot of the picked account', () => {
  const g = loadWallSaga();
  expect(g.next().value).toEqual(select(selectWallboard));
  expect(g.next({ ...initialWallboardState, accountId: 7 }).value).toEqual(
    call(api.get, '/api/wallboard?accountId=7'),
  );
  const s = { accountId: 7 } as never;
  expect(g.next(s).value).toEqual(put(W.snapshotLoaded(s)));
});

it('turns socket events into wallboard messages and removes exactly its listeners', () => {
  const socket = fakeSocket();
  const ch = wallChannel(socket as never);
  const got: WallMessage[] = [];
  const pump = () => ch.take((m) => got.push(m as WallMessage));
  for (let i = 0; i < 7; i++) pump();
  socket.fire(Events.CallState, { callUuid: 'a' });
  socket.fire(Events.CallTransfer, { callUuid: 'a' });
  socket.fire(Events.SeatState, { seatId: 1 });
  socket.fire(Events.TaskProgress, { taskId: 2 });
  socket.fire(Events.CallLine, { callUuid: 'a' });
  socket.fire(Events.CallPartial, { callUuid: 'a' });
  socket.fire('connect');
  expect(got.map((m) => (m.type === 'event' ? m.event.kind : m.type))).toEqual([
    'call',
    'transfer',
    'seat',
    'task',
    'line',
    'partial',
    'connect',
  ]);
  ch.close();
  expect([...socket.listeners.values()].every((s) => s.size === 0)).toBe(true);
});

it('joins the rooms before it asks for the snapshot', () => {
  const socket = {} as AppSocket;
  const g = joinAndLoad(socket);
  expect(g.next().value).toEqual(select(selectWallboard));
  expect(g.next(initialWallboardState).value).toEqual(put(W.liveChanged({ status: 'joining' })));
  expect(g.next().value).toEqual(call(api.get, '/api/wallboard/rooms'));
  expect(g.next({ accountIds: [5, 6], complete: true }).value).toEqual(
    call(joinAll, socket, ['account:5', 'account:6']),
  );
  expect(g.next(1).value).toEqual(put(W.liveChanged({ status: 'failed', complete: true })));
  expect(g.next().value).toEqual(put(W.snapshotRequested()));
});

it("joins a picked call's room before reading its transcript, and says so when refused", () => {
  const socket = {} as AppSocket;
  const g = followCall(socket, W.callPicked('u1'));
  expect(g.next().value).toEqual(call(joinAll, socket, ['call:u1']));
  expect(g.next(0).value).toEqual(put(W.transcriptFailed('u1')));
});

it('counts the granted joins', async () => {
  const socket = {
    timeout: () => ({
      emitWithAck: (_ev: string, req: { room: string }) =>
        req.room === 'bad'
          ? Promise.reject(new Error('timeout'))
          : Promise.resolve({ code: req.room === 'no' ? 404 : 200 }),
    }),
  } as unknown as AppSocket;
  expect(await joinAll(socket, ['a', 'no', 'bad', 'b'])).toBe(2);
});

/** A forked task as the middleware would return it (only compared here, never run). */
const createMockTask = () => ({ '@@redux-saga/TASK': true, id: Math.random() }) as unknown as Task;

it('leaves the room of the call it followed before, on a new pick, on close and when the wallboard closes', () => {
  const socket = {} as AppSocket;
  const g = followCalls(socket);
  const picks = take([W.callPicked.type, W.transcriptClosed.type]);
  expect(g.next().value).toEqual(picks);
  expect(g.next(W.callPicked('u1')).value).toEqual(fork(followCall, socket, W.callPicked('u1')));
  const t1 = createMockTask();
  expect(g.next(t1).value).toEqual(picks);
  // The same call again (a reconnection re-picks it): no leave, join again.
  expect(g.next(W.callPicked('u1')).value).toEqual(cancel(t1));
  expect(g.next().value).toEqual(fork(followCall, socket, W.callPicked('u1')));
  const t2 = createMockTask();
  expect(g.next(t2).value).toEqual(picks);
  expect(g.next(W.callPicked('u2')).value).toEqual(cancel(t2));
  expect(g.next().value).toEqual(call(leaveRoom, socket, 'call:u1'));
  expect(g.next().value).toEqual(fork(followCall, socket, W.callPicked('u2')));
  expect(g.next(createMockTask()).value).toEqual(picks);
  expect(g.next(W.transcriptClosed()).value).toEqual(cancel(expect.anything()));
  expect(g.next().value).toEqual(call(leaveRoom, socket, 'call:u2'));
  expect(g.next().value).toEqual(picks);
  expect(g.next(W.callPicked('u3')).value).toEqual(fork(followCall, socket, W.callPicked('u3')));
  expect(g.next(createMockTask()).value).toEqual(picks);
  expect(g.return(undefined).value).toEqual(call(leaveRoom, socket, 'call:u3'));
});

it('asks the server to leave a room', () => {
  const emit = jest.fn();
  leaveRoom({ emit } as never, 'call:u1');
  expect(emit).toHaveBeenCalledWith('room:leave', { room: 'call:u1' }, expect.any(Function));
});
