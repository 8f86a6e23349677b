// The user info page's query: the account choices (keyset paging by id, a search on account or name).
import { z } from 'zod';

export const infoChoicesSchema = z
  .object({
    afterId: z.coerce
      .number('validation.invalid')
      .int('validation.invalid')
      .positive('validation.invalid')
      .optional(),
    limit: z.coerce.number('validation.invalid').int('validation.invalid').min(1).max(200).default(50),
    q: z.string('validation.invalid').trim().max(64, 'validation.invalid').optional(),
  })
  .strict();
