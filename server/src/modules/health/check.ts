// The state of each part the platform depends on, each check bounded in time.
import type Queue from 'bull';
import type { ComponentHealth, HealthReport, MediaNodeHealth } from '../../../../domain/api';
import {
  MEDIA_HEARTBEAT_TTL_S,
  mediaNodeKey,
  mediaNodesSetKey,
  type MediaNodeHeartbeat,
} from '../../../../domain/media';
import { switchState } from '../../dialer/switches';
import type { Deps } from '../../deps';
import { withTimeout } from '../../../../platform/timeout';

const LIMIT_MS = 2000;

async function probe(fn: () => Promise<unknown>, what: string): Promise<ComponentHealth> {
  const start = Date.now();
  try {
    await withTimeout(fn(), LIMIT_MS, what);
    return { ok: true, latencyMs: Date.now() - start };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

async function queueHealth(q: Queue.Queue): Promise<HealthReport['queues'][string]> {
  try {
    const c = await withTimeout(q.getJobCounts(), LIMIT_MS, `queue ${q.name}`);
    return { ok: true, waiting: c.waiting, active: c.active, delayed: c.delayed, failed: c.failed };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

async function mediaNodes(deps: Deps): Promise<MediaNodeHealth[]> {
  const prefix = deps.config.redisPrefix;
  const ids = await withTimeout(deps.redis.smembers(mediaNodesSetKey(prefix)), LIMIT_MS, 'media nodes');
  if (!ids.length) return [];
  const values = await withTimeout(
    deps.redis.mget(ids.map((id) => mediaNodeKey(prefix, id))),
    LIMIT_MS,
    'media nodes',
  );
  const nodes: MediaNodeHealth[] = [];
  for (const [i, v] of values.entries()) {
    // A heartbeat key that expired means the worker is gone: forget it.
    if (!v) {
      await deps.redis.srem(mediaNodesSetKey(prefix), ids[i]!);
      continue;
    }
    const hb = JSON.parse(v) as MediaNodeHeartbeat;
    const ok = Date.now() - Date.parse(hb.lastSeenAt) < MEDIA_HEARTBEAT_TTL_S * 1000;
    nodes.push({ ...hb, ok });
  }
  return nodes;
}

export async function healthReport(deps: Deps): Promise<HealthReport> {
  const [postgres, redis] = await Promise.all([
    probe(() => deps.db.raw('select 1'), 'postgres'),
    // A client that is not connected would only queue the PING: say so at once.
    deps.redis.status === 'ready'
      ? probe(() => deps.redis.ping(), 'redis')
      : Promise.resolve({
          ok: false,
          error: `not connected to ${deps.config.redisUrl} (${deps.redis.status})`,
        }),
  ]);
  const queues: HealthReport['queues'] = {};
  for (const q of Object.values(deps.queues) as Queue.Queue[]) {
    queues[q.name] = redis.ok ? await queueHealth(q) : { ok: false, error: 'redis unreachable' };
  }
  const nodes = redis.ok ? await mediaNodes(deps).catch(() => []) : [];
  // A FreeSWITCH node reported down: calls cannot be placed through it (the dialer holds its claims).
  const switches =
    postgres.ok && redis.ok
      ? await withTimeout(
          switchState(deps.db, deps.redis, deps.config.redisPrefix),
          LIMIT_MS,
          'switches',
        ).then(
          (s) => s.nodes,
          () => [],
        )
      : [];
  const switchDown = switches.some((n) => n.connected === false);
  return {
    status: postgres.ok && redis.ok && !switchDown ? 'ok' : 'degraded',
    postgres,
    redis,
    queues,
    mediaNodes: nodes,
    switches,
  };
}
