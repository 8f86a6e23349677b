// Request validation of /api/crm/exports. The selection reuses the customers list filter schema, so a
// filter means the same in the list and in its export.
import { z } from 'zod';
import { filterSchema } from '../customers/schema';

const id = z.coerce.number('validation.invalid').int('validation.invalid').positive('validation.invalid');

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;

/** Most customer ids one export may name (larger selections go by filter). */
export const MAX_EXPORT_IDS = 5000;

export const createExportSchema = z.object({
  format: z.enum(EXPORT_FORMATS, 'validation.invalid'),
  filter: filterSchema.optional(),
  // An empty list is not a schema error: it is "no data can be exported" (SPEC §8), like a filter
  // that matches nothing.
  customerIds: z.array(id, 'validation.invalid').max(MAX_EXPORT_IDS, 'validation.invalid').optional(),
  // SPEC §5: export needs the export password.
  password: z.string('validation.required').min(1, 'validation.required').max(128, 'validation.invalid'),
});
export type CreateExportInput = z.infer<typeof createExportSchema>;

export const listExportsSchema = z.object({
  beforeId: z.coerce.number('validation.invalid').int().positive().optional(),
  limit: z.coerce.number('validation.invalid').int().min(1).max(100).default(20),
});
