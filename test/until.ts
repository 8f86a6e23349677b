// Polling in integration tests: waits for something another process or a queue does.

/** Calls `fn` every 20 ms until it returns a value (not undefined, null or false); fails after `ms`. */
export async function until<T>(fn: () => T | undefined | Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== null && v !== false) return v as T;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
