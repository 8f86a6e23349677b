// How media workers announce themselves in Redis, read by the server's health check.
// Each worker SETs its heartbeat key (JSON MediaNodeHeartbeat) with a TTL and adds its id to the set.
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
export const mediaNodesSetKey = (prefix: string): string => `${prefix}:media:nodes`;
export const mediaNodeKey = (prefix: string, id: string): string => `${prefix}:media:node:${id}`;
