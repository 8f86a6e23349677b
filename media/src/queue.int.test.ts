// The media queues' worker naming against real Redis: a blocking connection dropped before CLIENT
// SETNAME must not leave an unhandled rejection (as for the server's queues).
import { loadConfig } from '../../config';
import { createMediaQueue } from './queue';

const config = { ...loadConfig(), redisPrefix: `test:${process.pid}:mqueue-${Date.now()}` };

it('a worker name that cannot be set (its connection closed) is let go quietly', async () => {
  const m = createMediaQueue<unknown>(config, 'naming', { jobOptions: {} });
  try {
    await m.queue.isReady();
    const named = m.queue as unknown as { bclient: { disconnect(): void }; setWorkerName(): Promise<void> };
    named.bclient.disconnect();
    await expect(named.setWorkerName()).resolves.toBeUndefined();
  } finally {
    await m.close();
  }
});
