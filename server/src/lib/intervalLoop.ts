// A background job run every `ms` in a server process, one run at a time, that the server stops on
// close and waits for: a run left going after close would use the closed database, Redis or Socket.IO
// adapter (a pulse emitted through a closed adapter threw "Connection is closed." into whatever ran next).
import { log } from '../../../platform/log';

export interface IntervalLoop {
  /** No new run starts; resolves once the one in progress (if any) has ended. */
  stop(): Promise<void>;
}

export function intervalLoop(name: string, ms: number, run: () => Promise<unknown>): IntervalLoop {
  let current: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (current || stopped) return;
    current = run()
      .catch((e: unknown) => log.warn(`${name} failed`, { err: String(e) }))
      .finally(() => (current = null));
  }, ms);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
