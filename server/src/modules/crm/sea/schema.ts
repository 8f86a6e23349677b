import { z } from 'zod';
import { STAGES } from '../../../../../domain/crm';

const ids = (max: number) =>
  z
    .array(
      z.number('validation.invalid').int('validation.invalid').positive('validation.invalid'),
      'validation.required',
    )
    .min(1, 'validation.required')
    .max(max, 'validation.invalid')
    // Duplicates would only inflate counts (and the claim quota check).
    .transform((a) => [...new Set(a)]);

export const releaseSchema = z.object({ customerIds: ids(5000) });
export const claimSchema = z.object({ customerIds: ids(200) });

export const listSeaSchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().positive().optional(),
  name: z.string().trim().max(64).optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, 'validation.invalid')
    .optional(),
  stage: z.coerce
    .number()
    .refine((s) => STAGES.includes(s), 'validation.invalid')
    .optional(),
});

export const settingsSchema = z.object({
  autoReleaseDays: z
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(365, 'validation.invalid')
    .nullable(),
  dailyClaimLimit: z
    .number('validation.required')
    .int('validation.invalid')
    .min(0, 'validation.invalid')
    .max(10000, 'validation.invalid'),
});
