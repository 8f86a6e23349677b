// Starts one API process: HTTP + Socket.IO, queues and their processors.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../config';
import { createApp } from './app';
import type { Deps } from './deps';
import { closeRedis, openDb, openRedis } from '../../platform/connections';
import { createPasswords } from './lib/passwords';
import { createRateLimiter } from './lib/rateLimit';
import { closeQueues, createQueues } from './queues';
import { processMail } from './queues/mail';
import { createGateway } from './socket/gateway';
import { detachSeatPresence } from './modules/seats/presence';
import { createLive, type IoServer } from './socket/live';
import { scheduleSweeper } from './tasks/sweepSessions';
import { startCrmTasks } from './modules/crm/tasks';
import { startFsStatusRelay } from './modules/settings/statusRelay';
import { startPlatformPulse } from './modules/platformPanel/service';
import type { IntervalLoop } from './lib/intervalLoop';
import { rooms } from '../../domain/events';
import { startDialer, type Dialer } from './dialer/scheduler';
import { startPushSender } from './modules/pushes/deliver';
import { startTransferProcessor, type TransferProcessor } from './modules/seats/transfer';

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
  let transfers: TransferProcessor | null = null;
  let pushSender: { stop(): Promise<void> } | null = null;
  const loops: IntervalLoop[] = [];
  if (opts.processors !== false) {
    processMail(queues.mail, config);
    await scheduleSweeper(deps);
    await startCrmTasks(deps);
    const panelOpen = () => (io.of('/').adapter.rooms.get(rooms.platform)?.size ?? 0) > 0;
    loops.push(startFsStatusRelay(deps), startPlatformPulse(deps, panelOpen));
    pushSender = startPushSender(deps);
    transfers = startTransferProcessor(deps);
  }
  const dialer = opts.processors !== false && config.dialer.enabled ? startDialer(deps) : null;
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
      await dialer?.stop();
      await Promise.all(loops.map((l) => l.stop()));
      await transfers?.stop();
      detachSeatPresence(io);
      deps.live.flush();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all([closeQueues(queues), pushSender?.stop()]);
      await db.destroy();
      await Promise.all([redis, pub, sub].map(closeRedis));
    },
  };
}
