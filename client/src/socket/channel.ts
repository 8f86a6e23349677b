// The live connection: one Socket.IO client per session, all its events turned into one saga channel.
import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { io, type Socket } from 'socket.io-client';
import type { NoticeDto } from '../../../domain/api';
import type { FollowUpDto } from '../../../domain/crm';
import type { PlatformPulse } from '../../../domain/platformPanel';
import {
  Events,
  type CallLineEvent,
  type CallPartialEvent,
  type CallStateEvent,
  type CallTransferEvent,
  type ClientToServerEvents,
  type FsStatusEvent,
  type ImportProgress,
  type SeatOfferEndEvent,
  type SeatOfferEvent,
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
  | { type: 'seatState'; event: SeatStateEvent }
  | { type: 'callState'; event: CallStateEvent }
  | { type: 'callLine'; event: CallLineEvent }
  | { type: 'callPartial'; event: CallPartialEvent }
  | { type: 'callTransfer'; event: CallTransferEvent }
  | { type: 'seatOffer'; event: SeatOfferEvent }
  | { type: 'seatOfferEnd'; event: SeatOfferEndEvent }
  | { type: 'platformPulse'; pulse: PlatformPulse }
  | { type: 'connect' };

export function createSocket(token: string): AppSocket {
  const opts = { auth: { token }, withCredentials: true, transports: ['websocket'] };
  // Same origin unless the build points the API elsewhere.
  const socket: AppSocket = API_BASE ? io(API_BASE, opts) : io(opts);
  // Busy rooms send their events in live:batch frames; listeners get them one by one all the same.
  relayLiveBatches(socket as unknown as BatchRelaySocket);
  return socket;
}

/**
 * Every server event of the session as one channel (the one place that listens on the socket), and
 * each (re)connection. The unsubscribe removes exactly the listeners added here (never
 * removeAllListeners).
 */
export function socketChannel(socket: Pick<AppSocket, 'on' | 'off'>): EventChannel<SocketEvent> {
  return eventChannel<SocketEvent>((emit) => {
    const handlers: [string, (arg: never) => void][] = [
      [Events.NoticeNew, (notice: NoticeDto) => emit({ type: 'notice', notice })],
      [Events.SessionRevoked, (info: { code: number }) => emit({ type: 'revoked', code: info?.code ?? 0 })],
      [Events.ImportProgress, (progress: ImportProgress) => emit({ type: 'importProgress', progress })],
      [Events.ReminderDue, (reminder: FollowUpDto) => emit({ type: 'reminderDue', reminder })],
      [Events.FsStatus, (status: FsStatusEvent) => emit({ type: 'fsStatus', status })],
      [Events.TaskProgress, (progress: TaskProgressEvent) => emit({ type: 'taskProgress', progress })],
      [Events.SeatState, (event: SeatStateEvent) => emit({ type: 'seatState', event })],
      [Events.CallState, (event: CallStateEvent) => emit({ type: 'callState', event })],
      [Events.CallLine, (event: CallLineEvent) => emit({ type: 'callLine', event })],
      [Events.CallPartial, (event: CallPartialEvent) => emit({ type: 'callPartial', event })],
      [Events.CallTransfer, (event: CallTransferEvent) => emit({ type: 'callTransfer', event })],
      [Events.SeatOffer, (event: SeatOfferEvent) => emit({ type: 'seatOffer', event })],
      [Events.SeatOfferEnd, (event: SeatOfferEndEvent) => emit({ type: 'seatOfferEnd', event })],
      [Events.PlatformPulse, (pulse: PlatformPulse) => emit({ type: 'platformPulse', pulse })],
      ['connect', () => emit({ type: 'connect' })],
    ];
    // The event names are the typed socket's; the table loses the pairing of name and payload.
    const on = socket.on as (ev: string, fn: (arg: never) => void) => void;
    const off = socket.off as (ev: string, fn: (arg: never) => void) => void;
    for (const [ev, fn] of handlers) on.call(socket, ev, fn);
    return () => {
      for (const [ev, fn] of handlers) off.call(socket, ev, fn);
    };
  }, buffers.expanding<SocketEvent>(256));
}
