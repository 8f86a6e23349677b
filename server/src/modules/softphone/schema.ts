// Request validation of /api/softphone: the dial form's number rule (domain/softphone.ts) in the
// refinement, so the API refuses exactly what the form refuses.
import { z } from 'zod';
import { dialNumberProblem, SOFTPHONE_OUTCOMES } from '../../../../domain/softphone';

/** A call starts: out = a dial (number checked), in = a call the phone received (the caller as shown). */
export const startSchema = z.discriminatedUnion('direction', [
  z.object({
    direction: z.literal('out'),
    number: z
      .string('validation.required')
      .max(32, 'softphone.number')
      .superRefine((v, ctx) => {
        const p = dialNumberProblem(v);
        if (p)
          ctx.addIssue({
            code: 'custom',
            message: p === 'required' ? 'validation.required' : 'softphone.number',
          });
      }),
  }),
  z.object({
    direction: z.literal('in'),
    number: z.string('validation.required').trim().min(1, 'validation.required').max(32, 'telephony.tooLong'),
    callUuid: z
      .string()
      .max(64, 'telephony.tooLong')
      .regex(/^[A-Za-z0-9-]*$/, 'validation.invalid')
      .optional(),
  }),
]);
export type StartBody = z.infer<typeof startSchema>;

/** A call ends: how, and whether (and when, by the server's clock) it was answered. */
export const finishSchema = z.object({
  outcome: z.enum(SOFTPHONE_OUTCOMES, 'validation.invalid'),
  answered: z.boolean('validation.invalid').optional(),
});
export type FinishBody = z.infer<typeof finishSchema>;

/** PATCH of an ongoing call: it was answered now. */
export const answerSchema = z.object({ answered: z.literal(true, 'validation.invalid') });

export const listSchema = z.object({
  limit: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(200, 'validation.invalid')
    .default(50),
});
