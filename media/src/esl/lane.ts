// The per-call command lane: one `execute` in flight per channel (we wait for its
// CHANNEL_EXECUTE_COMPLETE before sending the next), a bounded queue behind it, and clear() for
// uuid_break (queued prompts are dropped here, not sent).
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
  private busy = false;

  constructor(
    private readonly conn: () => EslConnection | null,
    private readonly uuid: string,
  ) {}

  get size(): number {
    return this.queue.length + (this.busy ? 1 : 0);
  }

  push(app: string, arg: string, timeoutMs: number, onWrite?: () => void): Promise<Execute> {
    return new Promise((resolve, reject) => {
      if (this.queue.length >= MAX_LANE) return reject(new EslBusyError('call command queue is full'));
      this.queue.push({ app, arg, timeoutMs, onWrite, resolve, reject });
      this.pump();
    });
  }

  /** Drops what has not been sent yet; the one in flight finishes on the switch side. */
  clear(err: Error = new LaneClearedError('cleared')): void {
    for (const item of this.queue.splice(0)) item.reject(err);
  }

  private pump(): void {
    if (this.busy) return;
    const item = this.queue.shift();
    if (!item) return;
    const conn = this.conn();
    if (!conn || conn.closed) {
      item.reject(new LaneClearedError('node disconnected'));
      return this.pump();
    }
    this.busy = true;
    const { done } = conn.execute(this.uuid, item.app, item.arg, item.timeoutMs);
    item.onWrite?.();
    done.then(item.resolve, item.reject).finally(() => {
      this.busy = false;
      this.pump();
    });
  }
}
