// Request validation of /api/shields: the shapes here, the shared rules (domain/shields) in the service.
import { z } from 'zod';
import { CAP_COUNTS, blacklistSearch, normalizeMobile } from '../../../../domain/shields';

const mobile = z
  .string('validation.mobile')
  .max(32, 'validation.mobile')
  .refine((s) => normalizeMobile(s) !== null, 'validation.mobile')
  .transform((s) => normalizeMobile(s)!);

export const listSchema = z.object({
  /** The full number, or up to 4 digits of its visible head or tail. */
  phone: z
    .string()
    .trim()
    .refine((s) => s === '' || blacklistSearch(s) !== null, 'validation.invalid')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().positive().optional(),
});

export const addBlacklistSchema = z.object({
  phone: mobile,
  reason: z.string('validation.invalid').trim().max(200, 'validation.invalid').default(''),
});

/** Multipart fields of an import (the file itself is checked by the CRM import upload checks). */
export const importFieldsSchema = z.object({
  reason: z.string().trim().max(200, 'validation.invalid').default(''),
});

const ids = z
  .array(
    z.number('validation.invalid').int('validation.invalid').positive('validation.invalid'),
    'validation.required',
  )
  .min(1, 'validation.required')
  .max(1000, 'validation.invalid');

/** Batch removal: the ids and the typed confirmation (SPEC §5). */
export const removeManySchema = z.object({ ids });

export const addShieldSchema = z.object({ phone: mobile });

export const rulesSchema = z.object({
  levels: z.array(z.number('validation.invalid'), 'validation.required').max(40, 'validation.invalid'),
});

const cap = z.number('validation.invalid').nullable();

export const dialDefaultsSchema = z.object({
  callStart: z.string('validation.required'),
  callEnd: z.string('validation.required'),
  timeZone: z.string('validation.required'),
  capPerDay: cap,
  capPerPeriod: cap,
  capPeriodDays: z.number('validation.invalid'),
  capCount: z.enum(CAP_COUNTS as ['connected', 'all'], 'validation.invalid'),
  lowBalanceFen: z.number('validation.invalid'),
});

export const quotaSchema = z.object({
  concurrencyQuota: z.number('validation.invalid').nullable(),
});
