// Pushes the FreeSWITCH cluster's live state to super administrators. Media workers write each node's
// state to the Redis hash fsNodeStatusKey (domain/media.ts); every RELAY_TICK_MS one server process
// (a short Redis lock per tick, so N servers do not emit N times) compares it with what was last
// pushed (a second hash) and emits `fs:status` for each change to the super administrators' rooms.
import { Events, type FsStatusEvent } from '../../../domain/events';
import { fsNodeStatusKey } from '../../../domain/media';
import type { Deps } from '../deps';
import { intervalLoop, type IntervalLoop } from '../lib/intervalLoop';
import { superAdminIds } from '../modules/settings/repo';
import { parseStatus } from '../modules/settings/service';

export const RELAY_TICK_MS = 2000;

const sentKey = (prefix: string) => `${fsNodeStatusKey(prefix)}:sent`;
const lockKey = (prefix: string) => `${fsNodeStatusKey(prefix)}:relay-lock`;

/** One tick; returns the events it emitted. */
export async function relayFsStatus(deps: Deps): Promise<FsStatusEvent[]> {
  const prefix = deps.config.redisPrefix;
  const got = await deps.redis.set(lockKey(prefix), '1', 'PX', RELAY_TICK_MS - 100, 'NX');
  if (got !== 'OK') return [];
  const [now, sent] = await Promise.all([
    deps.redis.hgetall(fsNodeStatusKey(prefix)),
    deps.redis.hgetall(sentKey(prefix)),
  ]);
  const events: FsStatusEvent[] = [];
  for (const [field, raw] of Object.entries(now))
    if (sent[field] !== raw && /^\d+$/.test(field))
      events.push({ nodeId: Number(field), status: parseStatus(raw) });
  for (const field of Object.keys(sent))
    if (!(field in now) && /^\d+$/.test(field)) events.push({ nodeId: Number(field), status: null });
  if (!events.length) return events;
  const admins = await superAdminIds(deps.db);
  for (const e of events) for (const id of admins) deps.live.toUser(id, Events.FsStatus, e);
  const m = deps.redis.multi();
  for (const e of events)
    if (e.status === null) m.hdel(sentKey(prefix), String(e.nodeId));
    else m.hset(sentKey(prefix), String(e.nodeId), now[String(e.nodeId)]!);
  await m.exec();
  return events;
}

/** Starts the relay in this process (stopped by the server's close). */
export function startFsStatusRelay(deps: Deps): IntervalLoop {
  return intervalLoop('fs status relay', RELAY_TICK_MS, async () => {
    if (deps.redis.status === 'ready') await relayFsStatus(deps);
  });
}
