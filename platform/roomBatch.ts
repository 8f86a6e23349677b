// Coalesces events bound for busy rooms (a merchant's account room with a thousand wallboards) into
// one frame per room per window (the live:batch event, domain/events.ts): a thousand sockets then get
// window-spaced frames instead of one frame per event, which is what a Socket.IO server can fan out
// on a floor of 500 calls. The first event after a quiet window goes out at once (no added delay
// when the floor is quiet); under load an event waits at most one window. Used by the server's
// emitter (server/src/socket/live.ts), for its own events and those the media workers relay through
// it; a timer is its only side effect (why it is in platform/, not domain/).

export class RoomBatch<T> {
  private readonly pending = new Map<string, T[]>();
  private timer: NodeJS.Timeout | null = null;
  private lastFlush = 0;

  constructor(
    private readonly windowMs: number,
    private readonly send: (room: string, events: T[]) => void,
    private readonly now: () => number = Date.now,
  ) {}

  add(rooms: string[], event: T): void {
    for (const room of rooms) {
      const list = this.pending.get(room);
      if (list) list.push(event);
      else this.pending.set(room, [event]);
    }
    if (this.timer) return;
    const wait = this.lastFlush + this.windowMs - this.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Sends what is pending now (also at shutdown, so nothing is lost). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.lastFlush = this.now();
    const batches = [...this.pending];
    this.pending.clear();
    for (const [room, events] of batches) this.send(room, events);
  }
}
