// Transfers that found no free seat wait here until a seat of their group becomes pickable (any
// process publishes that on seatFreeChannel when it pushes the seat's new state) or the poll time
// passes, whichever comes first: a freed seat is offered at once instead of at the next poll.
import type Redis from 'ioredis';
import { seatFreeChannel } from '../../../../domain/seatStore';

export interface SeatFree {
  /** Resolves once the subscription is in place (a wake published before that is missed). */
  ready: Promise<void>;
  /** Resolves when a seat of `groupId` may be free, or after `ms`. */
  wait(groupId: number, ms: number): Promise<void>;
  close(): Promise<void>;
}

export function listenSeatFree(redis: Redis, prefix: string): SeatFree {
  const sub = redis.duplicate();
  const channel = seatFreeChannel(prefix);
  const waiting = new Map<number, Set<() => void>>();
  let closed = false;
  sub.on('message', (ch: string, message: string) => {
    if (ch !== channel) return;
    const wake = waiting.get(Number(message));
    waiting.delete(Number(message));
    for (const w of wake ?? []) w();
  });
  sub.on('error', () => undefined); // reconnects; meanwhile the poll time still ends each wait
  const ready = sub.subscribe(channel).then(
    () => undefined,
    () => undefined,
  );
  return {
    ready,
    async wait(groupId, ms) {
      await ready;
      if (closed) return;
      await new Promise<void>((resolve) => {
        const set = waiting.get(groupId) ?? new Set<() => void>();
        waiting.set(groupId, set);
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        set.add(done);
      });
    },
    async close() {
      closed = true;
      for (const set of waiting.values()) for (const w of set) w();
      waiting.clear();
      sub.disconnect();
    },
  };
}
