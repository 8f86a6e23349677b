// The Redis layout of live seat state, shared by the API server and the media worker's transfer flow
// (they meet in Redis, ARCHITECTURE §2). Pure data: key names, the hash codec and two Lua scripts.
//
//   <prefix>:seat:<id>               hash: v (version), on, dnd, auto, act, call, idle, at, grp, en, acc, usr
//   <prefix>:seatgroup:<id>:idle     sorted set: the group's pickable seats, score = idle since (epoch ms)
//
// Every change is a compare-and-set on `v` (SEAT_CAS_SCRIPT) that also keeps the idle set exact; a
// transfer claims a seat with SEAT_PICK_SCRIPT, which applies domain/seats.ts pickSeat and marks the
// winner busy in the same atomic step, so two calls never get the same seat.
import type { SeatActivity, SeatLive } from './seats';

export const seatKey = (prefix: string, seatId: number) => `${prefix}:seat:${seatId}`;
export const seatKeyPrefix = (prefix: string) => `${prefix}:seat:`;
export const seatIdleKey = (prefix: string, groupId: number) => `${prefix}:seatgroup:${groupId}:idle`;
/** Pub/sub channel: a seat of group <message> can take a call now (transfers waiting for one retry). */
export const seatFreeChannel = (prefix: string) => `${prefix}:seatgroup:free`;

/** Who the seat belongs to, stored with the state so a state event can be addressed without the database. */
export interface SeatOwners {
  accountId: number;
  userId: number;
}

const ACTIVITIES: readonly SeatActivity[] = ['idle', 'busy', 'wrapup'];
const num = (s: string | undefined): number | null => (s && /^\d+$/.test(s) ? Number(s) : null);

/** The hash of a state (all fields, strings). */
export function seatToHash(s: SeatLive, owners: SeatOwners): Record<string, string> {
  return {
    on: s.online ? '1' : '0',
    dnd: s.dnd ? '1' : '0',
    auto: s.autoAnswer ? '1' : '0',
    act: s.activity,
    call: s.callUuid ?? '',
    idle: s.idleSince === null ? '' : String(s.idleSince),
    at: s.changedAt === null ? '' : String(s.changedAt),
    grp: String(s.groupId),
    en: s.enabled ? '1' : '0',
    acc: String(owners.accountId),
    usr: String(owners.userId),
  };
}

/** The state in a hash; null when the hash is missing or not ours (treated as "nothing known"). */
export function seatFromHash(h: Record<string, string>): { state: SeatLive; version: number } | null {
  const groupId = num(h.grp);
  if (groupId === null || !ACTIVITIES.includes(h.act as SeatActivity)) return null;
  return {
    version: num(h.v) ?? 0,
    state: {
      online: h.on === '1',
      dnd: h.dnd === '1',
      autoAnswer: h.auto === '1',
      activity: h.act as SeatActivity,
      callUuid: h.call ? h.call : null,
      idleSince: num(h.idle),
      changedAt: num(h.at),
      groupId,
      enabled: h.en === '1',
    },
  };
}

/**
 * Compare-and-set of one seat. KEYS: seat hash, idle set of its old group, idle set of its new group.
 * ARGV: expected version ('0' when absent), seat id, idle score ('' = not pickable), then field/value
 * pairs. Returns the new version, or 0 when the version moved (the caller re-reads and retries).
 */
export const SEAT_CAS_SCRIPT = `
local v = redis.call('HGET', KEYS[1], 'v') or '0'
if v ~= ARGV[1] then return 0 end
redis.call('ZREM', KEYS[2], ARGV[2])
redis.call('ZREM', KEYS[3], ARGV[2])
if ARGV[3] ~= '' then redis.call('ZADD', KEYS[3], ARGV[3], ARGV[2]) end
local nv = tonumber(v) + 1
redis.call('HSET', KEYS[1], 'v', nv, unpack(ARGV, 4))
return nv
`;

/**
 * Claims the longest-idle pickable seat of a group for a call (pickSeat's rule: enabled, online, not
 * DND, idle; idle longest first, then the lower id). KEYS: the group's idle set. ARGV: seat key prefix,
 * group id, call uuid, now (ms), and optionally the seat ids not to pick (comma-separated). Members read on the way whose hash no longer qualifies are dropped
 * from the set; the walk stops after the longest-idle qualifying seats (one hash read per pick, not one
 * per seat of the group).
 * Returns the seat id (string) or false.
 */
export const SEAT_PICK_SCRIPT = `
local members = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
local best, bestScore = nil, nil
-- ARGV[5]: ids not to pick, comma-separated (seats that failed this call already).
local skip = ',' .. (ARGV[5] or '') .. ','
for i = 1, #members, 2 do
  local id = members[i]
  -- The set is ordered by idle-since: past the best one's score, nobody has been idle longer.
  if best ~= nil and tonumber(members[i + 1]) > bestScore then break end
  local h = redis.call('HMGET', ARGV[1] .. id, 'on', 'dnd', 'act', 'en', 'grp', 'idle')
  local idle = tonumber(h[6])
  if string.find(skip, ',' .. id .. ',', 1, true) then
    -- passed over, still in the set
  elseif h[1] == '1' and h[2] == '0' and h[3] == 'idle' and h[4] == '1' and h[5] == ARGV[2] and idle then
    if best == nil or idle < bestScore or (idle == bestScore and tonumber(id) < tonumber(best)) then
      best = id
      bestScore = idle
    end
  else
    redis.call('ZREM', KEYS[1], id)
  end
end
if best == nil then return false end
redis.call('ZREM', KEYS[1], best)
local key = ARGV[1] .. best
redis.call('HSET', key, 'act', 'busy', 'call', ARGV[3], 'idle', '', 'at', ARGV[4])
redis.call('HINCRBY', key, 'v', 1)
return best
`;
