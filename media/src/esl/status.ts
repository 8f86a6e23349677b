// What the server's telephony pages read from the media side (domain/media.ts): each node's live
// state in the hash fsNodeStatusKey (written every STATUS_MS, with the node's probe: probe.ts, its
// gateways asked again each round), and `lines:changed` messages turned into
// `sofia profile external killgw <name>` for every changed or removed gateway, THEN
// `sofia profile external rescan`, one after the other: a rescan alone logs "Ignoring duplicate
// gateway 'line-3'" and keeps the old settings (mod_sofia only adds gateways it does not have).
import type Redis from 'ioredis';
import {
  fsNodeStatusKey,
  linesChangedChannel,
  type FsNodeStatus,
  type LinesChanged,
} from '../../../domain/media';
import type { EslNode } from './node';
import type { NodePool } from './pool';

export const STATUS_MS = 5000;
const GATEWAY = /^(line|vgw)-\d{1,18}$/;

const num = (re: RegExp, text: string): number => Number(re.exec(text)?.[1] ?? 0) || 0;

export async function reportStatus(redis: Redis, prefix: string, pool: NodePool): Promise<void> {
  const fields: Record<string, string> = {};
  for (const n of pool.nodes) {
    let channels = n.activeCalls;
    let sps = 0;
    if (n.connected) {
      channels = num(/(\d+)\s+total/, await n.api('show channels count').catch(() => '')) || channels;
      sps = num(/(\d+) session\(s\) per Sec/, await n.api('status').catch(() => ''));
      await n.refreshGateways().catch(() => undefined);
    }
    const s: FsNodeStatus = {
      connected: n.connected,
      channels,
      sps,
      lastError: n.lastError,
      updatedAt: new Date().toISOString(),
      probe: n.probe,
    };
    fields[String(n.config.id)] = JSON.stringify(s);
  }
  if (Object.keys(fields).length) await redis.hset(fsNodeStatusKey(prefix), fields);
}

/** Subscribes (on its own connection) to lines:changed; returns a stop function. */
export async function followLineChanges(
  sub: Redis,
  prefix: string,
  pool: NodePool,
): Promise<() => Promise<void>> {
  const channel = linesChangedChannel(prefix);
  const chains = new Map<EslNode, Promise<void>>();
  sub.on('message', (ch: string, raw: string) => {
    if (ch !== channel) return;
    let msg: LinesChanged;
    try {
      msg = JSON.parse(raw) as LinesChanged;
    } catch {
      return;
    }
    for (const n of pool.nodes) {
      if (!n.connected || !msg.nodeIds?.includes(n.config.id)) continue;
      // One reload at a time per node: a second edit's killgw must not land between a rescan's steps.
      const prev = chains.get(n) ?? Promise.resolve();
      const next = prev.then(() => reloadGateways(n, msg));
      chains.set(n, next);
      void next.finally(() => chains.get(n) === next && chains.delete(n));
    }
  });
  await sub.subscribe(channel);
  return async () => {
    await sub.unsubscribe(channel).catch(() => undefined);
    sub.disconnect();
  };
}

/**
 * killgw of every changed or removed gateway, each answered before the next, then one rescan (when
 * something changed). Errors are logged by the node (a new line's killgw answers
 * "-ERR no such gateway.": nothing to kill).
 */
export async function reloadGateways(
  n: EslNode,
  msg: Pick<LinesChanged, 'gateways' | 'removed'>,
): Promise<void> {
  const changed = (msg.gateways ?? []).filter((g) => GATEWAY.test(g));
  const removed = (msg.removed ?? []).filter((g) => GATEWAY.test(g));
  for (const gw of [...changed, ...removed])
    await n.bgapi(`sofia profile external killgw ${gw}`, 10000).catch(() => undefined);
  if (changed.length) await n.bgapi('sofia profile external rescan', 30000).catch(() => undefined);
}
