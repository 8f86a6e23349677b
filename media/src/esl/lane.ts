// The per-call command lane: one `execute` in flight per channel (we wait for its
// CHANNEL_EXECUTE_COMPLETE before sending the next), a bounded queue behind it, and clear() for
// uuid_break (queued prompts are dropped here, not sent, and the lane stops waiting for the one being
// broken: the switch runs the next application after it, in order, as sendmsg's event-lock asks).
import { EslBusyError, type EslConnection } from './connection';
import type { EslEvent } from './events';

type Execute = Extract<EslEvent, { name: 'CHANNEL_EXECUTE_COMPLETE' }>;

export class LaneClearedError extends Error {}

interface Item {
  app: string;
  arg: string;
  timeoutMs: number;
  onWrite?: () => void;
  resolve(e: Execute): void;
  reject(e: Error): void;
}

export const MAX_LANE = 16;

export class Lane {
  private readonly queue: Item[] = [];
  /** The execute written and not yet complete, unless clear() let go of it. */
  private current: Item | null = null;

  constructor(
    private readonly conn: () => EslConnection | null,
    private readonly uuid: string,
  ) {}

  get size(): number {
    return this.queue.length + (this.current ? 1 : 0);
  }

  push(app: string, arg: string, timeoutMs: number, onWrite?: () => void): Promise<Execute> {
    return new Promise((resolve, reject) => {
      if (this.queue.length >= MAX_LANE) return reject(new EslBusyError('call command queue is full'));
      this.queue.push({ app, arg, timeoutMs, onWrite, resolve, reject });
      this.pump();
    });
  }

  /**
   * Drops what has not been sent yet. The one in flight finishes on the switch side (its promise
   * still settles); the next push is written at once instead of waiting for it: after a barge-in the
   * answer must not wait for the broken prompt's CHANNEL_EXECUTE_COMPLETE.
   */
  clear(err: Error = new LaneClearedError('cleared')): void {
    for (const item of this.queue.splice(0)) item.reject(err);
    this.current = null;
  }

  private pump(): void {
    if (this.current) return;
    const item = this.queue.shift();
    if (!item) return;
    const conn = this.conn();
    if (!conn || conn.closed) {
      item.reject(new LaneClearedError('node disconnected'));
      return this.pump();
    }
    this.current = item;
    const { done } = conn.execute(this.uuid, item.app, item.arg, item.timeoutMs);
    item.onWrite?.();
    done.then(item.resolve, item.reject).finally(() => {
      if (this.current !== item) return; // let go of by clear()
      this.current = null;
      this.pump();
    });
  }
}
