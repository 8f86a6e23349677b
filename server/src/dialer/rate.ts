// A line's send rate n/m (SPEC §3) at claim time, as a sliding window in Redis (domain/rateWindow.ts).
// Taking tokens is one Lua script (atomic), so no two schedulers can together claim more than n
// numbers of a line in any m seconds; unused tokens are handed back by member name.
import type Redis from 'ioredis';
import {
  claimSeqKey,
  claimWindowKey,
  RATE_AVAILABLE_SCRIPT,
  RATE_TAKE_SCRIPT,
  validRate as valid,
  type LineRate,
} from '../../../domain/rateWindow';

export type { LineRate };

export class RateWindows {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  key = (lineId: number) => claimWindowKey(this.prefix, lineId);
  private seqKey = (lineId: number) => claimSeqKey(this.prefix, lineId);

  /** Originates the lines may make now, without taking them. */
  async available(lines: { id: number; rate: LineRate }[]): Promise<Map<number, number>> {
    const p = this.redis.pipeline();
    for (const l of lines) p.eval(RATE_AVAILABLE_SCRIPT, 1, this.key(l.id), l.rate.m * 1000, l.rate.n);
    const res = (await p.exec()) ?? [];
    return new Map(lines.map((l, i) => [l.id, valid(l.rate) ? Math.max(0, Number(res[i]?.[1]) || 0) : 0]));
  }

  /** Takes up to `want` tokens; returns their member names (hand unused ones back with giveBack). */
  async take(lineId: number, rate: LineRate, want: number): Promise<string[]> {
    if (!valid(rate) || want <= 0) return [];
    return (await this.redis.eval(
      RATE_TAKE_SCRIPT,
      2,
      this.key(lineId),
      this.seqKey(lineId),
      rate.m * 1000,
      rate.n,
      want,
    )) as string[];
  }

  async giveBack(lineId: number, members: string[]): Promise<void> {
    if (members.length) await this.redis.zrem(this.key(lineId), ...members);
  }
}
