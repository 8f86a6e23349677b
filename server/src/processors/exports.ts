// The exports queue's consumer: customer exports (modules/crm/exports/customerExport.ts), call-record
// exports (modules/callrecords/export.ts) and the hourly sweep of expired files
// (modules/crm/exports/sweep.ts, a Bull repeatable job: one process runs it at a time).
import type Bull from 'bull';
import type { Deps } from '../deps';
import { log } from '../../../platform/log';
import { onStalledOut, stoppedProcessing } from '../../../platform/queue';
import { runExport } from '../modules/crm/exports/customerExport';
import { failUnfinishedExport } from '../modules/crm/exports/runJob';
import { SWEEP_EVERY_MS, sweepExpired } from '../modules/crm/exports/sweep';
import { EXPORT_JOB, runCallExport } from '../modules/callrecords/export';

const started = new WeakSet<object>();

/** Starts the exports processor of this process (customer and call-record exports, once per queue),
 * and the hourly sweep of expired files (a Bull repeatable job: one process runs it at a time). */
export function processExports(deps: Deps): void {
  const q = deps.queues.exports;
  if (started.has(q)) return;
  started.add(q);
  // One consumer for every job of the queue (customer exports, call-record exports, the sweep): each
  // process() call is a consumer loop of its own on Bull's one blocking connection, and closing several
  // at shutdown left an unhandled "Connection is closed.".
  q.process('*', 1, async (job: Bull.Job<{ exportJobId: number }>) => {
    if (job.name === 'sweep') return sweepExpired(deps);
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (job.name === EXPORT_JOB) return runCallExport(deps, job.data.exportJobId, lastAttempt);
    await runExport(deps, job.data.exportJobId, lastAttempt);
  }).catch(stoppedProcessing(q));
  onStalledOut(q, async (job, why) => {
    if (job.name !== 'sweep') await failUnfinishedExport(deps, job.data.exportJobId, why);
  });
  q.add(
    'sweep',
    { exportJobId: 0 },
    {
      repeat: { every: SWEEP_EVERY_MS },
      jobId: 'exports-sweep',
      removeOnComplete: true,
      removeOnFail: 100,
    },
  ).catch((e: Error) => log.error('exports sweep not scheduled', { err: String(e.stack ?? e) }));
}
