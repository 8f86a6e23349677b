// Request schemas of /api/bots (domain/bot/api.ts). The definition's own schema is in definitionSchema.ts.
import { z } from 'zod';
import { isAzureSpeechRegion } from '../../../../domain/azureRegions';
import { definitionSchema, knowledgeQuestionSchema } from './definitionSchema';

const text = (max: number) => z.string('validation.invalid').trim().max(max, 'validation.invalid');
const name = z
  .string('validation.required')
  .trim()
  .min(2, 'validation.minLength2')
  .max(50, 'validation.invalid');
const id = z.number('validation.invalid').int().positive('validation.invalid');

export const metaSchema = z.object({
  name,
  industry: text(64).default(''),
  industrySubtype: text(64).default(''),
  description: text(500).default(''),
});
export type MetaInput = z.infer<typeof metaSchema>;

/** requestId: optional idempotency key; a repeated create with the same key returns the first bot. */
export const createSchema = metaSchema.extend({
  requestId: z
    .string('validation.invalid')
    .regex(/^[\w-]{8,64}$/, 'validation.invalid')
    .optional(),
});

export const listSchema = z.object({
  name: z.string().trim().max(50).optional(),
  status: z.enum(['draft', 'review', 'online', 'rejected'], 'validation.invalid').optional(),
  enabled: z.enum(['true', 'false'], 'validation.invalid').optional(),
  page: z.coerce.number('validation.invalid').int().min(1).default(1),
  pageSize: z.coerce.number('validation.invalid').int().min(1).max(100).default(20),
});

export const draftSchema = z.object({
  definition: definitionSchema,
  draftRev: z.number('validation.required').int().min(0),
});

export const nameSchema = z.object({ name });
export const enableSchema = z.object({ enabled: z.boolean('validation.required') });
export const reviewSchema = z
  .object({ approve: z.boolean('validation.required'), reason: text(500).optional() })
  .refine((v) => v.approve || !!v.reason, { message: 'validation.required', path: ['reason'] });
export const passwordSchema = z.object({
  password: z.string('validation.required').min(1, 'validation.required').max(200),
});
export const downloadPasswordSchema = z.object({
  loginPassword: z.string('validation.required').min(1, 'validation.required').max(200),
  password: z.string('validation.required').min(6, 'validation.password').max(200),
});
export const distributeSchema = z.object({
  accountIds: z.array(id, 'validation.invalid').min(1, 'validation.required').max(500, 'validation.invalid'),
  mode: z.enum(['copy', 'sync'], 'validation.invalid'),
});
export const templateSchema = z.object({ published: z.boolean('validation.required') });

const at = z.number('validation.invalid').finite().min(0);
const eventSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('answered'), at }),
    z.object({ type: z.literal('asrPartial'), text: text(1000), at }),
    z.object({ type: z.literal('asrFinal'), text: text(1000), at }),
    z.object({ type: z.literal('silence'), at }),
    z.object({ type: z.literal('playbackFinished'), at }),
    z.object({ type: z.literal('dtmf'), digit: z.string().regex(/^[0-9*#]$/, 'validation.invalid'), at }),
    z.object({ type: z.literal('hangup'), at, by: z.enum(['customer', 'bot']) }),
    z.object({ type: z.literal('llmReply'), text: text(2000).nullable(), at }),
  ],
  'validation.invalid',
);
export const trainSchema = z.object({
  state: z
    .string('validation.invalid')
    .max(256 * 1024, 'validation.invalid')
    .nullable(),
  event: eventSchema,
  transcript: z
    .array(z.object({ role: z.enum(['bot', 'customer']), text: text(2000) }), 'validation.invalid')
    .max(400, 'validation.invalid')
    .optional(),
});

export const learningListSchema = z.object({ learned: z.enum(['true', 'false']).optional() });
export const learnSchema = z.object({
  target: z.object({
    kind: z.enum(['branch', 'question'], 'validation.invalid'),
    id: z.string('validation.required').min(1).max(64),
    nodeId: z.string().min(1).max(64).optional(),
  }),
});

export const promptKeySchema = z.object({
  promptKey: z.string('validation.required').min(1, 'validation.required').max(200),
});

/** A common-knowledge question; the id is made when missing. */
export const knowledgeSchema = knowledgeQuestionSchema.extend({
  id: z.string('validation.invalid').min(1).max(64).optional(),
});

export const llmSettingsSchema = z.object({
  enabled: z.boolean('validation.required'),
  baseUrl: z
    .string('validation.invalid')
    .trim()
    .max(500)
    .refine((u) => u === '' || /^https?:\/\/[^\s/]+/.test(u), 'validation.invalid'),
  model: text(128),
  systemPrompt: text(4000).default(''),
  timeoutMs: z.number('validation.invalid').int().min(500).max(30_000),
  key: z.string('validation.invalid').max(500).optional(),
});

export const ttsSettingsSchema = z
  .object({
    engine: z.enum(['espeak', 'azure'], 'validation.invalid'),
    voice: text(64).default(''),
    // Azure's region names the synthesis host: one of Azure Speech's regions (domain/azureRegions.ts).
    region: text(64)
      .transform((r) => r.toLowerCase())
      .refine((r) => r === '' || isAzureSpeechRegion(r), 'bots.azureRegion')
      .optional(),
    key: z.string('validation.invalid').max(500).optional(),
  })
  .refine((v) => v.engine !== 'azure' || !!v.region, { path: ['region'], message: 'bots.azureRegion' });

export const previewSchema = z.object({
  text: z.string('validation.required').trim().min(1, 'validation.required').max(500, 'validation.invalid'),
  speed: z.number().int().nullable().optional(),
});
