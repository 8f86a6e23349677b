// The platform panel's pulse: every PANEL_PULSE_MS one server process (a short Redis lock per turn, as
// the FreeSWITCH status relay does) sends `platform:pulse` (modules/platformPanel/service.ts pulse) to
// the room platform:panel, which only level 0 joins (server/src/socket/rooms.ts).
import type { Deps } from '../deps';
import { intervalLoop, type IntervalLoop } from '../lib/intervalLoop';
import { Events, rooms } from '../../../domain/events';
import { PANEL_PULSE_MS, type PlatformPulse } from '../../../domain/platformPanel';
import { pulse } from '../modules/platformPanel/service';

const lockKey = (deps: Deps) => `${deps.config.redisPrefix}:panel:pulse-lock`;

/** One turn: the process holding this turn's lock sends the pulse; returns it (null: another did). */
export async function pulseOnce(deps: Deps): Promise<PlatformPulse | null> {
  const got = await deps.redis.set(lockKey(deps), '1', 'PX', PANEL_PULSE_MS - 100, 'NX');
  if (got !== 'OK') return null;
  const p = await pulse(deps);
  deps.live.toRooms([rooms.platform], Events.PlatformPulse, p);
  return p;
}

/**
 * Starts the pulse in this process (stopped by the server's close). It runs only while a panel is open
 * on one of this process's sockets (`watched`): its reads would otherwise take pool connections from
 * the dialer and the settlement every 2 s for nobody. A panel open on another process is served by that
 * process; the lock keeps it to one pulse per turn when several have one open.
 */
export function startPlatformPulse(deps: Deps, watched: () => boolean): IntervalLoop {
  return intervalLoop('platform pulse', PANEL_PULSE_MS, async () => {
    if (deps.redis.status === 'ready' && watched()) await pulseOnce(deps);
  });
}
