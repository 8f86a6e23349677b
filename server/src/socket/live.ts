// Pushing to browsers: events to rooms, and ending revoked sessions' sockets. Works across server
// processes through the Redis adapter.
import type { Server } from 'socket.io';
import { Events, rooms, type ClientToServerEvents, type ServerToClientEvents } from '../../../domain/events';
import type { NoticeDto } from '../../../domain/api';

export interface Live {
  noticeToAccount(accountId: number, notice: NoticeDto): void;
  /** Any server-to-client event to one account's sockets. */
  toAccount<E extends keyof ServerToClientEvents>(
    accountId: number,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Tells the sessions' sockets why, then disconnects them. */
  kickSessions(sessionIds: string[], code: number): void;
}

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents>;

export function createLive(io: IoServer): Live {
  return {
    noticeToAccount(accountId, notice) {
      io.to(rooms.account(accountId)).emit(Events.NoticeNew, notice);
    },
    toAccount(accountId, event, ...args) {
      io.to(rooms.account(accountId)).emit(event, ...args);
    },
    kickSessions(sessionIds, code) {
      for (const id of sessionIds) {
        const room = rooms.session(id);
        io.to(room).emit(Events.SessionRevoked, { code });
        io.in(room).disconnectSockets(true);
      }
    },
  };
}
