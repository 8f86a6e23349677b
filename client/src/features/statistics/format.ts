// Cell texts of the report tables: rates as per cent (a gap "-" when nothing was dialled), yuan,
// minutes, seconds.
export const pctText = (r: number | null): string =>
  r === null ? '-' : `${(Math.round(r * 1000) / 10).toFixed(1)}%`;
export const yuanText = (fen: number | null): string => (fen === null ? '-' : (fen / 100).toFixed(2));
export const minutesText = (ms: number): string => (ms / 60_000).toFixed(1);
export const secondsText = (ms: number | null): string => (ms === null ? '-' : (ms / 1000).toFixed(1));
/** Change as signed per cent ("+12.5%"), "-" without a previous figure. */
export const changeText = (c: number | null): string =>
  c === null ? '-' : `${c > 0 ? '+' : ''}${(Math.round(c * 1000) / 10).toFixed(1)}%`;
/** A chart value of a rate: per cent, or null (a gap in the line, never 0 %). */
export const pctValue = (r: number | null): number | null => (r === null ? null : Math.round(r * 1000) / 10);

/** Today and the day `n - 1` days before it, yyyy-MM-dd in the browser's zone. */
export function lastDays(n: number, now = new Date()): { from: string; to: string } {
  const text = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (n - 1));
  return { from: text(from), to: text(now) };
}
