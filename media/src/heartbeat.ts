// A media worker announces itself in Redis so the server's health check can list it (see domain/media.ts).
import type Redis from 'ioredis';
import {
  MEDIA_HEARTBEAT_MS,
  MEDIA_HEARTBEAT_TTL_S,
  mediaNodeKey,
  mediaNodesSetKey,
  type MediaNodeHeartbeat,
} from '../../domain/media';

export interface MediaNodeInfo {
  id: string;
  host: string;
  pid: number;
  /** FreeSWITCH nodes this worker drives; read on every beat. */
  freeswitch?: () => MediaNodeHeartbeat['freeswitch'];
}

export interface HeartbeatOptions {
  intervalMs?: number;
  ttlSeconds?: number;
  /** Called when a beat fails (Redis down); the next beat tries again. */
  onError?: (err: unknown) => void;
}

/** MULTI reports each command's error in its reply; make them fail the promise. */
function throwOnError(replies: [Error | null, unknown][] | null): void {
  const failed = replies?.find(([err]) => err);
  if (failed) throw failed[0];
}

export class MediaHeartbeat {
  private readonly startedAt = new Date().toISOString();
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly intervalMs: number;
  private readonly ttlSeconds: number;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly node: MediaNodeInfo,
    private readonly options: HeartbeatOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? MEDIA_HEARTBEAT_MS;
    this.ttlSeconds = options.ttlSeconds ?? MEDIA_HEARTBEAT_TTL_S;
  }

  /** Writes the first beat (resolves once it is in Redis), then beats every interval until stop(). */
  async start(): Promise<void> {
    await this.beat();
    this.schedule();
  }

  /** Writes one heartbeat: the node's JSON with a TTL, and its id in the set of nodes. */
  beat(): Promise<void> {
    const heartbeat: MediaNodeHeartbeat = {
      id: this.node.id,
      host: this.node.host,
      pid: this.node.pid,
      startedAt: this.startedAt,
      lastSeenAt: new Date().toISOString(),
      freeswitch: this.node.freeswitch?.() ?? [],
    };
    const write = this.redis
      .multi()
      .set(mediaNodeKey(this.prefix, this.node.id), JSON.stringify(heartbeat), 'EX', this.ttlSeconds)
      .sadd(mediaNodesSetKey(this.prefix), this.node.id)
      .exec()
      .then(throwOnError);
    this.inFlight = write.catch(() => undefined);
    return write;
  }

  /** Stops beating and removes this node's key and set entry. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.inFlight;
    await this.redis
      .multi()
      .del(mediaNodeKey(this.prefix, this.node.id))
      .srem(mediaNodesSetKey(this.prefix), this.node.id)
      .exec()
      .then(throwOnError);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.beat()
        .catch((err: unknown) => this.options.onError?.(err))
        .finally(() => this.schedule());
    }, this.intervalMs);
  }
}
