// Whether the FreeSWITCH nodes can place calls now, as the media workers report them (media/src/esl/
// status.ts writes each enabled node's FsNodeStatus to the hash fsNodeStatusKey every 5 s). Every node
// carries every line (the gateways are on all of them, media picks any connected node), so lines can
// dial when at least one enabled node is connected. Reports older than STATUS_FRESH_MS say nothing
// (their worker is gone); with no fresh report at all the state is unknown and dialing goes on (a
// platform without a media worker yet: the dial jobs wait in the queue, held to the slots they take).
import type { Knex } from 'knex';
import type Redis from 'ioredis';
import { fsNodeStatusKey, type FsNodeStatus } from '../../../domain/media';

/** A report is current this long (three of the media worker's 5-second rounds). */
export const STATUS_FRESH_MS = 15_000;

export interface SwitchNode {
  id: number;
  name: string;
  /** True: connected; false: reported disconnected; null: no current report. */
  connected: boolean | null;
}

export interface SwitchState {
  nodes: SwitchNode[];
  /** False only when some current report exists and none says connected: claims stop. */
  canDial: boolean;
}

/** The node list changes on an administrator's edit: read at most every NODES_TTL_MS (per database). */
const NODES_TTL_MS = 5000;
const nodeCache = new WeakMap<Knex, { at: number; rows: Promise<{ id: string; name: string }[]> }>();

function enabledNodes(db: Knex, now: number): Promise<{ id: string; name: string }[]> {
  const hit = nodeCache.get(db);
  if (hit && now - hit.at < NODES_TTL_MS && now >= hit.at) return hit.rows;
  // A promise (a query builder would run again on every await).
  const rows: Promise<{ id: string; name: string }[]> = Promise.resolve(
    db('fs_nodes').where({ enabled: true }).orderBy('id').select('id', 'name'),
  );
  nodeCache.set(db, { at: now, rows });
  rows.catch(() => nodeCache.delete(db));
  return rows;
}

/**
 * Calls the switches can still take: each enabled node not reported down carries `perNode`; `open`
 * calls hold their share. Infinity without any enabled node (nothing to cap: nothing dials either).
 */
export function switchFree(state: SwitchState, perNode: number, open: number): number {
  const carrying = state.nodes.filter((n) => n.connected !== false).length;
  if (!state.nodes.length) return Infinity;
  return Math.max(0, carrying * perNode - open);
}

export async function switchState(
  db: Knex,
  redis: Redis,
  prefix: string,
  now = Date.now(),
): Promise<SwitchState> {
  const [rows, reports] = await Promise.all([enabledNodes(db, now), redis.hgetall(fsNodeStatusKey(prefix))]);
  const nodes = rows.map((r): SwitchNode => {
    const raw = reports[String(r.id)];
    let connected: boolean | null = null;
    try {
      const s = raw ? (JSON.parse(raw) as FsNodeStatus) : null;
      if (s && now - Date.parse(s.updatedAt) < STATUS_FRESH_MS) connected = s.connected === true;
    } catch {
      // An unreadable report says nothing.
    }
    return { id: Number(r.id), name: r.name, connected };
  });
  const known = nodes.filter((n) => n.connected !== null);
  return { nodes, canDial: !known.length || known.some((n) => n.connected) };
}
