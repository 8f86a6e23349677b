// A process that takes the tick lock and holds it as a tick in progress would (renewing), until it is
// killed: lock.int.test.ts SIGKILLs it and measures how soon another process may tick.
import Redis from 'ioredis';
import { TickLock } from './lock';

const [url, key] = process.argv.slice(2) as [string, string];
const redis = new Redis(url);
const lock = new TickLock(redis, key);
void (async () => {
  if (!(await lock.acquire())) throw new Error('lock taken');
  await lock.holding(async () => {
    process.stdout.write('held\n');
    await new Promise(() => undefined);
  });
})();
