// Live call events to browsers through @socket.io/redis-emitter: the server's Socket.IO uses
// @socket.io/redis-adapter with key `${redisPrefix}:socket.io` (server/src/socket/gateway.ts), so
// the emitter publishes on the same channels and reaches the same rooms.
import { Emitter } from '@socket.io/redis-emitter';
import type Redis from 'ioredis';
import type { DialJob } from '../../../domain/calls';
import {
  Events,
  LIVE_EVENT,
  rooms,
  type CallLineEvent,
  type CallPartialEvent,
  type CallStateEvent,
  type CallTransferEvent,
  type LiveBatchEntry,
  type ServerToClientEvents,
} from '../../../domain/events';

type Target = Pick<DialJob, 'callUuid' | 'accountId' | 'taskId'>;

export class CallLive {
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(redis: Redis, prefix: string) {
    this.emitter = new Emitter<ServerToClientEvents>(redis, { key: `${prefix}:socket.io` });
  }

  /**
   * To every server process, which batches it with the room's other events of the window (from any
   * worker) and sends the frame to its own sockets a slice at a time (server/src/socket/live.ts).
   */
  private batched(rooms: string[], entry: LiveBatchEntry): void {
    this.emitter.serverSideEmit(LIVE_EVENT, rooms, entry);
  }

  private rooms(t: Target): string[] {
    const out = [rooms.call(t.callUuid), rooms.account(t.accountId)];
    if (t.taskId) out.push(rooms.task(t.taskId));
    return out;
  }

  /** At once to whoever watches the call; batched to the task and account rooms. */
  state(t: Target, e: CallStateEvent): void {
    this.emitter.to(rooms.call(t.callUuid)).emit(Events.CallState, e);
    this.batched(
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
