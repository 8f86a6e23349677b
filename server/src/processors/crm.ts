// The `crm` queue's consumer: the customer center's repeatable jobs. One queue serves several job kinds
// by name (reminders falling due, modules/crm/followups/reminders.ts; the automatic release to the
// sea, modules/crm/sea/autoRelease.ts); each is a Bull repeatable job, so one process runs a tick at a
// time whatever the number of servers.
import type { Deps } from '../deps';
import { pushDueReminders } from '../modules/crm/followups/reminders';
import { autoReleaseToSea } from '../modules/crm/sea/autoRelease';
import { stoppedProcessing } from '../../../platform/queue';

export const REMINDER_TICK_MS = 30_000;
export const SEA_RELEASE_TICK_MS = 3_600_000;

export async function processCrm(deps: Deps): Promise<void> {
  const q = deps.queues.crm;
  // One consumer loop for both job kinds: several process() calls are several loops on Bull's one
  // blocking connection, and closing them at shutdown can leave an unhandled "Connection is closed.".
  q.process('*', 1, (job) =>
    job.name === 'reminders' ? pushDueReminders(deps) : autoReleaseToSea(deps),
  ).catch(stoppedProcessing(q));
  const repeat = { removeOnComplete: true, removeOnFail: 100 };
  await q.add('reminders', {}, { ...repeat, repeat: { every: REMINDER_TICK_MS }, jobId: 'crm-reminders' });
  await q.add(
    'sea-release',
    {},
    { ...repeat, repeat: { every: SEA_RELEASE_TICK_MS }, jobId: 'crm-sea-release' },
  );
}
