// Wallboard side effects. Order for a late joiner: listen on the socket first, join the rooms of
// the viewed subtree, then load the snapshot; events that arrive meanwhile wait in the slice. A
// reconnected socket has lost its rooms and missed events: join again and reload. A picked call's
// transcript: join call:<uuid>, then load its lines (lines pushed meanwhile are merged by seq).
import type { EventChannel, SagaIterator, Task } from 'redux-saga';
import { buffers, eventChannel } from 'redux-saga';
import { call, cancel, fork, put, select, take, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { ConversationLine } from '../../../../domain/calls';
import {
  Events,
  rooms,
  type CallLineEvent,
  type CallPartialEvent,
  type CallStateEvent,
  type CallTransferEvent,
  type SeatStateEvent,
  type TaskProgressEvent,
} from '../../../../domain/events';
import type { WallEvent, WallboardSnapshot } from '../../../../domain/wallboard';
import { api } from '../../api';
import type { AppSocket } from '../../socket/channel';
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

export type WallMessage =
  | { type: 'event'; event: WallEvent }
  | { type: 'line'; event: CallLineEvent }
  | { type: 'partial'; event: CallPartialEvent }
  | { type: 'connect' };

type LiveSocket = Pick<AppSocket, 'on' | 'off'>;

/** The wallboard's events; unsubscribing removes exactly these listeners. */
export function wallChannel(socket: LiveSocket): EventChannel<WallMessage> {
  return eventChannel<WallMessage>((emit) => {
    const onState = (e: CallStateEvent) => emit({ type: 'event', event: { kind: 'call', e } });
    const onTransfer = (e: CallTransferEvent) => emit({ type: 'event', event: { kind: 'transfer', e } });
    const onSeat = (e: SeatStateEvent) => emit({ type: 'event', event: { kind: 'seat', e } });
    const onTask = (e: TaskProgressEvent) => emit({ type: 'event', event: { kind: 'task', e } });
    const onLine = (event: CallLineEvent) => emit({ type: 'line', event });
    const onPartial = (event: CallPartialEvent) => emit({ type: 'partial', event });
    const onConnect = () => emit({ type: 'connect' });
    socket.on(Events.CallState, onState);
    socket.on(Events.CallTransfer, onTransfer);
    socket.on(Events.SeatState, onSeat);
    socket.on(Events.TaskProgress, onTask);
    socket.on(Events.CallLine, onLine);
    socket.on(Events.CallPartial, onPartial);
    socket.on('connect', onConnect);
    return () => {
      socket.off(Events.CallState, onState);
      socket.off(Events.CallTransfer, onTransfer);
      socket.off(Events.SeatState, onSeat);
      socket.off(Events.TaskProgress, onTask);
      socket.off(Events.CallLine, onLine);
      socket.off(Events.CallPartial, onPartial);
      socket.off('connect', onConnect);
    };
  }, buffers.expanding<WallMessage>(256));
}

const JOIN_TIMEOUT_MS = 10_000;

/** Joins each room; resolves to how many the server granted. */
export async function joinAll(socket: Pick<AppSocket, 'timeout'>, names: string[]): Promise<number> {
  const acks = await Promise.all(
    names.map((room) =>
      socket
        .timeout(JOIN_TIMEOUT_MS)
        .emitWithAck('room:join', { room })
        .then(
          (r) => r.code === 200,
          () => false,
        ),
    ),
  );
  return acks.filter(Boolean).length;
}

/** (Re)joins the viewed subtree's rooms, then loads the snapshot. */
export function* joinAndLoad(socket: AppSocket): SagaIterator {
  const { accountId } = (yield select(selectWallboard)) as WallboardState;
  yield put(W.liveChanged({ status: 'joining' }));
  try {
    const r = (yield call(api.get, `/api/wallboard/rooms${viewQuery(accountId)}`)) as {
      accountIds: number[];
      complete: boolean;
    };
    const names = r.accountIds.map(rooms.account);
    const granted = (yield call(joinAll, socket, names)) as number;
    yield put(W.liveChanged({ status: granted === names.length ? 'on' : 'failed', complete: r.complete }));
  } catch {
    yield put(W.liveChanged({ status: 'failed' }));
  }
  yield put(W.snapshotRequested());
}

/** Joins the picked call's room, then loads its transcript so far. */
export function* followCall(socket: AppSocket, action: PayloadAction<string>): SagaIterator {
  const granted = (yield call(joinAll, socket, [rooms.call(action.payload)])) as number;
  if (!granted) {
    yield put(W.transcriptFailed(action.payload));
    return;
  }
  yield call(loadTranscriptSaga, action);
}

/** Stops watching a call: its room's events would otherwise keep coming until the socket ends. */
export function leaveRoom(socket: Pick<AppSocket, 'emit'>, room: string): void {
  socket.emit('room:leave', { room }, () => undefined);
}

/**
 * Follows the picked call (the latest pick wins) and leaves the room of the call it followed
 * before, when the transcript closes, and when the wallboard closes.
 */
export function* followCalls(socket: AppSocket): SagaIterator {
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

export function* watchWall(socket: AppSocket): SagaIterator {
  const ch = (yield call(wallChannel, socket)) as EventChannel<WallMessage>;
  const picks = (yield fork(followCalls, socket)) as Task;
  const repicks = (yield takeLatest(W.accountPicked.type, joinAndLoad, socket)) as Task;
  try {
    yield call(joinAndLoad, socket);
    while (true) {
      const msg = (yield take(ch)) as WallMessage;
      if (msg.type === 'event') yield put(W.eventReceived(msg.event));
      else if (msg.type === 'line') yield put(W.lineReceived(msg.event));
      else if (msg.type === 'partial') yield put(W.partialReceived(msg.event));
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
export function* wallboardLiveSaga(socket: AppSocket): SagaIterator {
  while (true) {
    const { watching } = (yield select(selectWallboard)) as WallboardState;
    if (!watching) yield take(W.opened);
    const task = (yield fork(watchWall, socket)) as Task;
    yield take(W.closed);
    yield cancel(task);
  }
}
