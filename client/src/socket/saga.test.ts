import { call, cancel, fork, put, take } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import type { NoticeDto } from '../../../domain/api';
import type { FollowUpDto } from '../../../domain/crm';
import {
  Events,
  type FsStatusEvent,
  type ImportProgress,
  type SeatStateEvent,
  type TaskProgressEvent,
} from '../../../domain/events';
import { remindersActions } from '../features/crm/slice/reminders';
import { importsActions } from '../features/crm/slice/imports';
import { authActions } from '../features/auth/slice';
import { noticesActions } from '../features/notices/slice';
import { telephonyActions } from '../features/telephony/slice';
import { tasksActions } from '../features/tasks/slice';
import { seatsActions } from '../features/seats/slice';
import { createSocket, socketChannel, type AppSocket, type SocketEvent } from './channel';
import { platformPanelLiveSaga } from '../features/platformPanel/sagas';
import { SOCKET_STOPPERS, socketSaga, socketSession, toAction } from './saga';
import { dashboardLiveSaga } from '../features/dashboard/sagas';
import { wallboardLiveSaga } from '../features/wallboard/sagas';
import { seatOfferSaga } from '../features/seats/offerSagas';
import { seatDeskLiveSaga } from '../features/seatdesk/sagas';
import { fakeSocket } from './fakeSocket';
import { socketActions } from './actions';

jest.mock('../app/env', () => ({ API_BASE: '' }));

const notice = { id: 9, title: 'Hi' } as NoticeDto;

describe('socketChannel', () => {
  it('turns socket events into channel messages and removes exactly its listeners on close', async () => {
    const s = fakeSocket();
    const ch = socketChannel(s as unknown as AppSocket);
    s.emit(Events.NoticeNew, notice);
    s.emit(Events.SessionRevoked, { code: 102 });
    const got: unknown[] = [];
    ch.take((m) => got.push(m));
    ch.take((m) => got.push(m));
    expect(got).toEqual([
      { type: 'notice', notice },
      { type: 'revoked', code: 102 },
    ]);
    ch.close();
    expect(s.off).toHaveBeenCalledTimes(s.on.mock.calls.length);
    expect(s.listeners.get(Events.NoticeNew)?.size).toBe(0);
    expect(s.listeners.get(Events.SessionRevoked)?.size).toBe(0);
  });
});

describe('customer-center events', () => {
  it('forwards import:progress and reminder:due as actions, and removes their listeners', () => {
    const s = fakeSocket();
    const ch = socketChannel(s as unknown as AppSocket);
    const progress: ImportProgress = {
      importJobId: 3,
      status: 'running',
      rowsDone: 5,
      rowsTotal: 10,
      imported: 4,
      updated: 0,
      duplicates: 1,
      invalid: 0,
      blacklisted: 0,
      removed: 0,
    };
    const reminder = { id: 7, customerId: 2, recordType: 0 } as FollowUpDto;
    s.emit(Events.ImportProgress, progress);
    s.emit(Events.ReminderDue, reminder);
    const got: SocketEvent[] = [];
    ch.take((m) => got.push(m as SocketEvent));
    ch.take((m) => got.push(m as SocketEvent));
    expect(got.map(toAction)).toEqual([
      importsActions.importProgress(progress),
      remindersActions.reminderDue(reminder),
    ]);
    ch.close();
    expect(s.listeners.get(Events.ImportProgress)?.size).toBe(0);
    expect(s.listeners.get(Events.ReminderDue)?.size).toBe(0);
  });
});

describe('seat events', () => {
  it('forwards seat:state to the seats slice and removes its listener', () => {
    const s = fakeSocket();
    const ch = socketChannel(s as unknown as AppSocket);
    const event = { seatId: 4, accountId: 2, userId: 3, groupId: 1 } as SeatStateEvent;
    s.emit(Events.SeatState, event);
    const got: SocketEvent[] = [];
    ch.take((m) => got.push(m as SocketEvent));
    expect(got.map(toAction)).toEqual([seatsActions.stateReceived(event)]);
    ch.close();
    expect(s.listeners.get(Events.SeatState)?.size).toBe(0);
  });
});

