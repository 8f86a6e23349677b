// Test calls (SPEC §5): comma-separated mobiles or the test number 9999, with one of the caller's
// own published bots on a line it owns or was given. One record (status dialing, test) and one
// `dial` job per number; the media worker does the rest.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { insertTestCalls } from '../../../../platform/callRecord';
import { DIAL_JOB_OPTIONS, parseTestNumbers, type DialJob } from '../../../../domain/calls';
import { maskPhone } from '../../../../domain/format';
import type { Deps } from '../../deps';
import { fieldError, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import { ownPublishedBot, usableLine } from './repo';
import type { testCallSchema } from './schema';

export async function startTestCalls(deps: Deps, auth: AuthContext, v: z.infer<typeof testCallSchema>) {
  const numbers = parseTestNumbers(v.numbers);
  if (!numbers) throw fieldError('numbers', 'validation.mobile');
  const actor = auth.actor;
  const bot = await ownPublishedBot(deps.db, actor, v.botId);
  if (!bot) throw notFound();
  if (!bot.published_version || !bot.enabled) throw fieldError('botId', 'validation.invalid');
  const line = await usableLine(deps.db, actor, v.lineId);
  if (!line) throw notFound();

  const jobs: DialJob[] = numbers.map((phone) => ({
    callUuid: randomUUID(),
    accountId: actor.id,
    botId: v.botId,
    botVersion: Number(bot.published_version),
    lineId: v.lineId,
    phone,
    callerNumber: '',
    test: true,
  }));
  await insertTestCalls(deps.db, deps.config.secretKey, jobs);
  // Options travel with the job (Bull uses the adder's); jobId = call uuid makes a re-add a no-op.
  for (const j of jobs) await deps.queues.dial.add(j, { ...DIAL_JOB_OPTIONS, jobId: j.callUuid });
  return { calls: jobs.map((j) => ({ callUuid: j.callUuid, phone: maskPhone(j.phone) })) };
}
