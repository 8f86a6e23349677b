import { z } from 'zod';

const id = z.number('validation.invalid').int().positive('validation.invalid');

/** POST /api/calls/test. The numbers' format is checked in the service (parseTestNumbers). */
export const testCallSchema = z.object({
  numbers: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(500, 'validation.invalid'),
  botId: id,
  lineId: id,
});

export const listCallsSchema = z.object({
  test: z.enum(['true', 'false']).optional(),
  page: z.coerce.number('validation.invalid').int().min(1).default(1),
  pageSize: z.coerce.number('validation.invalid').int().min(1).max(100).default(20),
});

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
