// The media worker process. For now it only announces itself in Redis; call handling
// (ESL adapter, call sessions, the FreeSWITCH simulator) arrives with the telephony issue.
import os from 'node:os';
import Redis from 'ioredis';
import { loadConfig } from '../../config';
import { MEDIA_HEARTBEAT_MS } from '../../domain/media';
import { MediaHeartbeat } from './heartbeat';
import { startTtsWorker } from './speech/ttsWorker';

const SHUTDOWN_TIMEOUT_MS = 5000;

async function main(): Promise<void> {
  const config = loadConfig();
  const id = process.env.MEDIA_NODE_ID || `${os.hostname()}-${process.pid}`;
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  let lastError = '';
  redis.on('error', (err: Error) => {
    if (err.message !== lastError) console.error(`media ${id}: redis: ${err.message}`);
    lastError = err.message;
  });
  redis.on('ready', () => (lastError = ''));

  const heartbeat = new MediaHeartbeat(
    redis,
    config.redisPrefix,
    { id, host: os.hostname(), pid: process.pid },
    { onError: (err) => console.error(`media ${id}: heartbeat failed: ${(err as Error).message}`) },
  );
  await heartbeat.start();
  // Speech: prompt pre-rendering and editor previews (queue `tts`).
  const tts = await startTtsWorker({ config });
  console.log(
    `media worker ${id} up: heartbeat every ${MEDIA_HEARTBEAT_MS / 1000}s under ${config.redisPrefix}:media, ` +
      'tts worker on; call handling arrives with the telephony issue',
  );

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`media worker ${id}: ${signal}, stopping`);
    const force = setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // The tts close waits (at most 3 s) for renders in progress; the heartbeat leaves meanwhile.
    Promise.all([tts.close(), heartbeat.stop()])
      .then(() => redis.quit())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          console.error(`media worker ${id}: unclean stop: ${(err as Error).message}`);
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
