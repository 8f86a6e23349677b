// Pushing to browsers: events to rooms, and ending revoked sessions' sockets. Works across server
// processes through the Redis adapter.
import type { Server } from 'socket.io';
import {
  Events,
  LIVE_BATCH_WINDOW_MS,
  rooms,
  type ClientToServerEvents,
  type LiveBatchEntry,
  type ServerToClientEvents,
} from '../../../domain/events';
import { RoomBatch } from '../../../domain/roomBatch';
import type { NoticeDto } from '../../../domain/api';

export interface Live {
  /** A notice to the account's own sockets (room user:<id>; not to supervisors watching it). */
  noticeToUser(accountId: number, notice: NoticeDto): void;
  /** Any server-to-client event to one account's own sockets (room user:<id>). */
  toUser<E extends keyof ServerToClientEvents>(
    accountId: number,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Tells the sessions' sockets why, then disconnects them. */
  kickSessions(sessionIds: string[], code: number): void;
  /** One event to several rooms (a socket in more than one of them gets it once). */
  toRooms<E extends keyof ServerToClientEvents>(
    rooms: string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * For rooms many sockets watch (supervisors' account rooms): the event goes out in a live:batch
   * frame with the others of its window (domain/roomBatch.ts).
   */
  toRoomsBatched(rooms: string[], entry: LiveBatchEntry): void;
  /** Sends what still waits for its batch window (at shutdown). */
  flush(): void;
  /** Makes every socket in `from` (e.g. user:<id>) join / leave `rooms`, across processes. */
  joinRooms(from: string, rooms: string[]): void;
  leaveRooms(from: string, rooms: string[]): void;
}

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents>;

export function createLive(io: IoServer): Live {
  const batch = new RoomBatch<LiveBatchEntry>(LIVE_BATCH_WINDOW_MS, (room, entries) =>
    io.to(room).emit(Events.LiveBatch, entries),
  );
  return {
    toRoomsBatched(rooms, entry) {
      if (rooms.length) batch.add(rooms, entry);
    },
    flush() {
      batch.flush();
    },
    noticeToUser(accountId, notice) {
      io.to(rooms.user(accountId)).emit(Events.NoticeNew, notice);
    },
    toUser(accountId, event, ...args) {
      io.to(rooms.user(accountId)).emit(event, ...args);
    },
    kickSessions(sessionIds, code) {
      for (const id of sessionIds) {
        const room = rooms.session(id);
        io.to(room).emit(Events.SessionRevoked, { code });
        io.in(room).disconnectSockets(true);
      }
    },
    toRooms(rooms, event, ...args) {
      if (rooms.length) io.to(rooms).emit(event, ...args);
    },
    joinRooms(from, rooms) {
      io.in(from).socketsJoin(rooms);
    },
    leaveRooms(from, rooms) {
      io.in(from).socketsLeave(rooms);
    },
  };
}
