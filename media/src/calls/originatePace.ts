// The line's send rate on the wire: a call is originated only with a token of the line's originate
// window (domain/rateWindow.ts). The scheduler already claims at most n numbers of a line per m
// seconds, but the dial queue may hand them over bunched (a busy worker catching up, a retried job,
// a test call, a bench adding jobs faster than the line allows); without this the carrier could see
// more than n originates in a window and block the line.
// A call waits for its token as long as it takes, first come first served: one poller per line in
// this process takes tokens for all its waiters at once and hands them out in arrival order. Giving
// up after a while (as this once did) failed the job three times and lost the number it carried.
import type Redis from 'ioredis';
import {
  originateSeqKey,
  originateWindowKey,
  RATE_TAKE_SCRIPT,
  validRate,
  type LineRate,
} from '../../../domain/rateWindow';

const RETRY_MS = 20;

interface Waiter {
  resolve(atMs: number): void;
  reject(err: Error): void;
}

interface LineWaiters {
  rate: LineRate;
  waiters: Waiter[];
}

export class OriginateGate {
  private readonly lines = new Map<number, LineWaiters>();
  private closed = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** Calls of this process waiting for a token now. */
  get waiting(): number {
    let n = 0;
    for (const l of this.lines.values()) n += l.waiters.length;
    return n;
  }

  /**
   * The moment (ms, Redis' clock) the line's token for one more originate was granted. The call's
   * record is stamped with it (claimOriginate), so the records show the window the switch was held to.
   */
  take(lineId: number, rate: LineRate): Promise<number> {
    // A line without a valid rate cannot be saved (SPEC §5); nothing to pace.
    if (!validRate(rate)) return Promise.resolve(Date.now());
    if (this.closed) return Promise.reject(new Error('originate gate closed'));
    return new Promise((resolve, reject) => {
      const line = this.lines.get(lineId);
      if (line) {
        line.rate = rate;
        line.waiters.push({ resolve, reject });
        return;
      }
      const fresh: LineWaiters = { rate, waiters: [{ resolve, reject }] };
      this.lines.set(lineId, fresh);
      void this.serve(lineId, fresh);
    });
  }

  /** Fails every waiter (the worker is stopping: their jobs are retried elsewhere, nothing was dialled). */
  close(): void {
    this.closed = true;
    for (const l of this.lines.values())
      for (const w of l.waiters.splice(0)) w.reject(new Error('worker stopping before the originate'));
    this.lines.clear();
  }

  private async serve(lineId: number, line: LineWaiters): Promise<void> {
    while (line.waiters.length && !this.closed) {
      let got: string[] = [];
      try {
        got = (await this.redis.eval(
          RATE_TAKE_SCRIPT,
          2,
          originateWindowKey(this.prefix, lineId),
          originateSeqKey(this.prefix, lineId),
          line.rate.m * 1000,
          line.rate.n,
          line.waiters.length,
        )) as string[];
      } catch (err) {
        // Redis away: nobody may originate unpaced; keep waiting.
        console.error(`line ${lineId}: originate token: ${(err as Error).message}`);
      }
      // Member names are `<stamp ms>:<sequence>`; the oldest waiter gets the first token.
      for (const m of got) line.waiters.shift()?.resolve(Number(m.split(':')[0]));
      if (line.waiters.length) await new Promise((r) => setTimeout(r, RETRY_MS));
    }
    if (this.lines.get(lineId) === line) this.lines.delete(lineId);
  }
}
