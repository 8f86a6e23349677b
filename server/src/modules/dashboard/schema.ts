// Request validation of /api/dashboard: an optional sub-account to look at (default: the caller).
import { z } from 'zod';

export const viewSchema = z.object({
  accountId: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .positive('validation.invalid')
    .max(Number.MAX_SAFE_INTEGER, 'validation.invalid')
    .optional(),
});
