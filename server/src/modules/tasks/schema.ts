// Request validation of /api/tasks. The task body runs the same validateTask (domain/tasks.ts) the
// form runs, so the API refuses exactly what the form refuses; the AI-seat limit and the bot/line
// visibility need the database and are checked in the service.
import { z } from 'zod';
import type { MessageKey } from '../../../../domain/messages';
import { isDayText } from '../../../../domain/validators';
import { TASK_STATUSES, type TaskStatus } from '../../../../domain/dialer/status';
import {
  ADD_NUMBERS_MAX,
  TASK_KINDS,
  TASK_NAME_MAX,
  validateTask,
  type TaskInput,
  type TaskProblem,
} from '../../../../domain/tasks';
import { filterSchema } from '../crm/customers/schema';
import { flag } from '../../http/listQuery';
import { staticProblem } from '../../lib/outbound';

const PUSH_URL_REFUSAL: Record<'url' | 'port' | 'blocked' | 'unresolvable', MessageKey> = {
  url: 'outbound.url',
  port: 'outbound.port',
  blocked: 'outbound.private',
  unresolvable: 'outbound.unresolvable',
};

const int = z.number('validation.invalid').int('validation.invalid');
const id = int.positive('validation.invalid');
const text = (max: number) => z.string('validation.invalid').max(max, 'validation.invalid');
const smallInts = z.array(int, 'validation.invalid').max(20, 'validation.invalid');
export const periods = z.array(text(11), 'validation.invalid').max(12, 'validation.invalid');

export function messageOf(p: TaskProblem): MessageKey {
  if (p === 'required') return 'validation.required';
  if (p === 'minLength2') return 'validation.minLength2';
  if (p === 'date') return 'validation.date';
  return 'validation.invalid';
}

export const taskSchema = z
  .object({
    name: text(TASK_NAME_MAX * 4),
    kind: z.enum(TASK_KINDS, 'validation.invalid'),
    botId: id.nullable(),
    robots: int,
    startDate: text(10),
    callPeriods: periods,
    noCallPeriods: periods.default([]),
    weekdays: smallInts.default([]),
    failHangupCount: int.min(0, 'validation.invalid').max(1000, 'validation.invalid').default(0),
    redial: z
      .object({
        enabled: z.boolean('validation.invalid'),
        count: int,
        intervalMinutes: int.max(7 * 24 * 60, 'validation.invalid'),
        levels: smallInts,
      })
      .default({ enabled: false, count: 1, intervalMinutes: 0, levels: [] }),
    pushUrl: text(500).default(''),
    pushAccount: text(64).default(''),
    pushGrades: smallInts.default([]),
    wechatPush: z.boolean('validation.invalid').default(false),
    // A number that is no customer yet becomes one when its call ends (dialer/customerResult.ts).
    createCustomers: z.boolean('validation.invalid').default(true),
    lineId: id.nullable(),
    requestId: z
      .string('validation.invalid')
      .regex(/^[\w-]{8,64}$/, 'validation.invalid')
      .optional(),
  })
  .superRefine((v, ctx) => {
    const problems = validateTask(v as TaskInput);
    for (const [field, p] of Object.entries(problems))
      if (p) ctx.addIssue({ code: 'custom', path: field.split('.'), message: messageOf(p) });
    // The push guard's DNS-free checks at save (scheme, credentials, port, a literal private IP);
    // the sender checks again, DNS and allow-list included, before every push.
    const refused = !problems.pushUrl && v.pushUrl.trim() ? staticProblem(v.pushUrl.trim()) : null;
    if (refused) ctx.addIssue({ code: 'custom', path: ['pushUrl'], message: PUSH_URL_REFUSAL[refused.why] });
  })
  .transform((v) => ({
    ...v,
    name: v.name.trim(),
    pushUrl: v.pushUrl.trim(),
    pushAccount: v.pushAccount.trim(),
  }));
export type TaskBody = z.infer<typeof taskSchema>;

const status = z.coerce
  .number('validation.invalid')
  .refine((n) => TASK_STATUSES.includes(n as TaskStatus), 'validation.invalid');
const day = z.string('validation.date').refine((s) => isDayText(s), 'validation.date');

export const listSchema = z.object({
  kind: z.enum(TASK_KINDS, 'validation.invalid'),
  scope: z.enum(['own', 'all'], 'validation.invalid').default('own'),
  name: z.string('validation.invalid').trim().max(64, 'validation.invalid').optional(),
  status: status.optional(),
  botId: z.coerce.number('validation.invalid').int().positive('validation.invalid').optional(),
  dateFrom: day.optional(),
  dateTo: day.optional(),
  page: z.coerce.number('validation.invalid').int().min(1).default(1),
  pageSize: z.coerce.number('validation.invalid').int().min(1).max(100).default(20),
});
export type ListQuery = z.infer<typeof listSchema>;

export const overviewSchema = z.object({
  scope: z.enum(['own', 'all'], 'validation.invalid').default('all'),
});

export const kindQuerySchema = z.object({ kind: z.enum(TASK_KINDS, 'validation.invalid') });

export const copySchema = z.object({
  name: z.string('validation.invalid').trim().min(2, 'validation.minLength2').max(TASK_NAME_MAX).optional(),
});

/** The customer picker: the customer list's filters, plus an import batch and "never called". */
export const numbersFilterSchema = filterSchema.extend({
  importJobId: id.optional(),
  neverCalled: flag.optional(),
});
export type NumbersFilter = z.infer<typeof numbersFilterSchema>;

export const addNumbersSchema = z.discriminatedUnion(
  'source',
  [
    z.object({
      source: z.literal('customers'),
      customerIds: z
        .array(id, 'validation.invalid')
        .min(1, 'validation.required')
        .max(ADD_NUMBERS_MAX, 'validation.invalid')
        .optional(),
      filter: numbersFilterSchema.optional(),
    }),
    z.object({
      source: z.literal('text'),
      text: z
        .string('validation.required')
        .min(1, 'validation.required')
        .max(4_000_000, 'validation.invalid'),
    }),
  ],
  'validation.invalid',
);
export type AddNumbersBody = z.infer<typeof addNumbersSchema>;

export const numbersQuerySchema = z.object({
  state: z.coerce.number('validation.invalid').int().min(0).max(3).optional(),
  after: z.coerce.number('validation.invalid').int().positive().optional(),
  limit: z.coerce.number('validation.invalid').int().min(1).max(200).default(50),
});

export const removeNumbersSchema = z.object({
  ids: z.array(id, 'validation.required').min(1, 'validation.required').max(5000, 'validation.invalid'),
});
