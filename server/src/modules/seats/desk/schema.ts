// Request validation of the seat desk (/api/seats/:id/desk...): the disposition form's rules
// (domain/seatDesk.ts) in the refinement, so the API refuses exactly what the form refuses. The quick
// follow-up reuses the follow-up API's own schema (modules/crm/followups/schema.ts).
import { z } from 'zod';
import { createCustomerSchema } from '../../crm/customers/schema';
import type { MessageKey } from '../../../../../domain/messages';
import {
  RECENT_PAGE_DEFAULT,
  RECENT_PAGE_MAX,
  validateDisposition,
  type Disposition,
  type DispositionProblem,
} from '../../../../../domain/seatDesk';

export { createFollowUpSchema as deskFollowUpSchema } from '../../crm/followups/schema';

/**
 * A customer made of the call's caller: the customer form's rules (SPEC §5, modules/crm/customers),
 * without the number (the server takes it from the call: the browser only has it masked) and tags.
 */
export const deskCustomerSchema = createCustomerSchema.omit({ phone: true, tagIds: true });
export type DeskCustomerBody = z.infer<typeof deskCustomerSchema>;

const KEYS: Record<DispositionProblem, MessageKey> = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  tooLong: 'seatdesk.note',
};

export const dispositionSchema = z
  .strictObject({
    disposition: z.string('validation.required'),
    note: z.string('validation.invalid').default(''),
  })
  .superRefine((v, ctx) => {
    for (const [path, p] of Object.entries(validateDisposition(v)))
      if (p) ctx.addIssue({ code: 'custom', path: [path], message: KEYS[p] });
  })
  .transform((v) => ({ disposition: v.disposition as Disposition, note: v.note.trim() }));
export type DispositionBody = z.infer<typeof dispositionSchema>;

export const recentSchema = z.object({
  limit: z.coerce.number().int().min(1).max(RECENT_PAGE_MAX).default(RECENT_PAGE_DEFAULT),
  before: z.coerce.number().int().positive().optional(),
});

/** A call uuid in a path: refused as a bad request before any lookup. */
export const callUuidSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
