// The one saga that owns the socket: connect when a session starts, disconnect when it ends, and turn
// every server event into an action (STYLE: everything else receives actions).
import type { PayloadAction } from '@reduxjs/toolkit';
import type { EventChannel, SagaIterator, Task } from 'redux-saga';
import { call, cancel, fork, put, take } from 'redux-saga/effects';
import type { LoginResponse } from '../../../domain/api';
import { authActions } from '../features/auth/slice';
import { remindersActions } from '../features/crm/slice/reminders';
import { importsActions } from '../features/crm/slice/imports';
import { noticesActions } from '../features/notices/slice';
import { telephonyActions } from '../features/telephony/slice';
import { tasksActions } from '../features/tasks/slice';
import { seatsActions } from '../features/seats/slice';
import { dashboardLiveSaga } from '../features/dashboard/sagas';
import { wallboardLiveSaga } from '../features/wallboard/sagas';
import { platformPanelActions } from '../features/platformPanel/slice';
import { platformPanelLiveSaga } from '../features/platformPanel/sagas';
import { seatOfferSaga } from '../features/seats/offerSagas';
import { seatDeskLiveSaga } from '../features/seatdesk/sagas';
import { socketActions } from './actions';
import { createSocket, socketChannel, type AppSocket, type SocketEvent } from './channel';
import type { SocketEmitter } from './rooms';

/** Each socket event becomes one action; the features decide what to do with it. */
export function toAction(event: SocketEvent) {
  switch (event.type) {
    case 'notice':
      return noticesActions.noticeReceived(event.notice);
    case 'revoked':
      return authActions.sessionRevoked({ code: event.code });
    case 'importProgress':
      return importsActions.importProgress(event.progress);
    case 'reminderDue':
      return remindersActions.reminderDue(event.reminder);
    case 'fsStatus':
      return telephonyActions.fsStatusReceived(event.status);
    case 'taskProgress':
      return tasksActions.progressReceived(event.progress);
    case 'seatState':
      return seatsActions.stateReceived(event.event);
    case 'callState':
      return socketActions.callState(event.event);
    case 'callLine':
      return socketActions.callLine(event.event);
    case 'callPartial':
      return socketActions.callPartial(event.event);
    case 'callTransfer':
      return socketActions.callTransfer(event.event);
    case 'seatOffer':
      return socketActions.seatOffer(event.event);
    case 'seatOfferEnd':
      return socketActions.seatOfferEnd(event.event);
    case 'platformPulse':
      return platformPanelActions.pulseReceived(event.pulse);
    case 'connect':
      return socketActions.connected();
  }
}

export function* socketSession(token: string): SagaIterator {
  const socket = (yield call(createSocket, token)) as AppSocket;
  const channel = (yield call(socketChannel, socket)) as EventChannel<SocketEvent>;
  // Features get the sending side only (room joins, seat:answer); every event reaches them as an
  // action put below.
  const emitter: SocketEmitter = socket;
  // The dashboard's live call figures (subtree rooms, call:state) while its page is open.
  yield fork(dashboardLiveSaga, emitter);
  // The wallboard's subtree rooms and a picked call's room while its page is open.
  yield fork(wallboardLiveSaga, emitter);
  // The platform panel's room (platform:pulse, level 0 only) while its page is open.
  yield fork(platformPanelLiveSaga, emitter);
  // The transfer pop-up (seat:offer and its call's lines, seat:answer), on every page.
  yield fork(seatOfferSaga, emitter);
  // The seat desk's current call (lines, partials, state, reconnects) while its page is open.
  yield fork(seatDeskLiveSaga);
  try {
    while (true) {
      const event = (yield take(channel)) as SocketEvent;
      yield put(toAction(event));
    }
  } finally {
    channel.close();
    socket.disconnect();
  }
}

/** Logging out disconnects first: the server's own session:revoked for this logout is not news. */
export const SOCKET_STOPPERS = [authActions.sessionCleared.type, authActions.logoutRequested.type];

export function* socketSaga(): SagaIterator {
  while (true) {
    const started = (yield take(authActions.sessionStarted)) as PayloadAction<LoginResponse>;
    const task = (yield fork(socketSession, started.payload.user.token)) as Task;
    yield take(SOCKET_STOPPERS);
    yield cancel(task);
  }
}
