import { z } from 'zod';
import { normalizePhone, toHalfWidth } from '../../../../../domain/phone';

const scope = z.enum(['platform', 'account'], 'validation.invalid');

export const listBlacklistSchema = z.object({
  scope: scope.default('account'),
  phone: z
    .string()
    .trim()
    // A full number in any form (+86 …, full-width) searches as stored; a prefix as its digits.
    .transform((v) => normalizePhone(v) ?? toHalfWidth(v).replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{1,12}$/, 'validation.invalid'))
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  after: z.coerce.number().int().positive().optional(),
});

// Each phone is checked in the service so one bad line is reported by index, not refused whole.
export const addBlacklistSchema = z.object({
  scope,
  phones: z
    .array(z.string('validation.invalid').max(32, 'validation.invalid'), 'validation.required')
    .min(1, 'validation.required')
    .max(10000, 'validation.invalid'),
  reason: z.string('validation.invalid').trim().max(200, 'validation.invalid').default(''),
});

export const removeBlacklistSchema = z.object({
  ids: z
    .array(
      z.number('validation.invalid').int('validation.invalid').positive('validation.invalid'),
      'validation.required',
    )
    .min(1, 'validation.required')
    .max(10000, 'validation.invalid'),
});
