// What the server's telephony pages read from the media side (domain/media.ts): each node's live
// state in the hash fsNodeStatusKey (written every STATUS_MS), and `lines:changed` messages turned
// into `sofia profile external rescan` / `killgw <name>` on the nodes we drive (mod_sofia reloads
// the gateways from mod_xml_curl on rescan).
import type Redis from 'ioredis';
import {
  fsNodeStatusKey,
  linesChangedChannel,
  type FsNodeStatus,
  type LinesChanged,
} from '../../../domain/media';
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
    }
    const s: FsNodeStatus = {
      connected: n.connected,
      channels,
      sps,
      lastError: n.lastError,
      updatedAt: new Date().toISOString(),
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
      void n.bgapi('sofia profile external rescan').catch(() => undefined);
      for (const gw of msg.removed ?? [])
        if (GATEWAY.test(gw)) void n.bgapi(`sofia profile external killgw ${gw}`).catch(() => undefined);
    }
  });
  await sub.subscribe(channel);
  return async () => {
    await sub.unsubscribe(channel).catch(() => undefined);
    sub.disconnect();
  };
}
