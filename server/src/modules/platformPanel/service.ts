// Platform panel rules (issue 25): the live state of the whole platform for the super administrator.
//
// Live part (every pulse): open calls by FreeSWITCH node and by merchant, originates per second,
// queue depths, media workers' heartbeats and the FreeSWITCH nodes as the health check reads them
// (modules/health/check.ts), each node's channels and sessions per second from the hash the media
// workers write (domain/media.ts fsNodeStatusKey), and the enabled lines' gateway states
// (fsGatewayStatusKey line-<id>). Today's totals are the wallboard's KPIs over the root's subtree (every
// tenant), read at most every PANEL_TODAY_REFRESH_MS and kept in Redis so every pulse and snapshot
// in between shows the same figures with their own as-of time. Low balances and expiring accounts
// come with the snapshot only (they change by the day, not the second).
//
// The pulse (server/src/tasks/platformPulse.ts): every PANEL_PULSE_MS one server process (a short Redis
// lock per turn, as the FreeSWITCH status relay does) sends `platform:pulse` to the room
// platform:panel, which only level 0 joins (server/src/socket/rooms.ts).
import type { Deps } from '../../deps';
import type { Actor } from '../../db/scope';
import { forbidden } from '../../http/errors';
import { DEFAULT_DASHBOARD_TZ, dayStart, localDayKey } from '../../../../domain/dashboard';
import { isTimeZone, localDay } from '../../../../domain/localTime';
import { fsGatewayStatusKey, fsNodeStatusKey, type FsGatewayStatus } from '../../../../domain/media';
import {
  EXPIRING_DAYS,
  ORIGINATE_WINDOW_MS,
  PANEL_LIST_MAX,
  PANEL_TODAY_REFRESH_MS,
  type PanelLines,
  type PanelLive,
  type PanelNode,
  type PanelQueue,
  type PanelToday,
  type PlatformPanelSnapshot,
  type PlatformPulse,
} from '../../../../domain/platformPanel';
import { healthReport } from '../health/check';
import { timeZoneOf } from '../dashboard/repo';
import { kpisSince } from '../wallboard/repo';
import { parseStatus } from '../settings/service';
import {
  enabledLines,
  expiringAccounts,
  lowBalances,
  openCallsByMerchant,
  openCallsByNode,
  originatedWithin,
} from './repo';

/** Lines whose gateway state is read per pulse at most. */
const LINES_MAX = 5000;

/** The panel is the super administrator's only (403 for anyone else, whatever menus it holds). */
export function assertPlatform(actor: Actor): void {
  if (actor.level !== 0) throw forbidden();
}

/** The platform's root: the level-0 account highest in the tree (its subtree is every tenant). */
async function rootActor(deps: Deps): Promise<Actor | null> {
  const r = await deps
    .db('accounts')
    .where('level', 0)
    .orderByRaw('length(path), id')
    .first('id', 'level', 'path');
  return r ? { id: Number(r.id), level: 0, path: r.path } : null;
}

const todayKey = (deps: Deps) => `${deps.config.redisPrefix}:panel:today`;

