// Live seat state in Redis, shared by the API server's processes (the seat's own changes, presence,
// the transfer flow): the one module that writes it, with its layout, hash codec and Lua scripts. The
// rules of a change (domain/seats.ts applySeatChange) and the events it pushes stay with the caller
// (server/src/modules/seats/state/state.ts).
//
//   <prefix>:seat:<id>               hash: v (version), on, dnd, auto, act, call, idle, at, grp, en, acc, usr
//   <prefix>:seatgroup:<id>:idle     sorted set: the group's pickable seats, score = idle since (epoch ms)
//   <prefix>:seatgroup:free          pub/sub: a group id whose seat became pickable
//
// Every change is a compare-and-set on `v` (SEAT_CAS_SCRIPT) that also keeps the idle set exact; a
// transfer claims a seat with SEAT_PICK_SCRIPT, which applies domain/seats.ts pickSeat and marks the
// winner busy in the same atomic step, so two calls never get the same seat.
import type Redis from 'ioredis';
import { isPickable, SEAT_ACTIVITIES, type SeatActivity, type SeatLive } from '../domain/seats';

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
  if (groupId === null || !SEAT_ACTIVITIES.includes(h.act as SeatActivity)) return null;
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
const SEAT_CAS_SCRIPT = `
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
const SEAT_PICK_SCRIPT = `
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

type Scripted = Redis & {
  cpSeatCas(...args: string[]): Promise<number>;
  cpSeatPick(...args: string[]): Promise<string | null>;
};
const defined = new WeakSet<Redis>();
function scripted(r: Redis): Scripted {
  if (!defined.has(r)) {
    r.defineCommand('cpSeatCas', { numberOfKeys: 3, lua: SEAT_CAS_SCRIPT });
    r.defineCommand('cpSeatPick', { numberOfKeys: 1, lua: SEAT_PICK_SCRIPT });
    defined.add(r);
  }
  return r as Scripted;
}

export class SeatStore {
  private readonly redis: Scripted;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    this.redis = scripted(redis);
  }

  private key = (seatId: number) => seatKey(this.prefix, seatId);

  /** The seat's state; null when Redis knows nothing (the caller's default: offline). */
  async read(seatId: number): Promise<SeatLive | null> {
    return seatFromHash(await this.redis.hgetall(this.key(seatId)))?.state ?? null;
  }

  /** The seats' states in one round trip, in the order asked (null: nothing known or the read failed). */
  async readMany(seatIds: number[]): Promise<(SeatLive | null)[]> {
    if (!seatIds.length) return [];
    const p = this.redis.pipeline();
    for (const id of seatIds) p.hgetall(this.key(id));
    const replies = (await p.exec()) ?? [];
    return seatIds.map((_, i) => {
      const [err, h] = replies[i] ?? [null, {}];
      return (!err && seatFromHash(h as Record<string, string>)?.state) || null;
    });
  }

  /** The state and its owners as stored (null when either is missing or not ours). */
  async readOwned(seatId: number): Promise<{ state: SeatLive; owners: SeatOwners } | null> {
    const h = await this.redis.hgetall(this.key(seatId));
    const parsed = seatFromHash(h);
    if (!parsed || !/^\d+$/.test(h.acc ?? '') || !/^\d+$/.test(h.usr ?? '')) return null;
    return { state: parsed.state, owners: { accountId: Number(h.acc), userId: Number(h.usr) } };
  }

  /** What a change starts from: the stored version ('0' when none) and the state (null: nothing known). */
  async load(seatId: number): Promise<{ version: string; state: SeatLive | null }> {
    const h = await this.redis.hgetall(this.key(seatId));
    return { version: /^\d+$/.test(h.v ?? '') ? h.v! : '0', state: seatFromHash(h)?.state ?? null };
  }

  /**
   * Writes `next` if the seat's version is still `version` (from load), moving it between the idle
   * sets of `fromGroupId` and its new group; false when someone changed the seat meanwhile.
   */
  async compareAndSet(
    seatId: number,
    version: string,
    fromGroupId: number,
    next: SeatLive,
    owners: SeatOwners,
  ): Promise<boolean> {
    const score = isPickable(next) && next.idleSince !== null ? String(next.idleSince) : '';
    const ok = await this.redis.cpSeatCas(
      this.key(seatId),
      seatIdleKey(this.prefix, fromGroupId),
      seatIdleKey(this.prefix, next.groupId),
      version,
      String(seatId),
      score,
      ...Object.entries(seatToHash(next, owners)).flat(),
    );
    return Number(ok) !== 0;
  }

  /**
   * Claims the group's longest-idle pickable seat for `callUuid` (never one of `exclude`) and marks it
   * busy at `now`, atomically: two calls never get the same seat. Null when no seat can take the call.
   */
  async pick(
    groupId: number,
    callUuid: string,
    now: number,
    exclude: readonly number[],
  ): Promise<number | null> {
    const won = await this.redis.cpSeatPick(
      seatIdleKey(this.prefix, groupId),
      seatKeyPrefix(this.prefix),
      String(groupId),
      callUuid,
      String(now),
      exclude.map(String).join(','),
    );
    return won === null ? null : Number(won);
  }

  /** Forgets a deleted seat: its hash, and its id in the idle sets of `groupIds`. */
  async remove(seatId: number, groupIds: number[]): Promise<void> {
    const m = this.redis.multi().del(this.key(seatId));
    for (const g of groupIds) m.zrem(seatIdleKey(this.prefix, g), String(seatId));
    await m.exec();
  }

  /** Tells waiting transfers that a seat of `groupId` can take a call now (seatFreeChannel). */
  async announceFree(groupId: number): Promise<void> {
    await this.redis.publish(seatFreeChannel(this.prefix), String(groupId));
  }

  /** Every seat busy with a call, as stored (one SCAN over the seat hashes). */
  async busySeats(): Promise<{ seatId: number; callUuid: string }[]> {
    const prefix = seatKeyPrefix(this.prefix);
    const out: { seatId: number; callUuid: string }[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      const seatKeys = keys.filter((k) => /^\d+$/.test(k.slice(prefix.length)));
      if (!seatKeys.length) continue;
      const pipe = this.redis.pipeline();
      for (const k of seatKeys) pipe.hgetall(k);
      const hashes = (await pipe.exec()) ?? [];
      hashes.forEach(([err, h], i) => {
        const s = err ? null : seatFromHash(h as Record<string, string>);
        if (s?.state.activity === 'busy' && s.state.callUuid)
          out.push({ seatId: Number(seatKeys[i]!.slice(prefix.length)), callUuid: s.state.callUuid });
      });
    } while (cursor !== '0');
    return out;
  }
}
