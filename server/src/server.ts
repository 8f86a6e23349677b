// Starts one API process: HTTP + Socket.IO, the queues, and the background work (background.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../config';
import { createApp } from './app';
import type { Deps } from './deps';
import { closeRedis, openDb, openRedis } from '../../platform/connections';
import { createPasswords } from './lib/passwords';
import { createRateLimiter } from './lib/rateLimit';
import { closeQueues, createQueues } from './queues';
import { createGateway } from './socket/gateway';
import { detachSeatPresence } from './modules/seats/state/presence';
import { createLive, type IoServer } from './socket/live';
import type { Dialer } from './dialer/scheduler';
import { startBackground } from './background';

export interface RunningServer {
  url: string;
  port: number;
  deps: Deps;
  io: IoServer;
  /** The dial scheduler, when this process runs it (processors on and config.dialer.enabled). */
  dialer: Dialer | null;
  close(): Promise<void>;
}

export async function startServer(
  config: Config,
  opts: { processors?: boolean } = {},
): Promise<RunningServer> {
  const db = openDb(config);
  const redis = openRedis(config.redisUrl, 'api');
  const pub = openRedis(config.redisUrl, 'io-pub');
  const sub = openRedis(config.redisUrl, 'io-sub');
  const queues = createQueues(config);
  const httpServer = http.createServer();
  const io = createGateway(httpServer, config, db, pub, sub);
  const deps: Deps = {
    config,
    db,
    redis,
    passwords: createPasswords(config.argon2),
    limiter: createRateLimiter(redis, config.redisPrefix, config.rateLimit.windowSeconds),
    queues,
    live: createLive(io),
  };
  httpServer.on('request', createApp(deps).callback());
  // The queue consumers, the loops and the dial scheduler (background.ts).
  const background = opts.processors !== false ? await startBackground(deps, io) : null;
  const dialer = background?.dialer ?? null;
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    deps,
    io,
    dialer,
    async close() {
      await background?.stop();
      detachSeatPresence(io);
      deps.live.flush();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all([closeQueues(queues), background?.closeQueues()]);
      await db.destroy();
      await Promise.all([redis, pub, sub].map(closeRedis));
    },
  };
}
