// Wallboard side effects. Order for a late joiner: listen to the socket's actions first, join the rooms of
// the viewed subtree, then load the snapshot; events that arrive meanwhile wait in the slice. A
// reconnected socket has lost its rooms and missed events: join again and reload. A picked call's
// transcript: join call:<uuid>, then load its lines (lines pushed meanwhile are merged by seq).
import type { Channel, SagaIterator, Task } from 'redux-saga';
import { buffers } from 'redux-saga';
import { actionChannel, call, cancel, fork, put, select, take, takeLatest } from 'redux-saga/effects';
import type { Action, PayloadAction } from '@reduxjs/toolkit';
import type { ConversationLine } from '../../../../domain/calls';
import { rooms } from '../../../../domain/events';
import type { WallEvent, WallboardSnapshot } from '../../../../domain/wallboard';
import { api } from '../../api';
import { socketActions } from '../../socket/actions';
import { joinRooms, leaveRoom, type SocketEmitter } from '../../socket/rooms';
import { whilePageOpen, type LivePage } from '../../socket/snapshotLive';
import { seatsActions } from '../seats/slice';
import { tasksActions } from '../tasks/slice';
import { wallboardActions as W, selectWallboard, type WallboardState } from './slice';

const viewQuery = (accountId: number | null) => (accountId === null ? '' : `?accountId=${accountId}`);

export function* loadWallSaga(): SagaIterator {
  const { accountId } = (yield select(selectWallboard)) as WallboardState;
  try {
    const s = (yield call(api.get, `/api/wallboard${viewQuery(accountId)}`)) as WallboardSnapshot;
    yield put(W.snapshotLoaded(s));
  } catch (e) {
    yield put(W.snapshotFailed(e instanceof Error ? e.message : String(e)));
  }
}

export function* loadMerchantsSaga(): SagaIterator {
  try {
    const list = (yield call(api.get, '/api/wallboard/merchants')) as { id: number; account: string }[];
    yield put(W.merchantsLoaded(list));
  } catch {
    yield put(W.merchantsLoaded([]));
  }
}

export function* loadTranscriptSaga(action: PayloadAction<string>): SagaIterator {
  const uuid = action.payload;
  try {
    const lines = (yield call(api.get, `/api/wallboard/calls/${uuid}/lines`)) as ConversationLine[];
    yield put(W.transcriptLoaded({ callUuid: uuid, lines }));
  } catch {
    yield put(W.transcriptFailed(uuid));
  }
}

export function* wallboardSaga(): SagaIterator {
  yield takeLatest(W.snapshotRequested, loadWallSaga);
  yield takeLatest(W.opened, loadMerchantsSaga);
}

// ---- live ----

/** The actions the live wallboard follows (all put by the one socket saga). */
export const WALL_ACTIONS = [
  socketActions.callState.type,
  socketActions.callTransfer.type,
  seatsActions.stateReceived.type,
  tasksActions.progressReceived.type,
  socketActions.callLine.type,
  socketActions.callPartial.type,
  socketActions.connected.type,
];

/** Buffers the wallboard's actions from the moment it is watched (they wait while rooms are joined). */
export const wallChannel = () => actionChannel(WALL_ACTIONS, buffers.expanding<Action>(256));

/** The wallboard event an action carries, if it is one of the live figures' (call, transfer, seat, task). */
export function wallEventOf(a: Action): WallEvent | null {
  if (socketActions.callState.match(a)) return { kind: 'call', e: a.payload };
  if (socketActions.callTransfer.match(a)) return { kind: 'transfer', e: a.payload };
  if (seatsActions.stateReceived.match(a)) return { kind: 'seat', e: a.payload };
  if (tasksActions.progressReceived.match(a)) return { kind: 'task', e: a.payload };
  return null;
}

/** (Re)joins the viewed subtree's rooms, then loads the snapshot. */
export function* joinAndLoad(socket: SocketEmitter): SagaIterator {
  const { accountId } = (yield select(selectWallboard)) as WallboardState;
  yield put(W.liveChanged({ status: 'joining' }));
  try {
    const r = (yield call(api.get, `/api/wallboard/rooms${viewQuery(accountId)}`)) as {
      accountIds: number[];
      complete: boolean;
    };
    const names = r.accountIds.map(rooms.account);
    const granted = (yield call(joinRooms, socket, names)) as number;
    yield put(W.liveChanged({ status: granted === names.length ? 'on' : 'failed', complete: r.complete }));
  } catch {
    yield put(W.liveChanged({ status: 'failed' }));
  }
  yield put(W.snapshotRequested());
}

/** Joins the picked call's room, then loads its transcript so far. */
export function* followCall(socket: SocketEmitter, action: PayloadAction<string>): SagaIterator {
  const granted = (yield call(joinRooms, socket, [rooms.call(action.payload)])) as number;
  if (!granted) {
    yield put(W.transcriptFailed(action.payload));
    return;
  }
  yield call(loadTranscriptSaga, action);
}

/**
 * Follows the picked call (the latest pick wins) and leaves the room of the call it followed
 * before, when the transcript closes, and when the wallboard closes.
 */
export function* followCalls(socket: SocketEmitter): SagaIterator {
  let followed: string | null = null;
  let task: Task | null = null;
  try {
    while (true) {
      const action = (yield take([W.callPicked.type, W.transcriptClosed.type])) as PayloadAction<
        string | undefined
      >;
      if (task) yield cancel(task);
      task = null;
      const next = action.type === W.callPicked.type ? (action.payload ?? null) : null;
      if (followed && followed !== next) yield call(leaveRoom, socket, rooms.call(followed));
      followed = next;
      if (next) task = (yield fork(followCall, socket, action as PayloadAction<string>)) as Task;
    }
  } finally {
    if (followed) yield call(leaveRoom, socket, rooms.call(followed));
  }
}

export function* watchWall(socket: SocketEmitter): SagaIterator {
  const ch = (yield wallChannel()) as Channel<Action>;
  const picks = (yield fork(followCalls, socket)) as Task;
  const repicks = (yield takeLatest(W.accountPicked.type, joinAndLoad, socket)) as Task;
  try {
    yield call(joinAndLoad, socket);
    while (true) {
      const a = (yield take(ch)) as Action;
      const event = wallEventOf(a);
      if (event) yield put(W.eventReceived(event));
      else if (socketActions.callLine.match(a)) yield put(W.lineReceived(a.payload));
      else if (socketActions.callPartial.match(a)) yield put(W.partialReceived(a.payload));
      else {
        yield call(joinAndLoad, socket);
        const { transcript } = (yield select(selectWallboard)) as WallboardState;
        if (transcript) yield put(W.callPicked(transcript.callUuid));
      }
    }
  } finally {
    ch.close();
    yield cancel([picks, repicks]);
  }
}

/** Forked once per socket session (socket/saga.ts): follows the socket while the wallboard is open. */
export const WALLBOARD_PAGE: LivePage = {
  isOpen: (state: { wallboard: WallboardState }) => selectWallboard(state).watching,
  opened: W.opened.type,
  closed: W.closed.type,
};

export function* wallboardLiveSaga(socket: SocketEmitter): SagaIterator {
  yield call(whilePageOpen, WALLBOARD_PAGE, watchWall, socket);
}