describe('socketSession', () => {
  it('puts notices and revocations, and always closes the channel and socket', () => {
    const s = fakeSocket();
    const socket = s as unknown as AppSocket;
    const ch = socketChannel(socket);
    const g = socketSession('tok');
    expect(g.next().value).toEqual(call(createSocket, 'tok'));
    expect(g.next(socket).value).toEqual(call(socketChannel, socket));
    // Features get the socket only to send (room joins, seat:answer); they never listen on it.
    expect(g.next(ch).value).toEqual(fork(dashboardLiveSaga, socket));
    expect(g.next().value).toEqual(fork(wallboardLiveSaga, socket));
    expect(g.next().value).toEqual(fork(platformPanelLiveSaga, socket));
    expect(g.next().value).toEqual(fork(seatOfferSaga, socket));
    expect(g.next().value).toEqual(fork(seatDeskLiveSaga));
    expect(g.next().value).toEqual(take(ch));
    expect(g.next({ type: 'notice', notice }).value).toEqual(put(noticesActions.noticeReceived(notice)));
    expect(g.next().value).toEqual(take(ch));
    expect(g.next({ type: 'revoked', code: 102 }).value).toEqual(
      put(authActions.sessionRevoked({ code: 102 })),
    );
    g.next();
    g.return(undefined); // what cancellation does: runs finally
    expect(s.disconnect).toHaveBeenCalled();
    expect(s.off).toHaveBeenCalledTimes(s.on.mock.calls.length);
  });
});

describe('every server event', () => {
  it('is listened to by the one channel and becomes an action (a live:batch is relayed one by one)', () => {
    const s = fakeSocket();
    const ch = socketChannel(s as unknown as AppSocket);
    const names = Object.values(Events).filter((e) => e !== Events.LiveBatch);
    for (const name of names) expect([name, s.listeners.get(name)?.size]).toEqual([name, 1]);
    for (const name of names) s.emit(name, { callUuid: 'c1', seatId: 4 });
    s.emit('connect');
    const got: SocketEvent[] = [];
    for (let i = 0; i <= names.length; i++) ch.take((m) => got.push(m as SocketEvent));
    expect(got).toHaveLength(names.length + 1);
    for (const event of got) expect(toAction(event)?.type).toEqual(expect.any(String));
    expect(toAction(got[got.length - 1]!)).toEqual(socketActions.connected());
    const line = got.find((e) => e.type === 'callLine')!;
    expect(toAction(line)).toEqual(socketActions.callLine({ callUuid: 'c1', seatId: 4 } as never));
    ch.close();
    for (const set of s.listeners.values()) expect(set.size).toBe(0);
  });
});

describe('socketSaga', () => {
  it('connects when a session starts and disconnects when it ends or on logout', () => {
    const g = socketSaga();
    expect(g.next().value).toEqual(take(authActions.sessionStarted));
    const started = authActions.sessionStarted({
      user: { token: 'tok', username: 'u', headImgUrl: '' },
      me: {} as never,
    });
    expect(g.next(started).value).toEqual(fork(socketSession, 'tok'));
    const task = { id: 1 } as unknown as Task;
    expect(g.next(task).value).toEqual(take(SOCKET_STOPPERS));
    expect(SOCKET_STOPPERS).toEqual([authActions.sessionCleared.type, authActions.logoutRequested.type]);
    expect(g.next(authActions.logoutRequested()).value).toEqual(cancel(task));
    expect(g.next().value).toEqual(take(authActions.sessionStarted));
  });
});

describe('FreeSWITCH status', () => {
  it('forwards fs:status to the telephony slice and removes its listener', () => {
    const s = fakeSocket();
    const ch = socketChannel(s as unknown as AppSocket);
    const e: FsStatusEvent = { nodeId: 4, status: null };
    s.emit(Events.FsStatus, e);
    let got: SocketEvent | undefined;
    ch.take((m) => (got = m as SocketEvent));
    expect(toAction(got!)).toEqual(telephonyActions.fsStatusReceived(e));
    ch.close();
    expect(s.listeners.get(Events.FsStatus)?.size).toBe(0);
  });
});

describe('task progress', () => {
  it('forwards task:progress to the tasks slice and removes its listener', () => {
    const s = fakeSocket();
    const ch = socketChannel(s as unknown as AppSocket);
    const e = { taskId: 7, dialed: 3, at: '2026-11-23T01:00:00.000Z' } as TaskProgressEvent;
    s.emit(Events.TaskProgress, e);
    let got: SocketEvent | undefined;
    ch.take((m) => (got = m as SocketEvent));
    expect(toAction(got!)).toEqual(tasksActions.progressReceived(e));
    ch.close();
    expect(s.listeners.get(Events.TaskProgress)?.size).toBe(0);
  });
});
