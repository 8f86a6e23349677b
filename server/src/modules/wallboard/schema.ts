// Request validation of /api/wallboard: the account looked at (default: the caller; the super
// administrator picks a merchant), and a call's uuid for its transcript.
import { z } from 'zod';

export const wallViewSchema = z.object({
  accountId: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .positive('validation.invalid')
    .max(Number.MAX_SAFE_INTEGER, 'validation.invalid')
    .optional(),
});

export const callParamSchema = z.object({
  uuid: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'validation.invalid')
    .transform((s) => s.toLowerCase()),
});
