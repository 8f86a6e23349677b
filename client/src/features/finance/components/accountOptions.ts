// The account choices of the finance page: the caller's own account (for the ledger filters only)
// and its subordinates as GET /api/finance/rates lists them.
import type { SubordinateRate } from '../types';

export const accountLabel = (a: Pick<SubordinateRate, 'account' | 'realName'>): string =>
  a.realName ? `${a.account} (${a.realName})` : a.account;

export function accountOptions(
  subs: readonly SubordinateRate[],
  me: { id: number; account: string } | null,
  allLabel: string,
): { value: string; label: string }[] {
  const out = [{ value: '', label: allLabel }];
  if (me) out.push({ value: String(me.id), label: me.account });
  for (const a of subs) out.push({ value: String(a.accountId), label: accountLabel(a) });
  return out;
}
