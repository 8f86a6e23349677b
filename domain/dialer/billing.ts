// Call charges in integer fen. Fen are JS numbers (not bigint) checked with Number.isSafeInteger: safe up
// to 9e15 fen, far above the 10-million-yuan recharge cap (1e9 fen). The database column is bigint.

/** Billing accuracy: per 6-second block or per whole minute. */
export type BillingAccuracy = 6 | 60;

function assertCount(name: string, v: number): void {
  if (!Number.isSafeInteger(v) || v < 0)
    throw new RangeError(`${name} must be a non-negative safe integer, got ${v}`);
}

/** a / b rounded up, exact for non-negative safe integers (no floating division of a remainder). */
function ceilDiv(a: number, b: number): number {
  const r = a % b;
  return (a - r) / b + (r > 0 ? 1 : 0);
}

/** Billable blocks of talk time: 6 s or 60 s blocks, any started block counts, 0 ms is 0 blocks. */
export function billableBlocks(talkMs: number, accuracy: BillingAccuracy): number {
  assertCount('talkMs', talkMs);
  if (accuracy !== 6 && accuracy !== 60) throw new RangeError(`accuracy must be 6 or 60, got ${accuracy}`);
  return ceilDiv(talkMs, accuracy * 1000);
}

/**
 * The charge in fen. Per minute: blocks × rate. Per 6 s: each block is a tenth of the rate, summed exactly
 * and rounded up to the fen ONCE for the call (not per block): 13 s at 5 fen/min = 3 blocks = 1.5 fen -> 2.
 * Throws RangeError for negative, fractional or unsafe figures.
 */
export function chargeFen(talkMs: number, ratePerMinuteFen: number, accuracy: BillingAccuracy): number {
  assertCount('ratePerMinuteFen', ratePerMinuteFen);
  const blocks = billableBlocks(talkMs, accuracy);
  const tenths = blocks * ratePerMinuteFen * (accuracy === 60 ? 10 : 1); // charge in tenths of a fen
  if (!Number.isSafeInteger(tenths)) throw new RangeError('charge exceeds the safe integer range');
  return ceilDiv(tenths, 10);
}

/**
 * One charge per level of the account hierarchy, each at its own rate (e.g. the platform charges the
 * merchant 5 fen/min and the merchant charges its user 8 fen/min), in the order given.
 */
export function chainCharges<Id>(
  talkMs: number,
  rates: readonly { accountId: Id; ratePerMinuteFen: number }[],
  accuracy: BillingAccuracy,
): { accountId: Id; fen: number }[] {
  return rates.map((r) => ({ accountId: r.accountId, fen: chargeFen(talkMs, r.ratePerMinuteFen, accuracy) }));
}

/** Low balance (notice type 99): strictly below the threshold. */
export function lowBalance(balanceFen: number, thresholdFen: number): boolean {
  return balanceFen < thresholdFen;
}
