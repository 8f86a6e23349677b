// A SIP line's send rate n/m (SPEC §3) as a sliding window in Redis, shared by the dial scheduler
// (tokens taken when numbers are claimed) and the media worker (tokens taken when a call is
// originated, so the line never sees more than n originates in any m seconds, however the dial
// queue bunches them). Pure data: the key names and the Lua scripts. One sorted set of stamps per
// line and side, scored by Redis' own clock so every process sees the same window.

export const claimWindowKey = (prefix: string, lineId: number) => `${prefix}:dialer:rate:line:${lineId}`;
export const claimSeqKey = (prefix: string, lineId: number) => `${prefix}:dialer:rate:seq:${lineId}`;
export const originateWindowKey = (prefix: string, lineId: number) => `${prefix}:media:rate:line:${lineId}`;
export const originateSeqKey = (prefix: string, lineId: number) => `${prefix}:media:rate:seq:${lineId}`;

/**
 * KEYS: window, sequence. ARGV: window ms, n, wanted. Takes up to `wanted` tokens atomically and
 * returns their member names (unused ones can be removed again with ZREM).
 */
export const RATE_TAKE_SCRIPT = `
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
export const RATE_AVAILABLE_SCRIPT = `
local t = redis.call('time')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return tonumber(ARGV[2]) - redis.call('zcount', KEYS[1], '(' .. (now - tonumber(ARGV[1])), '+inf')`;

export interface LineRate {
  n: number;
  m: number;
}

export const validRate = (r: LineRate): boolean =>
  Number.isSafeInteger(r.n) && r.n > 0 && Number.isSafeInteger(r.m) && r.m > 0;
