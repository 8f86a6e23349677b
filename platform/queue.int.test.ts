// Bull's worker naming against real Redis: a blocking connection dropped before CLIENT SETNAME (a
// local pause right after a handler is set) must not leave an unhandled rejection.
import { loadConfig } from '../config';
import { closeQueue, createQueue } from './queue';

const config = { ...loadConfig(), redisPrefix: `test:${process.pid}:queue-${Date.now()}` };

it('a worker name that cannot be set (its connection closed) is let go quietly', async () => {
  const q = createQueue<unknown>(config, 'naming');
  try {
    await q.isReady();
    const named = q as unknown as { bclient: { disconnect(): void }; setWorkerName(): Promise<void> };
    named.bclient.disconnect();
    await expect(named.setWorkerName()).resolves.toBeUndefined();
  } finally {
    await closeQueue(q);
  }
});
