// The receiving side of live:batch frames (domain/events.ts): each entry is handed to the socket's
// own listeners of its event, as if it had come alone, so pages listen to call:state, seat:state and
// task:progress whichever way the server sent them. Used by the browser's socket and by tests.
import { Events, type LiveBatchEntry } from './events';

type Listener = (payload: never) => void;

export interface BatchRelaySocket {
  on(event: typeof Events.LiveBatch, fn: (entries: LiveBatchEntry[]) => void): unknown;
  listeners(event: string): Listener[] | ((...args: never[]) => unknown)[];
}

export function relayLiveBatches(socket: BatchRelaySocket): void {
  socket.on(Events.LiveBatch, (entries) => {
    if (!Array.isArray(entries)) return;
    for (const entry of entries) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string') continue;
      for (const fn of socket.listeners(entry[0]).slice()) (fn as (p: unknown) => void)(entry[1]);
    }
  });
}
