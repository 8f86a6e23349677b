// The imports queue's processor: one job at a time per process, each run in a child process of its own
// (child.ts runs run.ts's runImport). Bull delivers at least once: a job already done or failed is
// skipped, and a re-run of an unfinished one starts over (nothing of it was committed).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import type Bull from 'bull';
import type { Deps } from '../../../deps';
import type { ChildReply, ChildRequest } from './child';
import { log } from '../../../lib/log';
import { importDir, importLimits } from './limits';
import { presentProgress } from './presenters';
import { jobById, updateJob } from './repo';
import { onStalledOut, stoppedProcessing } from '../../../queues/createQueue';

const started = new WeakSet<object>();

/** Starts the imports processor of this process (once per queue, whoever calls it first). */
export function processImports(deps: Deps): void {
  if (started.has(deps.queues.imports)) return;
  started.add(deps.queues.imports);
  deps.queues.imports
    .process(1, async (job: Bull.Job<{ importJobId: number }>) => {
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await runInChild(deps, job.data.importJobId, lastAttempt);
    })
    .catch(stoppedProcessing(deps.queues.imports));
  // A job whose process stalled again after a restart (its lock lapsed twice) is failed by Bull
  // without running the handler: its import would read "running" for ever. Unfinished, it fails.
  onStalledOut(deps.queues.imports, (job, why) => failUnfinished(deps, job.data.importJobId, why));
}

/** Marks an import that is still queued or running as failed (a finished one stays as it is). */
export async function failUnfinished(deps: Deps, id: number, why: string): Promise<void> {
  const n = await deps
    .db('import_jobs')
    .where({ id })
    .whereIn('status', ['queued', 'running'])
    .update({ status: 'failed', error: `import failed: ${why}`, finished_at: deps.db.fn.now() });
  if (n) {
    log.error('import failed', { id, err: why });
    await emit(deps, id);
  }
}

/** Peak resident set of the last import process, MB (the import bench reports it). */
export const importProcessStats = { lastPeakRssMb: 0 };

const CHILD = path.join(__dirname, 'child.ts');

/**
 * Runs one import in a child process (TypeScript through tsx, as every process here). A child that
 * dies without a reply (killed, out of memory) fails the job on its last attempt, else Bull retries.
 */
async function runInChild(deps: Deps, id: number, lastAttempt: boolean): Promise<void> {
  const child = fork(CHILD, [], {
    // tsx's require hook only: `--import tsx` also starts its module loader on a thread of its own, a
    // second V8 heap (about 20 MB of the child's memory budget). The code here is CommonJS.
    execArgv: ['--require', 'tsx/cjs'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let reply: ChildReply | undefined;
  child.on('message', (m: ChildReply) => (reply = m));
  const request: ChildRequest = {
    config: deps.config,
    importJobId: id,
    lastAttempt,
    importDir: importDir(),
    limits: importLimits,
  };
  child.send(request);
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  if (reply) {
    importProcessStats.lastPeakRssMb = reply.peakRssMb;
    if (!reply.ok) throw new Error(reply.error);
    return;
  }
  const why = `the import process ended without a result (${signal ?? `exit code ${code}`})`;
  if (!lastAttempt) throw new Error(why);
  log.error('import failed', { id, err: why });
  await updateJob(deps.db, id, {
    status: 'failed',
    error: `import failed: ${why}`,
    finished_at: deps.db.fn.now(),
  });
  await emit(deps, id);
}

async function emit(deps: Deps, id: number): Promise<void> {
  const row = await jobById(deps.db, id);
  if (row) deps.live.toUser(Number(row.account_id), 'import:progress', presentProgress(row));
}
