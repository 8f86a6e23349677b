// The imports queue's consumer: one job at a time per process, each run in a child process of its own
// (modules/crm/imports/runJob.ts). Bull delivers at least once: a job already done or failed is
// skipped, and a re-run of an unfinished one starts over (nothing of it was committed).
import type Bull from 'bull';
import type { Deps } from '../deps';
import { onStalledOut, stoppedProcessing } from '../../../platform/queue';
import { failUnfinished, runImportInChild } from '../modules/crm/imports/runJob';

const started = new WeakSet<object>();

/** Starts the imports processor of this process (once per queue, whoever calls it first). */
export function processImports(deps: Deps): void {
  if (started.has(deps.queues.imports)) return;
  started.add(deps.queues.imports);
  deps.queues.imports
    .process(1, async (job: Bull.Job<{ importJobId: number }>) => {
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await runImportInChild(deps, job.data.importJobId, lastAttempt);
    })
    .catch(stoppedProcessing(deps.queues.imports));
  // A job whose process stalled again after a restart (its lock lapsed twice) is failed by Bull
  // without running the handler: its import would read "running" for ever. Unfinished, it fails.
  onStalledOut(deps.queues.imports, (job, why) => failUnfinished(deps, job.data.importJobId, why));
}
