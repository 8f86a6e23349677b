// A call's named timers (silence, speech guard, max duration, lost node, the wait for a hang-up event):
// one of each at most, all cleared together when the call ends. Scaled ones follow the simulator's timeScale.
export type TimerName = 'silence' | 'guard' | 'max' | 'lost' | 'deadAir' | 'hangupWait' | 'avmdWindow';

export class CallTimers {
  private readonly timers = new Map<TimerName, NodeJS.Timeout>();

  constructor(private readonly scale: number) {}

  has(name: TimerName): boolean {
    return this.timers.has(name);
  }

  set(name: TimerName, ms: number, fn: () => void, scaled = true): void {
    this.clear(name);
    const t = setTimeout(
      () => {
        this.timers.delete(name);
        fn();
      },
      scaled ? ms * this.scale : ms,
    );
    this.timers.set(name, t);
  }

  clear(name: TimerName): void {
    const t = this.timers.get(name);
    if (t) clearTimeout(t);
    this.timers.delete(name);
  }

  clearAll(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
