// Wallboard sagas: the snapshot of the picked account, the socket saga's actions as wallboard
// events, rooms joined before the snapshot is loaded, and a picked call's room joined before its
// transcript is read.
import { call, cancel, fork, put, select, take } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import type {
  CallLineEvent,
  CallPartialEvent,
  CallStateEvent,
  CallTransferEvent,
  SeatStateEvent,
  TaskProgressEvent,
} from '../../../../domain/events';
import { api } from '../../api';
import { channel, type Task } from 'redux-saga';
import { socketActions } from '../../socket/actions';
import { joinRooms, leaveRoom, type SocketEmitter } from '../../socket/rooms';
import { seatsActions } from '../seats/slice';
import { tasksActions } from '../tasks/slice';
import { followCall, followCalls, joinAndLoad, loadWallSaga, WALL_ACTIONS, watchWall } from './sagas';
import { wallboardActions as W, initialWallboardState, selectWallboard } from './slice';

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

it("turns the socket saga's actions into wallboard events, lines and partials, and rejoins on a reconnect", () => {
  const socket = {} as SocketEmitter;
  const g = watchWall(socket);
  const first = g.next().value as { type: string; payload: { pattern: unknown } };
  expect(first.type).toBe('ACTION_CHANNEL');
  expect(first.payload.pattern).toEqual(WALL_ACTIONS);
  const ch = channel<Action>();
  const close = jest.spyOn(ch, 'close');
  g.next(ch); // fork(followCalls)
  g.next(createMockTask()); // takeLatest(accountPicked)
  expect(g.next(createMockTask()).value).toEqual(call(joinAndLoad, socket));
  expect(g.next().value).toEqual(take(ch));
  const e = { callUuid: 'a' };
  const cases: [Action, Action][] = [
    [socketActions.callState(e as CallStateEvent), W.eventReceived({ kind: 'call', e: e as CallStateEvent })],
    [
      socketActions.callTransfer(e as CallTransferEvent),
      W.eventReceived({ kind: 'transfer', e: e as CallTransferEvent }),
    ],
    [
      seatsActions.stateReceived({ seatId: 1 } as SeatStateEvent),
      W.eventReceived({ kind: 'seat', e: { seatId: 1 } as SeatStateEvent }),
    ],
    [
      tasksActions.progressReceived({ taskId: 2 } as TaskProgressEvent),
      W.eventReceived({ kind: 'task', e: { taskId: 2 } as TaskProgressEvent }),
    ],
    [socketActions.callLine(e as CallLineEvent), W.lineReceived(e as CallLineEvent)],
    [socketActions.callPartial(e as CallPartialEvent), W.partialReceived(e as CallPartialEvent)],
  ];
  for (const [action, put_] of cases) {
    expect(g.next(action).value).toEqual(put(put_));
    expect(g.next().value).toEqual(take(ch));
  }
  expect(g.next(socketActions.connected()).value).toEqual(call(joinAndLoad, socket));
  expect(g.next().value).toEqual(select(selectWallboard));
  g.return(undefined);
  expect(close).toHaveBeenCalled();
});

it('joins the rooms before it asks for the snapshot', () => {
  const socket = {} as SocketEmitter;
  const g = joinAndLoad(socket);
  expect(g.next().value).toEqual(select(selectWallboard));
  expect(g.next(initialWallboardState).value).toEqual(put(W.liveChanged({ status: 'joining' })));
  expect(g.next().value).toEqual(call(api.get, '/api/wallboard/rooms'));
  expect(g.next({ accountIds: [5, 6], complete: true }).value).toEqual(
    call(joinRooms, socket, ['account:5', 'account:6']),
  );
  expect(g.next(1).value).toEqual(put(W.liveChanged({ status: 'failed', complete: true })));
  expect(g.next().value).toEqual(put(W.snapshotRequested()));
});

it("joins a picked call's room before reading its transcript, and says so when refused", () => {
  const socket = {} as SocketEmitter;
  const g = followCall(socket, W.callPicked('u1'));
  expect(g.next().value).toEqual(call(joinRooms, socket, ['call:u1']));
  expect(g.next(0).value).toEqual(put(W.transcriptFailed('u1')));
});

/** A forked task as the middleware would return it (only compared here, never run). */
const createMockTask = () => ({ '@@redux-saga/TASK': true, id: Math.random() }) as unknown as Task;

it('leaves the room of the call it followed before, on a new pick, on close and when the wallboard closes', () => {
  const socket = {} as SocketEmitter;
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
