// Request validation of /api/finance with the rules of domain/finance.ts (the recharge form's rules).
import { z } from 'zod';
import {
  DESCRIPTION_MAX,
  LEDGER_KINDS,
  RATE_MAX_FEN,
  isBillingAccuracy,
  parseYuan,
  type AmountProblem,
} from '../../../../domain/finance';
import type { MessageKey } from '../../../../domain/messages';
import { dateText, idField } from '../../http/listQuery';

const amountMessage: Record<AmountProblem, MessageKey> = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  positive: 'finance.amount',
  decimals: 'finance.amountDecimals',
  max: 'finance.amountMax',
};

/** A recharge amount in yuan (text or number, at most 2 decimals), as integer fen. */
const amount = z
  .union([z.string(), z.number()], {
    error: (iss) => (iss.input === undefined ? 'validation.required' : 'validation.invalid'),
  })
  .transform((v, ctx) => {
    const r = parseYuan(v);
    if (r.ok) return r.fen;
    ctx.addIssue({ code: 'custom', message: amountMessage[r.problem] });
    return z.NEVER;
  });

export const REQUEST_ID = /^[\w-]{8,64}$/;
export const requestId = z.string('validation.invalid').regex(REQUEST_ID, 'validation.invalid');

export const rechargeSchema = z
  .object({
    accountId: z.number('validation.required').int('validation.invalid').positive('validation.invalid'),
    amount,
    // SPEC §5: the confirmation checkbox must be ticked.
    confirm: z.literal(true, 'finance.confirm'),
    description: z.string('validation.invalid').trim().max(DESCRIPTION_MAX, 'validation.invalid').optional(),
    requestId: requestId.optional(),
  })
  .transform(({ amount: fen, ...rest }) => ({ ...rest, amountFen: fen }));
export type RechargeBody = z.infer<typeof rechargeSchema>;

export const rateSchema = z.object({
  ratePerMinFen: z
    .number('validation.required')
    .int('finance.rate')
    .min(0, 'finance.rate')
    .max(RATE_MAX_FEN, 'finance.rate'),
  accuracyS: z.custom<6 | 60>(isBillingAccuracy, 'finance.accuracy'),
});
export type RateBody = z.infer<typeof rateSchema>;

/** The ledger's filter (the finance page's records and ledger tabs, and their export). */
const ledgerFilter = {
  accountId: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .positive('validation.invalid')
    .optional(),
  kind: z.enum(LEDGER_KINDS, 'validation.invalid').optional(),
  /** Instants (ISO, with an offset) or dates; `to` is inclusive. */
  from: dateText.optional(),
  to: dateText.optional(),
};

const rangeInOrder = (f: { from?: string; to?: string }) =>
  !f.from || !f.to || Date.parse(f.from) <= Date.parse(f.to);

export const ledgerQuerySchema = z
  .object({
    ...ledgerFilter,
    beforeId: z.coerce
      .number('validation.invalid')
      .int('validation.invalid')
      .positive('validation.invalid')
      .optional(),
    limit: z.coerce.number('validation.invalid').int('validation.invalid').min(1).max(200).default(50),
  })
  .refine(rangeInOrder, { message: 'validation.date', path: ['to'] });

/** POST /finance/ledger/export: the filter as shown, as xlsx or csv, behind the export password. */
export const ledgerExportSchema = z
  .object({
    format: z.enum(['xlsx', 'csv'], 'validation.invalid'),
    password: z.string('validation.required').min(1, 'validation.required').max(128, 'validation.invalid'),
    query: z
      .object(ledgerFilter)
      .strict()
      .refine(rangeInOrder, { message: 'validation.date', path: ['to'] })
      .default({}),
  })
  .strict();
export type LedgerExportBody = z.infer<typeof ledgerExportSchema>;

/** GET /finance/rates: the accounts strictly below the caller with their rates, keyset-paged by id. */
export const ratesListSchema = z.object({
  afterId: idField.optional(),
  limit: z.coerce.number('validation.invalid').int('validation.invalid').min(1).max(500).default(200),
});
