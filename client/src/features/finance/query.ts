// The ledger filter as the API's query: local days as ISO instants (the 'from' day from its first
// millisecond, the 'to' day through its last, in the browser's zone), empty fields left out; the
// records tab always asks for recharges only.
import type { LedgerFilter, LedgerTab } from './types';

export type LedgerQueryParams = Record<string, string | number>;

const dayStart = (day: string) => new Date(`${day}T00:00:00`);

export function dayRangeIso(from: string, to: string): { from?: string; to?: string } {
  const out: { from?: string; to?: string } = {};
  if (from) {
    const d = dayStart(from);
    if (!Number.isNaN(d.getTime())) out.from = d.toISOString();
  }
  if (to) {
    const d = new Date(`${to}T23:59:59.999`);
    if (!Number.isNaN(d.getTime())) out.to = d.toISOString();
  }
  return out;
}

export function ledgerQuery(tab: LedgerTab, f: LedgerFilter): LedgerQueryParams {
  const q: LedgerQueryParams = { ...dayRangeIso(f.from, f.to) };
  if (f.accountId !== null) q.accountId = f.accountId;
  if (tab === 'records') q.kind = 'recharge';
  else if (f.kind) q.kind = f.kind;
  return q;
}
