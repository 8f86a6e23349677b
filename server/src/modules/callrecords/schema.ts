// Request validation of /api/callrecords. The filter schema parses both a query string (strings,
// comma lists) and a JSON body (the batch actions' filter), so one filter means the same in both.
import { z } from 'zod';
import { CALL_RECORD_VIEWS, FILTER_LEVELS, isPhoneFilter } from '../../../../domain/callRecords';
import {
  allocationFields,
  allocationRules,
  commaList,
  dateText,
  flag,
  idField as id,
  keysetPage,
} from '../../http/listQuery';

const text = (max: number) =>
  z.string('validation.invalid').trim().min(1, 'validation.invalid').max(max, 'validation.invalid');
const instant = dateText;
const seconds = z.coerce.number('validation.invalid').int('validation.invalid').min(0).max(86_400);
/** `levels=21,63` or a JSON array; only the SPEC §4 codes. */
const levels = commaList(
  z
    .array(
      z.coerce.number('validation.invalid').refine((n) => FILTER_LEVELS.includes(n), 'validation.invalid'),
      'validation.invalid',
    )
    .min(1, 'validation.invalid')
    .max(FILTER_LEVELS.length, 'validation.invalid'),
);

export const filterSchema = z
  .object({
    from: instant.optional(),
    to: instant.optional(),
    levels: levels.optional(),
    taskId: id.optional(),
    botId: id.optional(),
    minTalkS: seconds.optional(),
    maxTalkS: seconds.optional(),
    phone: z.string('validation.invalid').trim().refine(isPhoneFilter, 'validation.mobile').optional(),
    name: text(64).optional(),
    read: flag.optional(),
    focus: flag.optional(),
    llmGrade: text(64).optional(),
  })
  .strict()
  .refine((f) => !f.from || !f.to || Date.parse(f.from) <= Date.parse(f.to), {
    message: 'validation.date',
    path: ['to'],
  })
  .refine((f) => f.minTalkS === undefined || f.maxTalkS === undefined || f.minTalkS <= f.maxTalkS, {
    message: 'validation.invalid',
    path: ['maxTalkS'],
  });
export type Filter = z.infer<typeof filterSchema>;

/** Which page asks (menu and direction); in the query string of every route. */
export const viewSchema = z.object({
  view: z.enum(CALL_RECORD_VIEWS, 'validation.invalid').default('dialrecord'),
});

export const listSchema = z.object(keysetPage);

/** Most record ids one request may name (larger selections go by filter). */
export const MAX_IDS = 5000;
const ids = z
  .array(id, 'validation.invalid')
  .min(1, 'validation.required')
  .max(MAX_IDS, 'validation.invalid');

/** The records a batch action works on: the chosen ids, or every record matching a filter. */
const selection = {
  ids: ids.optional(),
  filter: filterSchema.optional(),
};
const oneWay = <T extends { ids?: unknown; filter?: unknown }>(v: T) =>
  (v.ids === undefined) !== (v.filter === undefined);
const oneWayIssue = { message: 'validation.required', path: ['ids'] };

export const selectionSchema = z.object(selection).refine(oneWay, oneWayIssue);
export type Selection = z.infer<typeof selectionSchema>;

export const focusSchema = z.object({ focus: z.boolean('validation.required') });

// SPEC §5: destructive actions need the word delete typed.
export const deleteSchema = z
  .object({ ...selection, confirm: z.literal('delete', 'validation.typeDelete') })
  .refine(oneWay, oneWayIssue);

export const repeatDialSchema = z.object({ ...selection, taskId: id }).refine(oneWay, oneWayIssue);

/** SPEC §4 allocation modes, the same rules as the customers' allocation. */
export const allocateSchema = allocationRules(
  z.object({ ...selection, ...allocationFields }).refine(oneWay, oneWayIssue),
);
export type AllocateInput = z.infer<typeof allocateSchema>;

export const exportSchema = z
  .object({
    ...selection,
    format: z.enum(['xlsx', 'csv'], 'validation.invalid'),
    // SPEC §5: export needs the export password.
    password: z.string('validation.required').min(1, 'validation.required').max(128, 'validation.invalid'),
  })
  .refine(oneWay, oneWayIssue);
export type ExportInput = z.infer<typeof exportSchema>;
