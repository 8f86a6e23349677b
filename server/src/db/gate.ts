// A small counting semaphore per connection pool: at most `limit` holders of one kind of work at a
// time, the rest wait in line (first come, first served). Work that would only queue on the same row
// locks anyway (many CDRs of one merchant) then holds `limit` connections, not the whole pool, so the
// dialer, the web pages and /api/health keep theirs. A line longer than `maxWaiting` refuses at once
// (GateFull) instead of growing without bound.
import type { Knex } from 'knex';

export class GateFull extends Error {
  constructor(readonly gate: string) {
    super(`${gate}: too many waiting`);
  }
}

export class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly name: string,
    readonly limit: number,
    readonly maxWaiting: number,
  ) {}

  get inUse(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      if (this.waiting.length >= this.maxWaiting) throw new GateFull(this.name);
      // The releaser hands its place over directly (active stays counted), so none can overtake.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.active++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

const gates = new WeakMap<Knex, Map<string, Gate>>();

/** The gate named `name` of this pool (made on first use with these limits). */
export function gateOf(db: Knex, name: string, limit: number, maxWaiting = 1000): Gate {
  let byName = gates.get(db);
  if (!byName) gates.set(db, (byName = new Map()));
  let g = byName.get(name);
  if (!g) byName.set(name, (g = new Gate(name, limit, maxWaiting)));
  return g;
}
