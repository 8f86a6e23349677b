// The live connection: one Socket.IO client per session, its events turned into a saga channel.
import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { io, type Socket } from 'socket.io-client';
import type { NoticeDto } from '../../../domain/api';
import { Events, type ClientToServerEvents, type ServerToClientEvents } from '../../../domain/events';
import { API_BASE } from '../app/env';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type SocketEvent = { type: 'notice'; notice: NoticeDto } | { type: 'revoked'; code: number };

export function createSocket(token: string): AppSocket {
  const opts = { auth: { token }, withCredentials: true, transports: ['websocket'] };
  // Same origin unless the build points the API elsewhere.
  return API_BASE ? io(API_BASE, opts) : io(opts);
}

/** The unsubscribe removes exactly the listeners added here (never removeAllListeners). */
export function socketChannel(socket: Pick<AppSocket, 'on' | 'off'>): EventChannel<SocketEvent> {
  return eventChannel<SocketEvent>((emit) => {
    const onNotice = (notice: NoticeDto) => emit({ type: 'notice', notice });
    const onRevoked = (info: { code: number }) => emit({ type: 'revoked', code: info?.code ?? 0 });
    socket.on(Events.NoticeNew, onNotice);
    socket.on(Events.SessionRevoked, onRevoked);
    return () => {
      socket.off(Events.NoticeNew, onNotice);
      socket.off(Events.SessionRevoked, onRevoked);
    };
  }, buffers.expanding<SocketEvent>(16));
}
