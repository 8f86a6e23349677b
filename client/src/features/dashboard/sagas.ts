// Dashboard side effects: the snapshot over HTTP, and, while the page is open, the live call events of
// the subtree as actions of the one socket saga. Order for a late joiner: listen first, join the sub-account
// rooms, then load the snapshot; events that arrive meanwhile wait in the slice (see slice.ts).
// Live events move the call figures at once; the balance and the spend come from the ledger after
// settlement, so a fresh snapshot follows new ended calls (at most one per MONEY_REFRESH_MS).
import type { Action } from '@reduxjs/toolkit';
import type { Channel, SagaIterator, Task } from 'redux-saga';
import { buffers } from 'redux-saga';
import { actionChannel, call, delay, fork, put, take, takeLatest } from 'redux-saga/effects';
import type { DashboardRooms, DashboardSnapshot } from '../../../../domain/dashboard';
import { rooms } from '../../../../domain/events';
import { api } from '../../api';
import { socketActions } from '../../socket/actions';
import { joinRooms, type SocketEmitter } from '../../socket/rooms';
import { whilePageOpen, type LivePage } from '../../socket/snapshotLive';
import { dashboardActions as D, selectDashboard, type DashboardState } from './slice';

export function* loadSnapshotSaga(): SagaIterator {
  try {
    const s = (yield call(api.get, '/api/dashboard/summary')) as DashboardSnapshot;
    yield put(D.snapshotLoaded(s));
  } catch (e) {
    yield put(D.snapshotFailed(e instanceof Error ? e.message : String(e)));
  }
}

export function* dashboardSaga(): SagaIterator {
  yield takeLatest(D.snapshotRequested, loadSnapshotSaga);
}

// ---- live ----

/** The actions the live dashboard follows: call states (it counts the ended ones) and reconnections. */
export const LIVE_ACTIONS = [socketActions.callState.type, socketActions.connected.type];

/** Buffers the live actions from the moment the page is watched (events wait while rooms are joined). */
export const liveChannel = () => actionChannel(LIVE_ACTIONS, buffers.expanding<Action>(64));

/** (Re)joins the rooms (a reconnected socket has lost them and missed events), then reloads. */
export function* joinAndLoad(socket: SocketEmitter): SagaIterator {
  yield put(D.liveChanged({ status: 'joining' }));
  try {
    const r = (yield call(api.get, '/api/dashboard/rooms')) as DashboardRooms;
    const granted = (yield call(joinRooms, socket, r.accountIds.map(rooms.account))) as number;
    const ok = granted === r.accountIds.length;
    yield put(D.liveChanged({ status: ok ? 'on' : 'failed', complete: r.complete }));
  } catch {
    yield put(D.liveChanged({ status: 'failed' }));
  }
  yield put(D.snapshotRequested());
}

/**
 * A call is settled (charged) within seconds of its end: this long after the first ended call that
 * arrived since the last refresh, a snapshot brings the balance, the spend and the as-of time along.
 */
export const MONEY_REFRESH_MS = 30_000;

export function* refreshLater(): SagaIterator {
  yield delay(MONEY_REFRESH_MS);
  yield put(D.snapshotRequested());
}

export function* watchLive(socket: SocketEmitter): SagaIterator {
  const ch = (yield liveChannel()) as Channel<Action>;
  let refresh: Task | null = null;
  try {
    yield call(joinAndLoad, socket);
    while (true) {
      const a = (yield take(ch)) as Action;
      if (socketActions.callState.match(a)) {
        if (a.payload?.status !== 'ended') continue;
        yield put(D.callStateReceived(a.payload));
        // Attached to this saga: closing the page cancels a pending refresh.
        if (!refresh?.isRunning()) refresh = (yield fork(refreshLater)) as Task;
      } else yield call(joinAndLoad, socket);
    }
  } finally {
    ch.close();
  }
}

/** Forked once per socket session (socket/saga.ts): follows the socket while the dashboard is open. */
export const DASHBOARD_PAGE: LivePage = {
  isOpen: (state: { dashboard: DashboardState }) => selectDashboard(state).watching,
  opened: D.opened.type,
  closed: D.closed.type,
};

export function* dashboardLiveSaga(socket: SocketEmitter): SagaIterator {
  yield call(whilePageOpen, DASHBOARD_PAGE, watchLive, socket);
}
