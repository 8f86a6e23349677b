import { z } from 'zod';
import { STAGES, USER_CONTACT_METHODS } from '../../../../../domain/crm';
import { isDateText } from '../../../../../domain/validators';

// A real instant with its offset (a reminder time means one moment, whatever the server's zone).
const isoDate = z
  .string('validation.required')
  .refine((s) => isDateText(s, { timeRequired: true }) && /(Z|[+-]\d{2}:?\d{2})$/.test(s), 'validation.date');

export const createFollowUpSchema = z
  .object({
    recordType: z.union([z.literal(0), z.literal(1)], 'validation.invalid'),
    stage: z.number('validation.required').refine((s) => STAGES.includes(s), 'validation.invalid'),
    contactMethod: z
      .number('validation.required')
      .refine((m) => USER_CONTACT_METHODS.includes(m), 'validation.invalid'),
    details: z.string('validation.required').trim().max(2000, 'validation.invalid').default(''),
    remindAt: isoDate.optional(),
  })
  // A reminder needs a date in the future; a plain follow-up may carry none.
  .refine((v) => v.recordType !== 0 || v.remindAt !== undefined, {
    message: 'validation.required',
    path: ['remindAt'],
  })
  // (An unreadable date is already refused above: one error is enough.)
  .refine((v) => v.remindAt === undefined || !(Date.parse(v.remindAt) <= Date.now()), {
    message: 'validation.date',
    path: ['remindAt'],
  });

export const timelineSchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().positive().optional(),
});

export const listRemindersSchema = z.object({
  status: z.enum(['pending', 'handled'], 'validation.invalid').default('pending'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().positive().optional(),
});
