// Pushing to browsers: events to rooms, and ending revoked sessions' sockets. Works across server
// processes through the Redis adapter.
import type { Server } from 'socket.io';
import {
  Events,
  LIVE_EVENT,
  rooms,
  type ClientToServerEvents,
  type InterServerEvents,
  type LiveBatchEntry,
  type ServerToClientEvents,
} from '../../../domain/events';
import { RoomBatch } from '../../../platform/roomBatch';
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
   * frame with the others of its window (platform/roomBatch.ts).
   */
  toRoomsBatched(rooms: string[], entry: LiveBatchEntry): void;
  /** Sends what still waits for its batch window (at shutdown). */
  flush(): void;
  /** Makes every socket in `from` (e.g. user:<id>) join / leave `rooms`, across processes. */
  joinRooms(from: string, rooms: string[]): void;
  leaveRooms(from: string, rooms: string[]): void;
}

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;

/** This process's batch of busy rooms' events and its sliced fan-out: one of each per `io`. */
interface LiveRooms {
  batch: RoomBatch<LiveBatchEntry>;
  fanout: SlicedFanout;
}

const liveRooms = new WeakMap<IoServer, LiveRooms>();

/**
 * Sets up the process's batch for `io` (the gateway does, before anything uses `io`): events from
 * this process and from every other process (media workers, other server processes: LIVE_EVENT) go
 * into one live:batch frame per room per `windowMs`, sent to this process's own sockets of the room
 * a slice at a time.
 */
export function attachLiveBatch(io: IoServer, windowMs: number): void {
  const fanout = new SlicedFanout(io);
  const batch = new RoomBatch<LiveBatchEntry>(windowMs, (room, entries) => fanout.send(room, entries));
  io.on(LIVE_EVENT, (rooms, entry) => {
    if (Array.isArray(rooms) && Array.isArray(entry)) batch.add(rooms, entry);
  });
  liveRooms.set(io, { batch, fanout });
}

function liveRoomsOf(io: IoServer): LiveRooms {
  const l = liveRooms.get(io);
  if (!l) throw new Error('live: the gateway has not attached its batch to this io (attachLiveBatch)');
  return l;
}

export function createLive(io: IoServer): Live {
  const { batch, fanout } = liveRoomsOf(io);
  return {
    toRoomsBatched(rooms, entry) {
      if (!rooms.length) return;
      batch.add(rooms, entry);
      io.serverSideEmit(LIVE_EVENT, rooms, entry);
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
