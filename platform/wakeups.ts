// Waiters woken by name: a process waits for "something changed about <key>" (a seat group has a
// free seat, a transfer's offer was answered, its reply written) for at most `ms`, and whoever hears
// of the change (a Redis pub/sub message, wired by the caller) wakes every waiter of that key. The
// wait is a hint, never the truth: callers still read the state after waking, and the time limit
// covers a message that never came. A timer is its only side effect.

export class Wakeups {
  private readonly waiting = new Map<string, Set<(woken: boolean) => void>>();
  private closed = false;

  /**
   * Resolves true when `key` is woken, false when `ms` passed first or the waiters were closed.
   * After close it is a plain `ms` pause (a caller's loop must not spin).
   */
  wait(key: string, ms: number): Promise<boolean> {
    if (this.closed) return new Promise((resolve) => setTimeout(() => resolve(false), Math.max(0, ms)));
    return new Promise((resolve) => {
      const set = this.waiting.get(key) ?? new Set();
      this.waiting.set(key, set);
      const done = (woken: boolean) => {
        clearTimeout(timer);
        set.delete(done);
        if (!set.size && this.waiting.get(key) === set) this.waiting.delete(key);
        resolve(woken);
      };
      const timer = setTimeout(() => done(false), Math.max(0, ms));
      set.add(done);
    });
  }

  /** Wakes every waiter of `key` (none: nothing happens). */
  wake(key: string): void {
    const set = this.waiting.get(key);
    if (!set) return;
    this.waiting.delete(key);
    for (const done of [...set]) done(true);
  }

  /** How many keys have waiters (tests, and a leak check). */
  get size(): number {
    return this.waiting.size;
  }

  /** Ends every wait (false); later waits only pause: the process is stopping. */
  close(): void {
    this.closed = true;
    for (const set of [...this.waiting.values()]) for (const done of [...set]) done(false);
    this.waiting.clear();
  }
}
