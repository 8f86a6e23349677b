// `npm run server`: one API process. Fails with a plain message (no stack) when a dependency is down.
import { loadConfig } from '../../config';
import { log } from '../../platform/log';
import { startServer } from './server';
import { checkPostgres, checkRedis } from '../../platform/services';

async function main() {
  const config = loadConfig();
  // Fail fast with a plain message instead of hanging on a queue that waits for Redis.
  const down = (await Promise.all([checkPostgres(config.databaseUrl), checkRedis(config.redisUrl)])).filter(
    (c) => !c.ok,
  );
  for (const c of down)
    console.error(`${c.name} is not reachable at ${c.where} (${c.error}). Start it with: ${c.startCommand}`);
  if (down.length) process.exit(1);
  const server = await startServer(config);
  log.info('server listening', { port: server.port, publicUrl: config.publicUrl });
  const stop = async () => {
    await server.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((e: Error) => {
  console.error(`Server failed to start: ${e.message}`);
  process.exit(1);
});
