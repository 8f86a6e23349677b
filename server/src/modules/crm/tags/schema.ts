import { z } from 'zod';

const name = z
  .string('validation.required')
  .trim()
  .min(1, 'validation.required')
  .max(64, 'validation.invalid');

export const groupSchema = z.object({ name });

export const tagSchema = z.object({
  name,
  // '#rgb', '#rrggbb' or '#rrggbbaa'; empty means the default colour.
  color: z
    .string('validation.invalid')
    .trim()
    .regex(/^(#[0-9a-fA-F]{3,8})?$/, 'validation.invalid')
    .default(''),
  groupId: z.number('validation.invalid').int().positive('validation.invalid').nullable().default(null),
});

export const listTagsSchema = z.object({
  groupId: z.coerce.number('validation.invalid').int().positive('validation.invalid').optional(),
});
