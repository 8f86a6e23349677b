// A SIP line's send rate n/m (SPEC §3) as a sliding window in Redis: the one module that writes it.
// Two sides, each a window of its own: the dial scheduler takes tokens when it claims numbers
// (server/src/dialer/tick.ts) and the media worker takes one per originate (media/src/calls/
// originatePace.ts), so the line never sees more than n originates in any m seconds, however the dial
// queue bunches them. The callers keep their policy (how many to claim, how long to wait); this is the
// Redis work. One sorted set of stamps per line and side, scored by Redis' own clock so every process
// sees the same window; taking tokens is one Lua script (atomic), so no two processes together take
// more than n. Unused tokens are handed back by member name.
import type Redis from 'ioredis';

export interface LineRate {
  n: number;
  m: number;
}

export const validRate = (r: LineRate): boolean =>
  Number.isSafeInteger(r.n) && r.n > 0 && Number.isSafeInteger(r.m) && r.m > 0;

/** claim: numbers claimed by the scheduler; originate: calls put on the wire by a media worker. */
export type RateSide = 'claim' | 'originate';

const SIDE_PART: Record<RateSide, string> = { claim: 'dialer', originate: 'media' };

export const rateWindowKey = (prefix: string, side: RateSide, lineId: number) =>
  `${prefix}:${SIDE_PART[side]}:rate:line:${lineId}`;
export const rateSeqKey = (prefix: string, side: RateSide, lineId: number) =>
  `${prefix}:${SIDE_PART[side]}:rate:seq:${lineId}`;

/**
 * KEYS: window, sequence. ARGV: window ms, n, wanted. Takes up to `wanted` tokens atomically and
 * returns their member names (unused ones can be removed again with ZREM).
 */
const RATE_TAKE_SCRIPT = `
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

/** KEYS: window. ARGV: window ms, n. The tokens free now, without taking them. */
const RATE_AVAILABLE_SCRIPT = `
local t = redis.call('time')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return tonumber(ARGV[2]) - redis.call('zcount', KEYS[1], '(' .. (now - tonumber(ARGV[1])), '+inf')`;

/** The moment (ms, Redis' clock) a token was taken: member names are `<stamp ms>:<sequence>`. */
export const tokenTakenAt = (member: string): number => Number(member.split(':')[0]);

/** The lines' windows of one side. */
export class RateWindows {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly side: RateSide,
  ) {}

  private key = (lineId: number) => rateWindowKey(this.prefix, this.side, lineId);

  /** Tokens the lines have free now, without taking them (0 for a line without a valid rate). */
  async available(lines: { id: number; rate: LineRate }[]): Promise<Map<number, number>> {
    const p = this.redis.pipeline();
    for (const l of lines) p.eval(RATE_AVAILABLE_SCRIPT, 1, this.key(l.id), l.rate.m * 1000, l.rate.n);
    const res = (await p.exec()) ?? [];
    return new Map(
      lines.map((l, i) => [l.id, validRate(l.rate) ? Math.max(0, Number(res[i]?.[1]) || 0) : 0]),
    );
  }

  /** Takes up to `want` tokens; returns their member names (hand unused ones back with giveBack). */
  async take(lineId: number, rate: LineRate, want: number): Promise<string[]> {
    if (!validRate(rate) || want <= 0) return [];
    return (await this.redis.eval(
      RATE_TAKE_SCRIPT,
      2,
      this.key(lineId),
      rateSeqKey(this.prefix, this.side, lineId),
      rate.m * 1000,
      rate.n,
      want,
    )) as string[];
  }

  async giveBack(lineId: number, members: string[]): Promise<void> {
    if (members.length) await this.redis.zrem(this.key(lineId), ...members);
  }
}
