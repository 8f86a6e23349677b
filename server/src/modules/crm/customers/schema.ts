// Request validation of /api/crm/customers. The filter schema parses both a query string (strings,
// repeated keys) and a JSON body (the allocation filter), so one filter means the same in both.
import { z } from 'zod';
import { STAGES } from '../../../../../domain/crm';
import { normalizeMobile } from '../../../../../domain/phone';
import {
  allocationFields,
  allocationRules,
  commaList,
  dateText as date,
  flag,
  idField as id,
  keysetPage,
} from '../../../http/listQuery';

const text = (max: number) => z.string('validation.invalid').trim().max(max, 'validation.invalid');
const ids = (max: number) =>
  z.array(id, 'validation.required').min(1, 'validation.required').max(max, 'validation.invalid');
/** `tagId=1&tagId=2`, `tagId=1,2` or a JSON array. */
const idList = commaList(
  z.array(id, 'validation.invalid').min(1, 'validation.invalid').max(50, 'validation.invalid'),
);
const stage = z.coerce.number('validation.invalid').refine((n) => STAGES.includes(n), 'validation.invalid');
const sex = z.coerce.number('validation.invalid').refine((n) => n === 0 || n === 1, 'validation.invalid');

export const filterSchema = z.object({
  name: text(64).optional(),
  phone: z
    .string('validation.invalid')
    .trim()
    .regex(/^\d{1,11}$/, 'validation.mobile')
    .optional(),
  stage: stage.optional(),
  grade: z.coerce.number('validation.invalid').int('validation.invalid').min(0).max(999).optional(),
  sex: sex.optional(),
  focus: flag.optional(),
  read: flag.optional(),
  source: text(64).optional(),
  tagId: idList.optional(),
  ownerId: id.optional(),
  importedFrom: date.optional(),
  importedTo: date.optional(),
  createdFrom: date.optional(),
  createdTo: date.optional(),
  lastFollowUpBefore: date.optional(),
  /** 1: called at least once; 0: never called. */
  called: flag.optional(),
  lastCalledFrom: date.optional(),
  lastCalledTo: date.optional(),
});
export type CustomerFilter = z.infer<typeof filterSchema>;

export const SORTS = ['id', 'importedAt', 'createdAt', 'score', 'lastCalledAt'] as const;
export type Sort = (typeof SORTS)[number];

export const listCustomersSchema = filterSchema.extend({
  sort: z.enum(SORTS, 'validation.invalid').default('id'),
  ...keysetPage,
});

const fields = {
  name: z.string('validation.required').trim().min(1, 'validation.required').max(64, 'validation.invalid'),
  // Any form people type (+86 …, 86-…, full-width digits, spaces): stored as the 11 digits (domain/phone.ts).
  phone: z
    .string('validation.required')
    .transform(
      (v, c) => normalizeMobile(v) ?? (c.addIssue({ code: 'custom', message: 'validation.mobile' }), z.NEVER),
    ),
  contact: text(64),
  sex: z.union([z.literal(0), z.literal(1), z.null()], 'validation.invalid'),
  company: text(128),
  address: text(256),
  remarks: z.array(text(500), 'validation.invalid').max(5, 'validation.invalid'),
  source: text(64),
  stage: z.number('validation.invalid').refine((n) => STAGES.includes(n), 'validation.invalid'),
  tagIds: z.array(id, 'validation.invalid').max(100, 'validation.invalid'),
};

export const createCustomerSchema = z.object(fields).partial().required({ name: true, phone: true });
/** Updates change only the fields sent; a hidden phone (import option 4) cannot be sent at all. */
export const updateCustomerSchema = z.object(fields).partial();
export type CustomerInput = z.infer<typeof updateCustomerSchema>;

/** A page of a customer's calls: the cursor of the previous page's last call, at most 50 a page. */
export const customerCallsSchema = z.object({
  after: keysetPage.after,
  limit: z.coerce.number('validation.invalid').int('validation.invalid').min(1).max(50).default(10),
});

export const focusSchema = z.object({ focus: z.boolean('validation.required') });

// SPEC §5: destructive actions need the word delete typed.
export const deleteCustomersSchema = z.object({
  ids: ids(1000),
  confirm: z.literal('delete', 'validation.typeDelete'),
});

export const assignTagsSchema = z
  .object({
    customerIds: ids(5000),
    add: z.array(id, 'validation.invalid').max(100, 'validation.invalid').default([]),
    remove: z.array(id, 'validation.invalid').max(100, 'validation.invalid').default([]),
  })
  .refine((v) => v.add.length + v.remove.length > 0, { message: 'validation.required', path: ['add'] });

export const allocateSchema = allocationRules(
  z
    .object({
      mode: allocationFields.mode,
      customerIds: ids(5000).optional(),
      filter: filterSchema.optional(),
      targets: allocationFields.targets,
      quantities: allocationFields.quantities,
    })
    // Exactly one way of choosing the customers.
    .refine((v) => (v.customerIds === undefined) !== (v.filter === undefined), {
      message: 'validation.required',
      path: ['customerIds'],
    }),
);
export type AllocateInput = z.infer<typeof allocateSchema>;
