// Zod pieces the list and batch schemas share (customers, call records): ids, date strings,
// query-string flags and comma lists, the keyset page and the SPEC §4 allocation fields and rules.
// Each parses both a query string and a JSON body, so a filter means the same in both.
import { z } from 'zod';
import { AllocationMode } from '../../../domain/crm';
import { isDateText, MAX_ID } from '../../../domain/validators';

/** A positive integer id (coerced from a query string) that fits a bigint and a JS number. */
export const idField = z.coerce
  .number('validation.invalid')
  .int('validation.invalid')
  .positive('validation.invalid')
  .max(MAX_ID, 'validation.invalid');

/** A date or date-time string (yyyy-MM-dd, optionally with a time and an offset) of a real day
 * and time in years 1900-9999 (domain/validators isDateText): never one PostgreSQL refuses. */
export const dateText = z.string('validation.date').refine((s) => isDateText(s), 'validation.date');

/** 'true'/'1' and 'false'/'0' from a query string; real booleans from JSON. */
export const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean('validation.invalid'),
);

/** `k=1,2` (or repeated keys) from a query string, a single number, or a JSON array. */
export const commaList = <S extends z.ZodType>(list: S) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',') : typeof v === 'number' ? [v] : v), list);

/** One keyset page: the opaque cursor of the previous page's last row and the page size. */
export const keysetPage = {
  // Cursors are base64url text we made; anything longer or of other characters is not one.
  after: z
    .string('validation.invalid')
    .max(200, 'validation.invalid')
    .regex(/^[A-Za-z0-9_-]*$/, 'validation.invalid')
    .optional(),
  limit: z.coerce.number('validation.invalid').int().min(1).max(200).default(50),
};

const quantity = z.number('validation.invalid').int('validation.invalid').min(0, 'validation.invalid');

/** SPEC §4 allocation: the mode, the target accounts and (mode 2) a quantity per target. */
export const allocationFields = {
  mode: z.union(
    [
      z.literal(AllocationMode.ToSelf),
      z.literal(AllocationMode.SplitEvenly),
      z.literal(AllocationMode.ByQuantity),
    ],
    'validation.invalid',
  ),
  targets: z.array(idField, 'validation.invalid').max(200, 'validation.invalid').optional(),
  quantities: z.array(quantity, 'validation.invalid').max(200, 'validation.invalid').optional(),
};

type Allocation = { mode: number; targets?: number[]; quantities?: number[] };

/** The allocation rules: targets unless to myself, none when to myself, no duplicates, and
 * quantities exactly in mode 2, one per target. */
export const allocationRules = <S extends z.ZodType<Allocation>>(schema: S): S =>
  schema
    .refine((v) => v.mode === AllocationMode.ToSelf || (v.targets?.length ?? 0) > 0, {
      message: 'validation.required',
      path: ['targets'],
    })
    .refine((v) => v.mode !== AllocationMode.ToSelf || !v.targets?.length, {
      message: 'validation.invalid',
      path: ['targets'],
    })
    .refine((v) => new Set(v.targets ?? []).size === (v.targets ?? []).length, {
      message: 'validation.invalid',
      path: ['targets'],
    })
    .refine(
      (v) =>
        v.mode === AllocationMode.ByQuantity
          ? v.quantities?.length === v.targets?.length
          : v.quantities === undefined,
      { message: 'validation.invalid', path: ['quantities'] },
    );
