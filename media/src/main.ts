// The media worker process: announces itself in Redis, renders speech (queue `tts`) and drives
// calls on the FreeSWITCH nodes of table fs_nodes (queue `dial`, media/src/calls).
import os from 'node:os';
import Redis from 'ioredis';
import { loadConfig } from '../../config';
import { MEDIA_HEARTBEAT_MS, type MediaNodeHeartbeat } from '../../domain/media';
import { MediaHeartbeat } from './heartbeat';
import { startCallWorker } from './calls/worker';
import { startTtsWorker } from './speech/ttsWorker';
import { log } from '../../platform/log';

const SHUTDOWN_TIMEOUT_MS = 5000;

async function main(): Promise<void> {
  const config = loadConfig();
  const id = process.env.MEDIA_NODE_ID || `${os.hostname()}-${process.pid}`;
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  let lastError = '';
  redis.on('error', (err: Error) => {
    if (err.message !== lastError) log.error('media: redis', { workerId: id, err: err.message });
    lastError = err.message;
  });
  redis.on('ready', () => (lastError = ''));

  let fsNodes = (): MediaNodeHeartbeat['freeswitch'] => [];
  const heartbeat = new MediaHeartbeat(
    redis,
    config.redisPrefix,
    // The FreeSWITCH nodes appear once the call worker has started (below).
    { id, host: os.hostname(), pid: process.pid, freeswitch: () => fsNodes() },
    { onError: (err) => log.error('media: heartbeat failed', { workerId: id, err: (err as Error).message }) },
  );
  await heartbeat.start();
  // Speech: prompt pre-rendering and editor previews (queue `tts`).
  const tts = await startTtsWorker({ config, queueUnrendered: config.media.renderOnStart });
  // Calls. config.media.timeScale and dialLockMs are for tests and benches against the simulator.
  const lockMs = config.media.dialLockMs;
  const calls = await startCallWorker({
    config,
    workerId: id,
    timeScale: config.media.timeScale,
    queue: { lockMs, stalledMs: lockMs },
  });
  fsNodes = () => calls.pool.nodes.map((n) => ({ name: n.config.name, connected: n.connected }));
  // The start line stays plain on stdout: `npm start`, the benches and the tests wait for "up" in it
  // (a test's child inherits JEST_WORKER_ID, which silences log.info).
  console.log(
    `media worker ${id} up: heartbeat every ${MEDIA_HEARTBEAT_MS / 1000}s under ${config.redisPrefix}:media, ` +
      `tts worker on, call worker on ${calls.pool.nodes.length} FreeSWITCH node(s)`,
  );

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.info('media worker stopping', { workerId: id, signal });
    const force = setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // The tts close waits (at most 3 s) for renders in progress; the heartbeat leaves meanwhile.
    Promise.all([calls.close(), tts.close(), heartbeat.stop()])
      .then(() => redis.quit())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          log.error('media worker: unclean stop', { workerId: id, err: (err as Error).message });
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(`media worker failed to start: ${(err as Error).message}`);
  process.exit(1);
});
