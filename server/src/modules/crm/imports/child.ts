// The import process: a child the imports processor forks for each job (runJob.ts runImportInChild), so
// a million-row file is parsed with a memory budget of its own, never in the API process. It runs the
// job with its own database pool and reaches browsers through the Socket.IO Redis emitter, then exits.
// If the parent dies, the IPC channel closes and this process exits too: its open transaction rolls
// back with its connection, and the restarted server runs the job again.
import { Emitter } from '@socket.io/redis-emitter';
import type { Config } from '../../../../../config';
import { rooms, type ServerToClientEvents } from '../../../../../domain/events';
import { openDb, openRedis, closeRedis } from '../../../../../platform/connections';
import { importLimits } from './limits';
import { runImport, type ImportDeps } from './run';

export interface ChildRequest {
  config: Config;
  importJobId: number;
  lastAttempt: boolean;
  /** The parent's import folder and limits (tests change both in the parent's memory). */
  importDir: string;
  limits: typeof importLimits;
}

export interface ChildReply {
  /** false: the run threw (not a file fault, not the last attempt): the job is tried again. */
  ok: boolean;
  error?: string;
  /** This process's peak resident set, MB. */
  peakRssMb: number;
}

process.on('disconnect', () => process.exit(1));

process.once('message', (req: ChildRequest) => {
  void run(req).then((reply) => process.send!(reply, () => process.exit(0)));
});

async function run({
  config,
  importJobId,
  lastAttempt,
  importDir,
  limits,
}: ChildRequest): Promise<ChildReply> {
  process.env.IMPORT_DIR = importDir;
  Object.assign(importLimits, limits);
  const db = openDb(config);
  const redis = openRedis(config.redisUrl, 'import');
  const emitter = new Emitter<ServerToClientEvents>(redis, { key: `${config.redisPrefix}:socket.io` });
  const deps: ImportDeps = {
    db,
    config,
    live: { toUser: (id, event, ...args) => emitter.to(rooms.user(id)).emit(event, ...args) },
  };
  let reply: Omit<ChildReply, 'peakRssMb'>;
  try {
    await runImport(deps, importJobId, lastAttempt);
    reply = { ok: true };
  } catch (e) {
    reply = { ok: false, error: String((e as Error).message ?? e) };
  } finally {
    await db.destroy().catch(() => undefined);
    await closeRedis(redis);
  }
  return { ...reply, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) };
}
