// The dial job's payload checked before any of it reaches the ESL socket (the dial worker's jobs and
// the inbound calls' sessions).
import type { DialJob } from '../../../domain/calls';
import { checkDigits, checkId, checkUuid, EslInputError } from '../esl/guard';

/** Rejects a job whose payload could put anything unchecked on the socket. */
export function checkJob(j: DialJob): DialJob {
  checkUuid(j.callUuid);
  for (const [k, v] of [
    ['accountId', j.accountId],
    ['botId', j.botId],
    ['botVersion', j.botVersion],
    ['lineId', j.lineId],
  ] as const)
    checkId(v, k);
  if (j.taskId) checkId(j.taskId, 'taskId');
  if (j.customerId) checkId(j.customerId, 'customerId');
  checkDigits(j.phone, 20, 'phone');
  if (!j.phone) throw new EslInputError('phone is required');
  checkDigits(j.callerNumber ?? '', 20, 'callerNumber');
  return j;
}
