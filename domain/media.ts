// How media workers announce themselves in Redis, read by the server's health check.
// Each worker SETs its heartbeat key (JSON MediaNodeHeartbeat) with a TTL and adds its id to the set.
import type { NodeProbe } from './fsProbe';

export interface MediaNodeHeartbeat {
  id: string;
  host: string;
  pid: number;
  startedAt: string;
  lastSeenAt: string;
  /** FreeSWITCH nodes this worker drives (empty until the telephony issue). */
  freeswitch: { name: string; connected: boolean }[];
}

export const MEDIA_HEARTBEAT_MS = 5000;
export const MEDIA_HEARTBEAT_TTL_S = 15;
/**
 * Calls one FreeSWITCH node carries at once unless configured (FS_NODE_MAX_CALLS): half its
 * max-sessions (config/freeswitch switch.conf.xml: 1000 channels), leaving room for seat legs and
 * inbound calls. Past its capacity a node's event-socket replies stall and its calls go unsettled.
 */
export const DEFAULT_NODE_MAX_CALLS = 500;
export const mediaNodesSetKey = (prefix: string): string => `${prefix}:media:nodes`;
export const mediaNodeKey = (prefix: string, id: string): string => `${prefix}:media:node:${id}`;

// ---- FreeSWITCH live state written by media workers, read by the server (telephony configuration) ----

/**
 * Live state of one FreeSWITCH node (table fs_nodes), as the media worker driving it sees it. Workers
 * HSET it as JSON under field `<fs node id>` of fsNodeStatusKey, at least every few seconds.
 */
export interface FsNodeStatus {
  connected: boolean;
  /** Channels in use (`show channels count`). */
  channels: number;
  /** Sessions per second (FreeSWITCH `status`). */
  sps: number;
  lastError: string | null;
  /** ISO time of the report. */
  updatedAt: string;
  /** What the switch can do (domain/fsProbe.ts), from the last connect; null/absent: not probed. */
  probe?: NodeProbe | null;
}
/** Hash: field = fs node id, value = JSON FsNodeStatus. */
export const fsNodeStatusKey = (prefix: string): string => `${prefix}:fs:status`;

/** Live state of a sofia gateway (a voice gateway `vgw-<id>` or a line `line-<id>`), JSON, with a TTL. */
export interface FsGatewayStatus {
  /** sofia gateway state: REGED / UP means online. */
  online: boolean;
  /** True while calls run through it. */
  busy: boolean;
  updatedAt: string;
}
export const fsGatewayStatusKey = (prefix: string, gatewayName: string): string =>
  `${prefix}:fs:gateway:${gatewayName}`;

/**
 * Redis pub/sub channel: SIP lines or voice gateways changed (created, edited, enabled, deleted). The
 * server publishes JSON LinesChanged; a media worker driving one of `nodeIds` runs
 * `sofia profile external killgw <name>` for each of `gateways` and `removed`, waiting for each,
 * then `sofia profile external rescan` so FreeSWITCH fetches the changed ones again from
 * POST /fsapi/xml (mod_xml_curl); a rescan alone ignores gateways it already has.
 */
export const LINES_CHANGED = 'lines:changed';
export const linesChangedChannel = (prefix: string): string => `${prefix}:${LINES_CHANGED}`;
export interface LinesChanged {
  /** FreeSWITCH nodes (fs_nodes ids) to rescan: every enabled node. */
  nodeIds: number[];
  /** Gateways created or changed (line-<id>, vgw-<id>): killed, then loaded again by the rescan. */
  gateways: string[];
  /** Gateways that no longer exist or were disabled: killgw them. */
  removed: string[];
  at: string;
}
