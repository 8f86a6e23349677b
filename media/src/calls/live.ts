// Live call events to browsers through @socket.io/redis-emitter: the server's Socket.IO uses
// @socket.io/redis-adapter with key `${redisPrefix}:socket.io` (server/src/socket/gateway.ts), so
// the emitter publishes on the same channels and reaches the same rooms.
import { Emitter } from '@socket.io/redis-emitter';
import type Redis from 'ioredis';
import type { DialJob } from '../../../domain/calls';
import {
  Events,
  LIVE_BATCH_WINDOW_MS,
  LIVE_RELAY,
  rooms,
  type CallLineEvent,
  type CallPartialEvent,
  type CallStateEvent,
  type CallTransferEvent,
  type LiveBatchEntry,
  type ServerToClientEvents,
} from '../../../domain/events';
import { RoomBatch } from '../../../domain/roomBatch';

type Target = Pick<DialJob, 'callUuid' | 'accountId' | 'taskId'>;

export class CallLive {
  private readonly emitter: Emitter<ServerToClientEvents>;
  /** State changes for the task and account rooms: live:batch frames (domain/roomBatch.ts). */
  private readonly batch: RoomBatch<LiveBatchEntry>;

  constructor(redis: Redis, prefix: string) {
    this.emitter = new Emitter<ServerToClientEvents>(redis, { key: `${prefix}:socket.io` });
    // To every server process, which sends the frame to its own sockets a slice at a time
    // (server/src/socket/fanout.ts), not as one broadcast that holds its event loop.
    this.batch = new RoomBatch(LIVE_BATCH_WINDOW_MS, (room, entries) =>
      this.emitter.serverSideEmit(LIVE_RELAY, room, entries),
    );
  }

  /** Sends the state changes still waiting for their window (at shutdown). */
  flush(): void {
    this.batch.flush();
  }

  private rooms(t: Target): string[] {
    const out = [rooms.call(t.callUuid), rooms.account(t.accountId)];
    if (t.taskId) out.push(rooms.task(t.taskId));
    return out;
  }

  /** At once to whoever watches the call; batched to the task and account rooms. */
  state(t: Target, e: CallStateEvent): void {
    this.emitter.to(rooms.call(t.callUuid)).emit(Events.CallState, e);
    this.batch.add(
      t.taskId ? [rooms.account(t.accountId), rooms.task(t.taskId)] : [rooms.account(t.accountId)],
      [Events.CallState, e],
    );
  }

  /**
   * Transcript lines go to whoever watches this call (a seat's pop-up and desk, a wallboard's open
   * transcript), not to the account: a floor of 500 calls would send every line to every supervisor.
   */
  line(t: Target, e: CallLineEvent): void {
    this.emitter.to(rooms.call(t.callUuid)).emit(Events.CallLine, e);
  }

  transfer(t: Target, e: CallTransferEvent): void {
    this.emitter.to(this.rooms(t)).emit(Events.CallTransfer, e);
  }

  /** Interim recognition: only whoever watches this call needs it (not the task or account rooms). */
  partial(t: Target, e: CallPartialEvent): void {
    this.emitter.to(rooms.call(t.callUuid)).emit(Events.CallPartial, e);
  }
}
