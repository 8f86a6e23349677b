// One import job, run by the imports queue's consumer (server/src/processors/imports.ts) in a child
// process of its own (child.ts runs run.ts's runImport), and what fails an import that cannot finish.
// Bull delivers at least once: a job already done or failed is skipped, and a re-run of an unfinished
// one starts over (nothing of it was committed).
import fs from 'node:fs';
import path from 'node:path';
import type { Deps } from '../../../deps';
import type { ChildReply, ChildRequest } from './child';
import { log } from '../../../../../platform/log';
import { importDir, importLimits } from './limits';
import { presentProgress } from './presenters';
import { fillIn, reasonsFor } from './reasons';
import { jobById, updateJob } from './repo';
import { runCappedChild, type Cap } from '../../../files/cappedChild';

/** Marks an import that is still queued or running as failed (a finished one stays as it is). */
export async function failUnfinished(deps: Deps, id: number, why: string): Promise<void> {
  // In the importer's language; `why` (Bull's words) only for support.
  const said = fillIn(reasonsFor((await jobById(deps.db, id))?.lang ?? '').stalled, { why });
  const n = await deps
    .db('import_jobs')
    .where({ id })
    .whereIn('status', ['queued', 'running'])
    .update({ status: 'failed', error: said, finished_at: deps.db.fn.now() });
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
 * (limits.ts, files/cappedChild.ts). A child over a cap is killed and its job fails at once with the reason
 * in the importer's language (the same file would hit the same cap again). A child that dies any other
 * way without a reply fails the job on its last attempt, else Bull retries.
 */
export async function runImportInChild(deps: Deps, id: number, lastAttempt: boolean): Promise<void> {
  const limits = { ...importLimits };
  const request: ChildRequest = {
    config: deps.config,
    importJobId: id,
    lastAttempt,
    importDir: importDir(),
    limits,
  };
  const run = await runCappedChild<ChildRequest, ChildReply>(CHILD, request, {
    heapMb: limits.childHeapMb,
    rssMb: limits.childRssMb,
    timeoutMs: limits.childTimeoutMs,
  });
  const { reply, capped, code, signal } = run;
  importProcessStats.lastPeakRssMb = reply?.peakRssMb ?? run.peakRssMb;
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
