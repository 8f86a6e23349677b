// Request validation of /api/tasks/batch (the batch task page): what a batch acts on (ticked ids, or
// explicitly every task the list's filter matches), capped; a request id for duplicate submits; the
// call periods by the task form's own rules (periodProblems runs validateTask).
import { z } from 'zod';
import { TASK_KINDS } from '../../../../domain/tasks';
import { TASK_BATCH_IMPORT_MAX, TASK_BATCH_MAX, periodProblems } from '../../../../domain/taskBatch';
import { listSchema, messageOf, periods } from './schema';

const id = z.number('validation.invalid').int('validation.invalid').positive('validation.invalid');
const requestId = z.string('validation.required').regex(/^[\w-]{8,64}$/, 'validation.invalid');

/** The list's filters (GET /api/tasks) without paging; kind optional: every kind the caller holds. */
export const batchFilterSchema = listSchema
  .omit({ kind: true, page: true, pageSize: true })
  .extend({ kind: z.enum(TASK_KINDS, 'validation.invalid').optional() });
export type BatchFilter = z.infer<typeof batchFilterSchema>;

export const batchListSchema = listSchema.omit({ kind: true }).extend({
  kind: z.enum(TASK_KINDS, 'validation.invalid').optional(),
});
export type BatchListQuery = z.infer<typeof batchListSchema>;

const targetFields = (max: number) => ({
  ids: z
    .array(id, 'validation.invalid')
    .min(1, 'validation.required')
    .max(max, 'validation.invalid')
    .optional(),
  filter: batchFilterSchema.optional(),
});

/** Exactly one of ids and filter. */
const oneTarget = (v: { ids?: number[]; filter?: unknown }, ctx: z.RefinementCtx) => {
  if ((v.ids === undefined) === (v.filter === undefined))
    ctx.addIssue({ code: 'custom', path: ['ids'], message: 'validation.required' });
};

export const targetSchema = (max: number) => z.object(targetFields(max)).superRefine(oneTarget);
export type BatchTarget = { ids: number[]; filter?: undefined } | { ids?: undefined; filter: BatchFilter };

/**
 * Which page asks: the batch page (default), or the AI-task page's bulk start/pause (SPEC §4 bulk
 * rules; it has no bulk stop). Only the status log's note and the menu the route asks for differ.
 */
export const BATCH_PAGES = ['batch', 'tasks'] as const;
export type BatchPage = (typeof BATCH_PAGES)[number];

export const batchMoveSchema = z
  .object({
    ...targetFields(TASK_BATCH_MAX),
    action: z.enum(['start', 'pause', 'stop'], 'validation.invalid'),
    requestId,
    page: z.enum(BATCH_PAGES, 'validation.invalid').default('batch'),
  })
  .superRefine((v, ctx) => {
    oneTarget(v, ctx);
    if (v.page === 'tasks' && v.action === 'stop')
      ctx.addIssue({ code: 'custom', path: ['action'], message: 'validation.invalid' });
  });

export const batchPeriodsSchema = z
  .object({
    ...targetFields(TASK_BATCH_MAX),
    callPeriods: periods,
    noCallPeriods: periods.default([]),
    requestId,
  })
  .superRefine((v, ctx) => {
    oneTarget(v, ctx);
    for (const [field, p] of Object.entries(periodProblems(v.callPeriods, v.noCallPeriods)))
      ctx.addIssue({ code: 'custom', path: [field], message: messageOf(p) });
  });

/** The multipart fields beside the file: the target as JSON text, and the request id. */
export const batchNumbersFieldsSchema = z.object({
  target: z
    .string('validation.required')
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
        return z.NEVER;
      }
    })
    .pipe(targetSchema(TASK_BATCH_IMPORT_MAX)),
  requestId,
});
