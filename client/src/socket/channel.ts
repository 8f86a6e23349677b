// The live connection: one Socket.IO client per session, its events turned into a saga channel.
import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { io, type Socket } from 'socket.io-client';
import type { NoticeDto } from '../../../domain/api';
import type { FollowUpDto } from '../../../domain/crm';
import {
  Events,
  type ClientToServerEvents,
  type FsStatusEvent,
  type ImportProgress,
  type SeatStateEvent,
  type ServerToClientEvents,
  type TaskProgressEvent,
} from '../../../domain/events';
import { relayLiveBatches, type BatchRelaySocket } from '../../../domain/liveBatch';
import { API_BASE } from '../app/env';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type SocketEvent =
  | { type: 'notice'; notice: NoticeDto }
  | { type: 'revoked'; code: number }
  | { type: 'importProgress'; progress: ImportProgress }
  | { type: 'reminderDue'; reminder: FollowUpDto }
  | { type: 'fsStatus'; status: FsStatusEvent }
  | { type: 'taskProgress'; progress: TaskProgressEvent }
  | { type: 'seatState'; event: SeatStateEvent };

export function createSocket(token: string): AppSocket {
  const opts = { auth: { token }, withCredentials: true, transports: ['websocket'] };
  // Same origin unless the build points the API elsewhere.
  const socket: AppSocket = API_BASE ? io(API_BASE, opts) : io(opts);
  // Busy rooms send their events in live:batch frames; listeners get them one by one all the same.
  relayLiveBatches(socket as unknown as BatchRelaySocket);
  return socket;
}

/** The unsubscribe removes exactly the listeners added here (never removeAllListeners). */
export function socketChannel(socket: Pick<AppSocket, 'on' | 'off'>): EventChannel<SocketEvent> {
  return eventChannel<SocketEvent>((emit) => {
    const onNotice = (notice: NoticeDto) => emit({ type: 'notice', notice });
    const onRevoked = (info: { code: number }) => emit({ type: 'revoked', code: info?.code ?? 0 });
    const onImport = (progress: ImportProgress) => emit({ type: 'importProgress', progress });
    const onReminder = (reminder: FollowUpDto) => emit({ type: 'reminderDue', reminder });
    const onFsStatus = (status: FsStatusEvent) => emit({ type: 'fsStatus', status });
    socket.on(Events.NoticeNew, onNotice);
    socket.on(Events.SessionRevoked, onRevoked);
    socket.on(Events.ImportProgress, onImport);
    socket.on(Events.ReminderDue, onReminder);
    socket.on(Events.FsStatus, onFsStatus);
    const onTaskProgress = (progress: TaskProgressEvent) => emit({ type: 'taskProgress', progress });
    socket.on(Events.TaskProgress, onTaskProgress);
    const onSeatState = (event: SeatStateEvent) => emit({ type: 'seatState', event });
    socket.on(Events.SeatState, onSeatState);
    return () => {
      socket.off(Events.NoticeNew, onNotice);
      socket.off(Events.SessionRevoked, onRevoked);
      socket.off(Events.ImportProgress, onImport);
      socket.off(Events.ReminderDue, onReminder);
      socket.off(Events.FsStatus, onFsStatus);
      socket.off(Events.TaskProgress, onTaskProgress);
      socket.off(Events.SeatState, onSeatState);
    };
  }, buffers.expanding<SocketEvent>(16));
}
