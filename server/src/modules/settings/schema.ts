import { z } from 'zod';
import { ASR_PROVIDERS, DEFAULT_ESL_PORT, validateFsNode } from '../../../../domain/telephony-config';
import { addProblems } from '../dialcenter/problems';

const int = z.number('validation.invalid').int('validation.invalid');

export const fsNodeSchema = (isNew: boolean) =>
  z
    .object({
      name: z.string('validation.required').max(64, 'validation.invalid').trim(),
      eslHost: z.string('validation.required').max(253, 'validation.invalid').trim(),
      eslPort: int.default(DEFAULT_ESL_PORT),
      eslPassword: z.string('validation.invalid').max(128, 'validation.invalid').default(''),
      weight: int.default(10),
      enabled: z.boolean('validation.invalid').default(true),
    })
    .superRefine((v, ctx) => addProblems(ctx, validateFsNode(v, isNew)));

// Provider-specific rules need the stored secret: the service runs validateAsr.
export const asrSchema = z.object({
  provider: z.enum(ASR_PROVIDERS, 'validation.invalid'),
  unimrcpProfile: z.string('validation.invalid').max(64, 'validation.invalid').trim().default(''),
  appKey: z.string('validation.invalid').max(128, 'validation.invalid').trim().default(''),
  secret: z.string('validation.invalid').max(128, 'validation.invalid').default(''),
});
