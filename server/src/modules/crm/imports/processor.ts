// The imports queue's processor: one job at a time per process, each run in a child process of its own
// (child.ts runs run.ts's runImport). Bull delivers at least once: a job already done or failed is
// skipped, and a re-run of an unfinished one starts over (nothing of it was committed).
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import type Bull from 'bull';
import type { Deps } from '../../../deps';
import type { ChildReply, ChildRequest } from './child';
import { log } from '../../../lib/log';
import { importDir, importLimits } from './limits';
import { presentProgress } from './presenters';
import { reasonsFor } from './reasons';
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
export const importProcessStats = { lastPeakRssMb: 0, peakRssMbByJob: new Map<number, number>() };

const CHILD = path.join(__dirname, 'child.ts');

/**
 * Runs one import in a child process (TypeScript through tsx, as every process here), under caps
 * (limits.ts): a V8 heap cap, a resident-set cap polled from /proc (inflating and COPY buffers live
 * outside the heap) and a wall-time cap. A child over a cap is killed and its job fails at once with
 * the reason in the importer's language (the same file would hit the same cap again). A child that dies
 * any other way without a reply fails the job on its last attempt, else Bull retries.
 */
async function runInChild(deps: Deps, id: number, lastAttempt: boolean): Promise<void> {
  const limits = { ...importLimits };
  const child = fork(CHILD, [], {
    // tsx's require hook only: `--import tsx` also starts its module loader on a thread of its own, a
    // second V8 heap (about 20 MB of the child's memory budget). The code here is CommonJS.
    execArgv: ['--require', 'tsx/cjs', `--max-old-space-size=${limits.childHeapMb}`],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let reply: ChildReply | undefined;
  child.on('message', (m: ChildReply) => (reply = m));
  child.on('error', () => undefined); // a send to a child already killed: its exit tells the rest
  const watch = watchChild(child, limits);
  const request: ChildRequest = {
    config: deps.config,
    importJobId: id,
    lastAttempt,
    importDir: importDir(),
    limits,
  };
  child.send(request, () => undefined); // a child killed before it reads this is handled below
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  const capped = watch.stop() ?? (heapExhausted(code, signal) ? 'heap' : undefined);
  importProcessStats.lastPeakRssMb = reply?.peakRssMb ?? watch.peakRssMb;
  importProcessStats.peakRssMbByJob.set(id, importProcessStats.lastPeakRssMb);
  if (reply) {
    if (!reply.ok) throw new Error(reply.error);
    return;
  }
  if (capped) {
    await failCapped(deps, id, capped, limits);
    return;
  }
  const why = `the import process ended without a result (${signal ?? `exit code ${code}`})`;
  if (!lastAttempt) throw new Error(why);
  log.error('import failed', { id, err: why });
  await updateJob(deps.db, id, {
    status: 'failed',
    error: reasonsFor((await jobById(deps.db, id))?.lang ?? '').internal,
    finished_at: deps.db.fn.now(),
  });
  await emit(deps, id);
}

/** memory: the polled resident set; heap: V8's own cap; time: the wall-time cap. */
type Cap = 'memory' | 'heap' | 'time';

/** V8 aborts (SIGABRT, exit 134) when the heap cap is reached. */
const heapExhausted = (code: number | null, signal: string | null) => signal === 'SIGABRT' || code === 134;

/** Kills the child when it passes its RSS or time cap; stop() says which cap, if any. */
function watchChild(child: ChildProcess, limits: typeof importLimits) {
  let capped: Cap | undefined;
  let peakRssMb = 0;
  const kill = (why: Exclude<Cap, 'heap'>) => {
    if (capped) return;
    capped = why;
    child.kill('SIGKILL');
  };
  const deadline = setTimeout(() => kill('time'), limits.childTimeoutMs);
  const poll = setInterval(() => {
    const mb = rssMb(child.pid);
    if (mb === undefined) return;
    peakRssMb = Math.max(peakRssMb, mb);
    if (mb > limits.childRssMb) kill('memory');
  }, 200);
  return {
    get peakRssMb() {
      return peakRssMb;
    },
    stop(): Cap | undefined {
      clearTimeout(deadline);
      clearInterval(poll);
      return capped;
    },
  };
}

/** A process's resident set, MB, from /proc (Linux); undefined where there is none. */
function rssMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** Fails a job whose process was killed by a cap (unless it committed first) and drops its file. */
async function failCapped(deps: Deps, id: number, cap: Cap, limits: typeof importLimits): Promise<void> {
  const job = await jobById(deps.db, id);
  if (!job) return;
  const r = reasonsFor(job.lang);
  const error =
    cap === 'time'
      ? r.timeCap.replace('{s}', String(limits.childTimeoutMs / 1000))
      : r.memoryCap.replace('{mb}', String(cap === 'heap' ? limits.childHeapMb : limits.childRssMb));
  log.error('import failed', { id, err: `the import process went over its ${cap} cap` });
  const n = await deps
    .db('import_jobs')
    .where({ id })
    .whereIn('status', ['queued', 'running'])
    .update({ status: 'failed', error, finished_at: deps.db.fn.now() });
  if (n) await fs.promises.rm(job.file_path, { force: true });
  await emit(deps, id);
}

async function emit(deps: Deps, id: number): Promise<void> {
  const row = await jobById(deps.db, id);
  if (row) deps.live.toUser(Number(row.account_id), 'import:progress', presentProgress(row));
}
