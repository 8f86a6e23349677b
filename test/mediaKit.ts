// A media worker for tests that run whole calls against a test platform and the simulator.
import { startCallWorker, type CallWorker } from '../media/src/calls/worker';
import type { TestPlatform } from './harness';

/** A CallWorker on the platform's database and Redis, driving the simulator on `simPort`. */
export const startTestWorker = (p: TestPlatform, simPort: number, timeScale: number): Promise<CallWorker> =>
  startCallWorker({
    config: p.config,
    db: p.db.knex,
    nodes: [{ id: 1, name: 'fs-test', host: '127.0.0.1', port: simPort, password: 'ClueCon', weight: 10 }],
    backoff: { baseMs: 50, capMs: 300 },
    timeScale,
    lostAfterMs: 3000,
  });
