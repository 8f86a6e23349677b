// Request validation of /api/reports: a day range (yyyy-MM-dd, at most MAX_REPORT_DAYS), optional
// task, bot, line and account (an account of the caller's subtree), and the grouping.
import { z } from 'zod';
import { isDayText } from '../../../../domain/validators';
import { MAX_REPORT_DAYS, rangeDays } from '../../../../domain/reports/figures';
import { REPORT_GROUPS, SPEND_GROUPS } from '../../../../domain/reports/api';
import { idField as id } from '../../http/listQuery';

const day = z.string('validation.date').refine(isDayText, 'validation.date');

const base = z.object({
  from: day,
  to: day,
  taskId: id.optional(),
  botId: id.optional(),
  lineId: id.optional(),
  accountId: id.optional(),
});

const ranged = <S extends z.ZodType<{ from: string; to: string }>>(s: S) =>
  s
    .refine((f) => f.from <= f.to, { message: 'validation.date', path: ['to'] })
    .refine((f) => f.from > f.to || rangeDays(f.from, f.to) <= MAX_REPORT_DAYS, {
      message: 'validation.invalid',
      path: ['from'],
    });

export const numbersSchema = ranged(
  base.extend({ by: z.enum(REPORT_GROUPS, 'validation.invalid').default('day') }).strict(),
);
export const linesSchema = ranged(
  base.extend({ by: z.enum(['line', 'day'], 'validation.invalid').default('line') }).strict(),
);
export const expenseSchema = ranged(
  base
    .omit({ botId: true })
    .extend({ by: z.enum(SPEND_GROUPS, 'validation.invalid').default('day') })
    .strict(),
);
export const businessSchema = ranged(base.pick({ from: true, to: true, accountId: true }).strict());

export const REPORT_KINDS = ['numbers', 'lines', 'expense', 'business'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const exportSchema = z
  .object({
    kind: z.enum(REPORT_KINDS, 'validation.invalid'),
    format: z.enum(['xlsx', 'csv'], 'validation.invalid'),
    password: z.string('validation.required').min(1, 'validation.required').max(128, 'validation.invalid'),
    query: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  })
  .strict();

export const thresholdSchema = z
  .object({ lineConnectedPct: z.number('validation.invalid').int('validation.invalid').min(0).max(100) })
  .strict();

export type NumbersQuery = z.infer<typeof numbersSchema>;
export type LinesQuery = z.infer<typeof linesSchema>;
export type ExpenseQuery = z.infer<typeof expenseSchema>;
export type BusinessQuery = z.infer<typeof businessSchema>;
