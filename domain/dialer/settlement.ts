// Who pays for one call, and how much: the account at its rate, then every ancestor that has a rate of
// its own (the merchant pays the platform for its users' calls), each with its own billing accuracy.

import { chargeFen, type BillingAccuracy } from './billing';

export interface LevelRate {
  ratePerMinFen: number;
  accuracy: BillingAccuracy;
}

/**
 * The payers of a call of `accountId`, nearest first: the account itself, then its ancestors on the
 * materialized `path` ('/1/5/9/'), leaving out `platformIds` (the super administrator pays nobody).
 */
export function billingChain(accountId: number, path: string, platformIds: readonly number[] = []): number[] {
  const above = path
    .split('/')
    .filter(Boolean)
    .map(Number)
    .filter((id) => id !== accountId)
    .reverse();
  return [accountId, ...above].filter((id) => !platformIds.includes(id));
}

/** One charge per payer that has a rate and owes more than 0 fen, in chain order. */
export function levelCharges(
  billableMs: number,
  chain: readonly number[],
  rates: ReadonlyMap<number, LevelRate>,
): { accountId: number; fen: number }[] {
  const out: { accountId: number; fen: number }[] = [];
  const ms = Math.max(0, Math.round(billableMs));
  for (const id of chain) {
    const r = rates.get(id);
    if (!r) continue;
    const fen = chargeFen(ms, r.ratePerMinFen, r.accuracy);
    if (fen > 0) out.push({ accountId: id, fen });
  }
  return out;
}

/** What a balance can pay of a charge: all of it, or what is there (never below 0), and the shortfall. */
export function payable(balanceFen: number, chargeFenValue: number): { paid: number; shortfall: number } {
  const paid = Math.max(0, Math.min(balanceFen, chargeFenValue));
  return { paid, shortfall: chargeFenValue - paid };
}
