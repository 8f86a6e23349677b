// Merchant management (/bussinesscentral/merchant, issue 24 item 4): what the list and the editor
// show of a merchant (a level-2 account, SPEC §6) besides its account fields.
import type { AccountDto } from './api';
import type { BillingAccuracy } from './dialer/billing';

/**
 * A merchant's settlement method is how its connected calls are settled: billed in blocks of 6 or
 * 60 seconds (the billing accuracy of its call rate, domain/dialer/billing.ts). The settlement lock
 * (SPEC §6) forces it on every account below the merchant; once on it cannot be turned off.
 */
export type SettlementMethod = BillingAccuracy;
export const SETTLEMENT_METHODS: readonly SettlementMethod[] = [60, 6];

export interface MerchantDto extends AccountDto {
  /** The account directly above (the super administrator or a merchant). */
  parentAccount: string | null;
  /** Null while no superior has set a call rate (DEFAULT_RATE applies). */
  ratePerMinFen: number | null;
  settlementMethod: SettlementMethod;
  /** Set once the settlement lock is on (it stays on). */
  settlementLockedAt: string | null;
  /** An account above whose settlement lock fixes this merchant's settlement method, if any. */
  settlementForcedBy: string | null;
  /** Menus the merchant's subtree may be granted; null = whatever the merchant holds itself. */
  assignableMenus: string[] | null;
}

/** The merchant fields of the create and edit requests, next to the account fields. */
export interface MerchantExtras {
  ratePerMinFen?: number;
  settlementMethod?: SettlementMethod;
  assignableMenus?: string[] | null;
}
