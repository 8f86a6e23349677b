// Request validation of /api/pushes. The address body runs the same validateAddress
// (domain/pushes.ts) the page's form runs.
import { z } from 'zod';
import type { MessageKey } from '../../../../domain/messages';
import {
  PUSH_GRADES,
  validateAddress,
  type AddressProblems,
  type PushAddressInput,
} from '../../../../domain/pushes';

const problemKey: Record<keyof AddressProblems, (p: string) => MessageKey> = {
  name: (p) =>
    p === 'required'
      ? 'validation.required'
      : p === 'minLength2'
        ? 'validation.minLength2'
        : 'validation.invalid',
  url: (p) => (p === 'required' ? 'validation.required' : 'pushes.url'),
  params: () => 'pushes.params',
  headers: () => 'pushes.headers',
  grades: () => 'validation.invalid',
};

export const addressSchema = z
  .object({
    name: z.string('validation.required').max(256, 'validation.invalid'),
    url: z.string('validation.required').max(2048, 'pushes.url'),
    params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]), 'pushes.params'),
    headers: z.record(z.string(), z.string('pushes.headers'), 'pushes.headers'),
    grades: z
      .array(z.number('validation.invalid').int('validation.invalid'), 'validation.invalid')
      .max(PUSH_GRADES.length, 'validation.invalid')
      .default([]),
    enabled: z.boolean('validation.invalid').default(true),
  })
  .transform((v) => ({ ...v, name: v.name.trim(), url: v.url.trim() }))
  .superRefine((v, ctx) => {
    for (const [field, p] of Object.entries(validateAddress(v as PushAddressInput)))
      if (p)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: problemKey[field as keyof AddressProblems](p),
        });
  });
export type AddressBody = z.infer<typeof addressSchema>;

export const platformSchema = z.object({
  allowPrivateTargets: z.boolean('validation.required'),
});

export const deliveriesQuery = z.object({
  status: z.enum(['pending', 'delivered', 'failed'], 'validation.invalid').optional(),
  limit: z.coerce.number('validation.invalid').int().min(1).max(200).default(50),
  before: z.coerce.number('validation.invalid').int().positive().optional(),
});
