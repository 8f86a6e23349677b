import { z } from 'zod';
import { isDateText } from '../../../../domain/validators';
import { accountName, email, optionalMobile, password } from '../auth/schema';

const text = (max: number) => z.string().trim().max(max, 'validation.invalid');
const date = z.string('validation.required').refine((s) => isDateText(s), 'validation.date');
const count = z
  .number('validation.required')
  .int('validation.invalid')
  .min(0, 'validation.invalid')
  .max(100000, 'validation.invalid');

const fields = {
  realName: z.string('validation.required').trim().min(1, 'validation.required').max(64),
  email: email.optional(),
  level: z.union([z.literal(1), z.literal(2)], 'validation.invalid'),
  roleId: z.number('validation.required').int().positive(),
  phone: optionalMobile,
  position: text(64).optional(),
  remark: text(500).optional(),
  aiSeats: count,
  totalAuthorization: count,
  dialIntervalSeconds: count,
  // Per-user daily limits the dialer applies at claim time (0 = no limit).
  dailyConnectLimit: count.optional(),
  dailyMinutesLimit: count.optional(),
  expiresAt: date,
};

// SPEC §5: total authorization must exceed the AI seat count.
const authorizationExceedsSeats = (v: { aiSeats?: number; totalAuthorization?: number }) =>
  v.aiSeats === undefined || v.totalAuthorization === undefined || v.totalAuthorization > v.aiSeats;

export const createAccountSchema = z
  .object({ account: accountName, password, confirm: z.string('validation.required'), ...fields })
  .refine((v) => v.password === v.confirm, { message: 'validation.confirm', path: ['confirm'] })
  .refine(authorizationExceedsSeats, { message: 'validation.authorization', path: ['totalAuthorization'] });

export const updateAccountSchema = z
  .object({ ...fields, disabled: z.boolean('validation.invalid') })
  .partial()
  .refine(authorizationExceedsSeats, { message: 'validation.authorization', path: ['totalAuthorization'] });

export const listAccountsSchema = z.object({
  afterId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  q: z.string().trim().max(64).optional(),
  parentId: z.coerce.number().int().positive().optional(),
});

/** A superior sets a new login password for a subordinate (SPEC §5: min 6, confirmed). */
export const resetPasswordSchema = z
  .object({ password, confirm: z.string('validation.required') })
  .refine((v) => v.password === v.confirm, { message: 'validation.confirm', path: ['confirm'] });
