// Pushing to browsers: events to rooms, and ending revoked sessions' sockets. Works across server
// processes through the Redis adapter.
import type { Server } from 'socket.io';
import {
  Events,
  LIVE_BATCH_WINDOW_MS,
  LIVE_RELAY,
  rooms,
  type ClientToServerEvents,
  type InterServerEvents,
  type LiveBatchEntry,
  type ServerToClientEvents,
} from '../../../domain/events';
import { RoomBatch } from '../../../domain/roomBatch';
import type { NoticeDto } from '../../../domain/api';
import { SlicedFanout } from './fanout';

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

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;

const fanouts = new WeakMap<IoServer, SlicedFanout>();

/** The process's one sliced fan-out for `io`, which also sends the frames other processes relay. */
function fanoutOf(io: IoServer): SlicedFanout {
  let f = fanouts.get(io);
  if (!f) {
    const fanout = new SlicedFanout(io);
    io.on(LIVE_RELAY, (room, entries) => {
      if (typeof room === 'string' && Array.isArray(entries)) fanout.send(room, entries);
    });
    fanouts.set(io, fanout);
    f = fanout;
  }
  return f;
}

export function createLive(io: IoServer): Live {
  const fanout = fanoutOf(io);
  const batch = new RoomBatch<LiveBatchEntry>(LIVE_BATCH_WINDOW_MS, (room, entries) => {
    fanout.send(room, entries);
    io.serverSideEmit(LIVE_RELAY, room, entries);
  });
  return {
    toRoomsBatched(rooms, entry) {
      if (rooms.length) batch.add(rooms, entry);
    },
    flush() {
      batch.flush();
      fanout.flush();
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
