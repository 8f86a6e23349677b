// The `pushes` queue's consumer: the senders of this process. Each job `{ callId }` is one run of the
// call's deliveries (modules/pushes/deliver.ts processCall).
import type { Deps } from '../deps';
import { closeQueue, createQueue, onStalledOut, stoppedProcessing } from '../../../platform/queue';
import { processCall, wakeSender } from '../modules/pushes/deliver';

/** Calls pushed at once by one process. */
const SENDERS = 4;

/**
 * Starts this process's senders: one Bull queue object per sender, each with one consumer loop (a
 * queue with several loops on its one blocking connection can leave an unhandled "Connection is
 * closed." when it closes). Bull keeps each job active until its pushes are tried, so a sender that
 * dies mid-call has the job run again. Returns what closes the extra queue objects.
 */
export function startPushSender(deps: Deps): { stop(): Promise<void> } {
  const extra = Array.from({ length: SENDERS - 1 }, () =>
    createQueue<{ callId: number }>(deps.config, deps.queues.pushes.name),
  );
  for (const q of [deps.queues.pushes, ...extra])
    q.process(1, (job) => processCall(deps, Number(job.data.callId))).catch(stoppedProcessing(q));
  // A job Bull gave up after it stalled again and again leaves its rows waiting with no job to wake
  // them: a new job (a new id: the failed one keeps its own) tries the due ones and schedules the rest.
  for (const q of [deps.queues.pushes, ...extra])
    onStalledOut(q, (job) => wakeSender(deps, Number(job.data.callId), 'stalled'));
  return { stop: () => Promise.all(extra.map(closeQueue)).then(() => undefined) };
}