async function readToday(deps: Deps): Promise<PanelToday> {
  const root = await rootActor(deps);
  const stored = root ? await timeZoneOf(deps.db, root.id) : null;
  const tz = stored && isTimeZone(stored) ? stored : DEFAULT_DASHBOARD_TZ;
  return deps.db.transaction(
    async (trx) => {
      const { rows } = await trx.raw('SELECT clock_timestamp() AS as_of');
      const asOf = new Date(rows[0].as_of);
      const t = asOf.getTime();
      const start = new Date(dayStart(localDay(t, tz), tz));
      const kpis = root
        ? await kpisSince(trx, root, start, asOf)
        : {
            dialed: 0,
            connected: 0,
            grades: { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0 },
            talkMs: 0,
            transfers: 0,
            transferAccepted: 0,
            transferAbandoned: 0,
          };
      return { asOf: asOf.toISOString(), day: localDayKey(t, tz), timeZone: tz, kpis };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

/** Today's totals: fresh when `fresh` or the kept ones are older than PANEL_TODAY_REFRESH_MS. */
export async function todayTotals(deps: Deps, fresh = false): Promise<PanelToday> {
  if (!fresh) {
    const kept = await deps.redis.get(todayKey(deps)).catch(() => null);
    if (kept) return JSON.parse(kept) as PanelToday;
  }
  const today = await readToday(deps);
  await deps.redis
    .set(todayKey(deps), JSON.stringify(today), 'PX', PANEL_TODAY_REFRESH_MS)
    .catch(() => undefined);
  return today;
}

async function linesState(deps: Deps): Promise<PanelLines> {
  const lines = await enabledLines(deps.db, LINES_MAX);
  const out: PanelLines = { up: 0, down: 0, unknown: 0, downList: [] };
  if (!lines.length) return out;
  const prefix = deps.config.redisPrefix;
  const raws = await deps.redis.mget(lines.map((l) => fsGatewayStatusKey(prefix, `line-${l.id}`)));
  lines.forEach((l, i) => {
    let s: FsGatewayStatus | null;
    try {
      s = raws[i] ? (JSON.parse(raws[i]!) as FsGatewayStatus) : null;
    } catch {
      s = null; // an unreadable report says nothing
    }
    if (!s || typeof s.online !== 'boolean') out.unknown += 1;
    else if (s.online) out.up += 1;
    else {
      out.down += 1;
      if (out.downList.length < PANEL_LIST_MAX) out.downList.push(l);
    }
  });
  return out;
}

export async function liveState(deps: Deps): Promise<PanelLive> {
  const [health, byNode, byMerchant, originated, lines, statuses] = await Promise.all([
    healthReport(deps),
    openCallsByNode(deps.db),
    openCallsByMerchant(deps.db, PANEL_LIST_MAX),
    originatedWithin(deps.db, ORIGINATE_WINDOW_MS),
    linesState(deps),
    deps.redis.hgetall(fsNodeStatusKey(deps.config.redisPrefix)).catch(() => ({}) as Record<string, string>),
  ]);
  const callsOn = new Map(byNode.map((n) => [n.node, n.calls]));
  const nodes: PanelNode[] = (health.switches ?? []).map((n) => {
    const s = parseStatus(statuses[String(n.id)]);
    return {
      id: n.id,
      name: n.name,
      connected: n.connected,
      // A stale report (connected null) says nothing about channels either.
      channels: n.connected === null ? 0 : (s?.channels ?? 0),
      sps: n.connected === null ? 0 : (s?.sps ?? 0),
      lastError: s?.lastError ?? null,
      updatedAt: s?.updatedAt ?? null,
      calls: callsOn.get(n.name) ?? 0,
    };
  });
  const queues: PanelQueue[] = Object.entries(health.queues)
    .map(([name, q]) => ({
      name,
      ok: q.ok,
      waiting: q.waiting ?? 0,
      active: q.active ?? 0,
      delayed: q.delayed ?? 0,
      failed: q.failed ?? 0,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    at: new Date().toISOString(),
    callsInProgress: byNode.reduce((n, x) => n + x.calls, 0),
    byNode,
    byMerchant,
    originatesPerSecond: Math.round((originated / (ORIGINATE_WINDOW_MS / 1000)) * 10) / 10,
    queues,
    workers: health.mediaNodes.map((w) => ({
      id: w.id,
      host: w.host,
      pid: w.pid,
      startedAt: w.startedAt,
      lastSeenAt: w.lastSeenAt,
      ok: w.ok,
      freeswitch: w.freeswitch ?? [],
    })),
    nodes,
    lines,
  };
}

export async function pulse(deps: Deps): Promise<PlatformPulse> {
  const [live, today] = await Promise.all([liveState(deps), todayTotals(deps)]);
  return { live, today };
}

export async function panelSnapshot(deps: Deps, actor: Actor): Promise<PlatformPanelSnapshot> {
  assertPlatform(actor);
  const [live, today, low, expiring] = await Promise.all([
    liveState(deps),
    todayTotals(deps, true),
    lowBalances(deps.db, PANEL_LIST_MAX),
    expiringAccounts(deps.db, EXPIRING_DAYS, PANEL_LIST_MAX),
  ]);
  return { live, today, lowBalances: low, expiring };
}
