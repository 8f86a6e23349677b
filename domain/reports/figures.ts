// Report figures from summed rollup counters: rates that are null where there is nothing to divide
// (a day without calls is a gap, never 0 %), period-over-period change, the line threshold flag, the
// date ranges the filters take. Shared by the server (API, exports) and the client (charts, tables).
import { ROLLUP_COLUMN_NAMES } from './columns';

export type Counters = Record<string, number>;

export const emptyCounters = (): Counters => Object.fromEntries(ROLLUP_COLUMN_NAMES.map((n) => [n, 0]));

export function addInto(into: Counters, add: Counters): Counters {
  for (const [k, v] of Object.entries(add)) into[k] = (into[k] ?? 0) + Number(v);
  return into;
}

/** a / b, or null when b is 0 (a gap in a chart, "-" in a table). */
export const ratio = (a: number, b: number): number | null => (b > 0 ? a / b : null);

/** Connected rate (grades A–F of the dialled calls). */
export const connectedRate = (c: Counters): number | null => ratio(c.connected ?? 0, c.dialled ?? 0);
/** Answer-seizure ratio: answered (by anyone, voicemail and call assistants included) of the dialled. */
export const answerSeizureRatio = (c: Counters): number | null => ratio(c.answered ?? 0, c.dialled ?? 0);
/** A/B leads (grades 21, 22). */
export const leadsOf = (c: Counters): number => (c.ga ?? 0) + (c.gb ?? 0);
export const averageRingMs = (c: Counters): number | null => ratio(c.ring_ms ?? 0, c.dialled ?? 0);

/** Change of `cur` against `prev` as a fraction (0.25 = +25 %), null without a previous figure. */
export const change = (cur: number, prev: number): number | null => (prev > 0 ? (cur - prev) / prev : null);

/** A line under the platform's statistics threshold (per cent); a line without calls is not flagged. */
export function underThreshold(c: Counters, thresholdPct: number): boolean {
  const r = connectedRate(c);
  return r !== null && r * 100 < thresholdPct;
}

/** Spend per unit in fen (rounded), null when there is no unit. */
export const costPer = (fen: number, units: number): number | null =>
  units > 0 ? Math.round(fen / units) : null;

export const DAY_MS = 86_400_000;
/** Longest range a report takes (days, both ends included). */
export const MAX_REPORT_DAYS = 400;

const dayNumber = (d: string) =>
  Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to` (yyyy-MM-dd, both included). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) out.push(dayText(n));
  return out;
}

export const rangeDays = (from: string, to: string): number => dayNumber(to) - dayNumber(from) + 1;

/** The period of the same length just before [from, to]. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const len = rangeDays(from, to);
  return { from: dayText(dayNumber(from) - len), to: dayText(dayNumber(from) - 1) };
}

export const addDays = (day: string, n: number): string => dayText(dayNumber(day) + n);
