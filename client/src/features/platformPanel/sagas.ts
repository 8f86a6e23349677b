// Platform panel side effects: the snapshot over HTTP, and while the page is open the room
// platform:panel (level 0 only), whose platform:pulse events the socket saga turns into
// platformPanelActions.pulseReceived. Order: join the room, then load the snapshot (a pulse that comes
// meanwhile waits in the slice). A reconnected socket has lost the room: join again and reload.
import type { SagaIterator } from 'redux-saga';
import { call, put, take, takeLatest } from 'redux-saga/effects';
import { rooms } from '../../../../domain/events';
import type { PlatformPanelSnapshot } from '../../../../domain/platformPanel';
import { api } from '../../api';
import { socketActions } from '../../socket/actions';
import { joinRooms, leaveRoom, type SocketEmitter } from '../../socket/rooms';
import { whilePageOpen, type LivePage } from '../../socket/snapshotLive';
import { platformPanelActions as P, type PlatformPanelState } from './slice';

export function* loadPanelSaga(): SagaIterator {
  try {
    const s = (yield call(api.get, '/api/platform/panel')) as PlatformPanelSnapshot;
    yield put(P.snapshotLoaded(s));
  } catch (e) {
    yield put(P.snapshotFailed(e instanceof Error ? e.message : String(e)));
  }
}

export function* platformPanelSaga(): SagaIterator {
  yield takeLatest(P.snapshotRequested, loadPanelSaga);
}

/** Joins the platform room, then loads the snapshot. */
export function* joinAndLoad(socket: SocketEmitter): SagaIterator {
  yield put(P.liveChanged('joining'));
  const granted = (yield call(joinRooms, socket, [rooms.platform])) as number;
  yield put(P.liveChanged(granted === 1 ? 'on' : 'failed'));
  yield put(P.snapshotRequested());
}

export function* watchPanel(socket: SocketEmitter): SagaIterator {
  try {
    yield call(joinAndLoad, socket);
    while (true) {
      yield take(socketActions.connected.type);
      yield call(joinAndLoad, socket);
    }
  } finally {
    yield call(leaveRoom, socket, rooms.platform);
  }
}

export const PLATFORM_PANEL_PAGE: LivePage = {
  isOpen: (state: { platformPanel: PlatformPanelState }) => state.platformPanel.watching,
  opened: P.opened.type,
  closed: P.closed.type,
};

/** Forked once per socket session (socket/saga.ts): follows the room while the panel is open. */
export function* platformPanelLiveSaga(socket: SocketEmitter): SagaIterator {
  yield call(whilePageOpen, PLATFORM_PANEL_PAGE, watchPanel, socket);
}
