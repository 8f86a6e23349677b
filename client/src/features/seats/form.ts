// Form helpers: the domain's problems (domain/seats.ts, the rules the server applies) to i18n keys.
import type { SeatProblems } from '../../../../domain/seats';

/** i18n key of each field's problem, `seats:validation.<problem>`. */
export function problemKeys(p: SeatProblems): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, problem] of Object.entries(p)) if (problem) out[field] = `seats:validation.${problem}`;
  return out;
}

export const hasProblems = (p: SeatProblems): boolean => Object.values(p).some(Boolean);

/** A select's value to an id: '' (nothing chosen) is null. */
export const idOf = (s: string): number | null => (/^[1-9]\d*$/.test(s) ? Number(s) : null);

/** Milliseconds as m:ss or h:mm:ss. */
export function clock(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The figures request of a query, from the seat after `after` (keyset paging). */
export function figuresUrl(
  q: { from: string; to: string; groupId: number | null },
  after: number | null,
): string {
  const p = new URLSearchParams({ from: q.from, to: q.to });
  if (q.groupId) p.set('groupId', String(q.groupId));
  if (after) p.set('after', String(after));
  return `/api/seats/figures?${p.toString()}`;
}
