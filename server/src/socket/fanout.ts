// Sending a live:batch frame to a busy room (a merchant's account room with a thousand wallboards) a
// slice of sockets at a time. Socket.IO writes a broadcast to every socket of the room in one go: a
// thousand socket writes kept the event loop for tens of milliseconds, and a transfer's next step,
// a seat's answer or a Bull job waited behind each frame. Here the frame is written FANOUT_SLICE
// sockets at a time (one encoding per slice) for at most FANOUT_TURN_MS per turn of the event loop,
// and frames leave in the order they were given, for every socket. Only this process's sockets: every
// server process batches the events of all processes itself (LIVE_EVENT, ./live.ts) and sends the
// frames to its own sockets.
import { Events, type LiveBatchEntry } from '../../../domain/events';
import type { IoServer } from './live';

/** Sockets written per encoding of the frame. */
export const FANOUT_SLICE = 100;
/** Slices are written until this much time has passed in one turn of the event loop. */
export const FANOUT_TURN_MS = 4;

interface Pending {
  ids: string[];
  next: number;
  entries: LiveBatchEntry[];
}

export class SlicedFanout {
  private readonly queue: Pending[] = [];
  private scheduled = false;

  constructor(private readonly io: IoServer) {}

  /** Sends the frame to the room's sockets in this process (in order after the frames given before). */
  send(room: string, entries: LiveBatchEntry[]): void {
    const members = this.io.of('/').adapter.rooms.get(room);
    if (!members?.size) return;
    this.queue.push({ ids: [...members], next: 0, entries });
    if (!this.scheduled) this.drain();
  }

  /** Writes what is still queued now (at shutdown). */
  flush(): void {
    while (this.queue.length) this.step(Infinity);
  }

  private drain = (): void => {
    this.scheduled = false;
    const until = performance.now() + FANOUT_TURN_MS;
    do this.step(FANOUT_SLICE);
    while (this.queue.length && performance.now() < until);
    if (this.queue.length) {
      this.scheduled = true;
      setImmediate(this.drain);
    }
  };

  /** Writes up to `budget` sockets from the head of the queue. */
  private step(budget: number): void {
    while (budget > 0 && this.queue.length) {
      const head = this.queue[0]!;
      const part = head.ids.slice(head.next, head.next + Math.min(budget, head.ids.length));
      head.next += part.length;
      budget -= part.length;
      // Each socket is in the room of its own id: one encoding for the slice.
      if (part.length) this.io.local.to(part).emit(Events.LiveBatch, head.entries);
      if (head.next >= head.ids.length) this.queue.shift();
    }
  }
}
