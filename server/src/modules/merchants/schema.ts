// Request validation of /api/merchants. The account fields are the accounts API's own schemas
// (accounts/schema.ts, SPEC §3/§5 user rules); these are the merchant's extras.
import { z } from 'zod';
import { isBillingAccuracy, RATE_MAX_FEN } from '../../../../domain/finance';
import { isMenuKey } from '../../../../domain/menus';
import type { SettlementMethod } from '../../../../domain/merchants';

export const merchantExtrasSchema = z.object({
  ratePerMinFen: z
    .number('finance.rate')
    .int('finance.rate')
    .min(0, 'finance.rate')
    .max(RATE_MAX_FEN, 'finance.rate')
    .optional(),
  settlementMethod: z.custom<SettlementMethod>(isBillingAccuracy, 'merchants.method').optional(),
  // null: the merchant's subtree may be granted whatever the merchant holds.
  assignableMenus: z
    .array(z.string('validation.menu').refine(isMenuKey, 'validation.menu'), 'validation.invalid')
    .max(200, 'validation.invalid')
    .nullable()
    .optional(),
});
export type MerchantExtrasBody = z.infer<typeof merchantExtrasSchema>;

export const listMerchantsSchema = z.object({
  afterId: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .positive('validation.invalid')
    .optional(),
  limit: z.coerce.number('validation.invalid').int('validation.invalid').min(1).max(200).default(50),
  q: z.string('validation.invalid').trim().max(64, 'validation.invalid').optional(),
});

/** Turning the lock on needs the confirmation; `locked: false` is refused while it is on. */
export const lockSchema = z.object({
  locked: z.boolean('validation.invalid'),
  confirm: z.boolean('validation.invalid').optional(),
});
