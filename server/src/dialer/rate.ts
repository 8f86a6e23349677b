// A line's send rate n/m (SPEC §3) as a sliding window in Redis: one sorted set of originate stamps
// per line, scored by Redis' own clock so every process sees the same window. Taking tokens is one
// Lua script (atomic), so no two takers can together exceed n in any m seconds; unused tokens are
// handed back by member name.
import type Redis from 'ioredis';

const TAKE = `
local t = redis.call('time')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local win = tonumber(ARGV[1])
local n = tonumber(ARGV[2])
local want = tonumber(ARGV[3])
redis.call('zremrangebyscore', KEYS[1], '-inf', now - win)
local grant = math.min(want, n - redis.call('zcard', KEYS[1]))
local out = {}
for i = 1, grant do
  local m = now .. ':' .. redis.call('incr', KEYS[2])
  redis.call('zadd', KEYS[1], now, m)
  out[#out + 1] = m
end
redis.call('pexpire', KEYS[1], win + 1000)
redis.call('pexpire', KEYS[2], 86400000)
return out`;

const AVAILABLE = `
local t = redis.call('time')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return tonumber(ARGV[2]) - redis.call('zcount', KEYS[1], '(' .. (now - tonumber(ARGV[1])), '+inf')`;

export interface LineRate {
  n: number;
  m: number;
}

const valid = (r: LineRate) => Number.isSafeInteger(r.n) && r.n > 0 && Number.isSafeInteger(r.m) && r.m > 0;

export class RateWindows {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  key = (lineId: number) => `${this.prefix}:dialer:rate:line:${lineId}`;
  private seqKey = (lineId: number) => `${this.prefix}:dialer:rate:seq:${lineId}`;

  /** Originates the lines may make now, without taking them. */
  async available(lines: { id: number; rate: LineRate }[]): Promise<Map<number, number>> {
    const p = this.redis.pipeline();
    for (const l of lines) p.eval(AVAILABLE, 1, this.key(l.id), l.rate.m * 1000, l.rate.n);
    const res = (await p.exec()) ?? [];
    return new Map(lines.map((l, i) => [l.id, valid(l.rate) ? Math.max(0, Number(res[i]?.[1]) || 0) : 0]));
  }

  /** Takes up to `want` tokens; returns their member names (hand unused ones back with giveBack). */
  async take(lineId: number, rate: LineRate, want: number): Promise<string[]> {
    if (!valid(rate) || want <= 0) return [];
    return (await this.redis.eval(
      TAKE,
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
