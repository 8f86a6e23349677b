// Wall-clock maths in an IANA time zone with Intl.DateTimeFormat only (browser and Node, no libraries).
// "Local ms" is the zone's wall clock read as if it were UTC: Date.UTC(y, M-1, d, h, m, s) + ms.

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when the runtime knows the IANA zone (e.g. 'Asia/Shanghai'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Recent answers per zone, least recently used dropped first (a Map keeps insertion order; a hit is
 * moved to the end). formatToParts costs tens of microseconds on a busy machine, and the same
 * instants come back: every task of a tick reads `now` in its account's zone, and a window's next
 * flip tests the same boundary instants every second (issue 21: 2.8 ms of a tick's CPU). Only valid
 * zones get a map (formatterFor throws first).
 */
const memo = new Map<string, Map<number, number>>();
const MEMO_SIZE = 4096;

/** The zone's wall clock at instant `t` (epoch ms) as local ms. Throws RangeError for an unknown zone. */
export function localMs(t: number, timeZone: string): number {
  let known = memo.get(timeZone);
  const hit = known?.get(t);
  if (hit !== undefined) {
    known!.delete(t);
    known!.set(t, hit);
    return hit;
  }
  const local = formatLocalMs(t, timeZone);
  if (!known) memo.set(timeZone, (known = new Map()));
  if (known.size >= MEMO_SIZE) known.delete(known.keys().next().value!);
  known.set(t, local);
  return local;
}

function formatLocalMs(t: number, timeZone: string): number {
  const p: Record<string, string> = {};
  for (const { type, value } of formatterFor(timeZone).formatToParts(new Date(t))) p[type] = value;
  let year = Number(p.year);
  if (p.era === 'BC' || p.era === 'B') year = 1 - year;
  const whole = Date.UTC(
    year,
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return whole + (((t % 1000) + 1000) % 1000);
}

/** UTC offset of the zone at instant `t`, in ms (Shanghai: +8 h). */
export const offsetMs = (t: number, timeZone: string): number => localMs(t, timeZone) - t;

/** The local calendar day of instant `t` as a day number (days since 1970-01-01 local). */
export const localDay = (t: number, timeZone: string): number => Math.floor(localMs(t, timeZone) / DAY_MS);

/** ISO weekday of a local day number: Monday 1 … Sunday 7 (1970-01-01 was a Thursday). */
export const weekdayOfDay = (day: number): number => ((((day + 3) % 7) + 7) % 7) + 1;

/**
 * Every instant whose wall clock reads `wall` (local ms), ascending: none inside a DST gap,
 * two inside a DST overlap, one otherwise. Assumes at most one offset change within ±1 day.
 */
export function instantsAtWall(wall: number, timeZone: string): number[] {
  const offsets = new Set([offsetMs(wall - DAY_MS, timeZone), offsetMs(wall + DAY_MS, timeZone)]);
  const out: number[] = [];
  for (const o of offsets) {
    const t = wall - o;
    if (localMs(t, timeZone) === wall && !out.includes(t)) out.push(t);
  }
  return out.sort((a, b) => a - b);
}

/** Instants in (from, to] at which the zone's UTC offset changes (DST starts/ends), ascending. */
export function offsetChanges(from: number, to: number, timeZone: string): number[] {
  const STEP = 6 * 3_600_000; // zones never change offset twice within 6 hours
  const out: number[] = [];
  // On a grid of whole steps (not from `from`): callers a second apart probe the same instants, which
  // localMs remembers.
  for (let a = from, b: number; a < to; a = b) {
    b = Math.min((Math.floor(a / STEP) + 1) * STEP, to);
    const oa = offsetMs(a, timeZone);
    if (offsetMs(b, timeZone) === oa) continue;
    let lo = a;
    let hi = b;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetMs(mid, timeZone) === oa) lo = mid;
      else hi = mid;
    }
    out.push(hi);
  }
  return out;
}
