// Dashboard side effects: the snapshot over HTTP, and, while the page is open, the live call events of
// the subtree over the session's socket. Order for a late joiner: listen first, join the sub-account
// rooms, then load the snapshot; events that arrive meanwhile wait in the slice (see slice.ts).
// Live events move the call figures at once; the balance and the spend come from the ledger after
// settlement, so a fresh snapshot follows new ended calls (at most one per MONEY_REFRESH_MS).
import type { EventChannel, SagaIterator, Task } from 'redux-saga';
import { buffers, eventChannel } from 'redux-saga';
import { call, cancel, delay, fork, put, select, take, takeLatest } from 'redux-saga/effects';
import type { DashboardRooms, DashboardSnapshot } from '../../../../domain/dashboard';
import { Events, rooms, type CallStateEvent } from '../../../../domain/events';
import { api } from '../../api';
import type { AppSocket } from '../../socket/channel';
import { dashboardActions as D, selectDashboard } from './slice';

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

export type LiveMessage = { type: 'ended'; event: CallStateEvent } | { type: 'connect' };

type LiveSocket = Pick<AppSocket, 'on' | 'off'>;

/** Ended calls and (re)connections of the socket; unsubscribing removes exactly these listeners. */
export function liveChannel(socket: LiveSocket): EventChannel<LiveMessage> {
  return eventChannel<LiveMessage>((emit) => {
    const onState = (event: CallStateEvent) => {
      if (event?.status === 'ended') emit({ type: 'ended', event });
    };
    const onConnect = () => emit({ type: 'connect' });
    socket.on(Events.CallState, onState);
    socket.on('connect', onConnect);
    return () => {
      socket.off(Events.CallState, onState);
      socket.off('connect', onConnect);
    };
  }, buffers.expanding<LiveMessage>(64));
}

const JOIN_TIMEOUT_MS = 10_000;

/** Joins each sub-account's room; resolves to how many the server granted. */
export async function joinRooms(socket: Pick<AppSocket, 'timeout'>, ids: number[]): Promise<number> {
  const acks = await Promise.all(
    ids.map((id) =>
      socket
        .timeout(JOIN_TIMEOUT_MS)
        .emitWithAck('room:join', { room: rooms.account(id) })
        .then(
          (r) => r.code === 200,
          () => false,
        ),
    ),
  );
  return acks.filter(Boolean).length;
}

/** (Re)joins the rooms (a reconnected socket has lost them and missed events), then reloads. */
export function* joinAndLoad(socket: AppSocket): SagaIterator {
  yield put(D.liveChanged({ status: 'joining' }));
  try {
    const r = (yield call(api.get, '/api/dashboard/rooms')) as DashboardRooms;
    const granted = (yield call(joinRooms, socket, r.accountIds)) as number;
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

export function* watchLive(socket: AppSocket): SagaIterator {
  const ch = (yield call(liveChannel, socket)) as EventChannel<LiveMessage>;
  let refresh: Task | null = null;
  try {
    yield call(joinAndLoad, socket);
    while (true) {
      const msg = (yield take(ch)) as LiveMessage;
      if (msg.type === 'ended') {
        yield put(D.callStateReceived(msg.event));
        // Attached to this saga: closing the page cancels a pending refresh.
        if (!refresh?.isRunning()) refresh = (yield fork(refreshLater)) as Task;
      } else yield call(joinAndLoad, socket);
    }
  } finally {
    ch.close();
  }
}

/** Forked once per socket session (socket/saga.ts): follows the socket while the dashboard is open. */
export function* dashboardLiveSaga(socket: AppSocket): SagaIterator {
  while (true) {
    const { watching } = (yield select(selectDashboard)) as ReturnType<typeof selectDashboard>;
    if (!watching) yield take(D.opened);
    const task = (yield fork(watchLive, socket)) as Task;
    yield take(D.closed);
    yield cancel(task);
  }
}
