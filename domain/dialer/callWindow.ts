// Is a moment inside a task's call window? Periods, no-call holes and weekdays, in the account's zone.
import { DAY_MS, MINUTE_MS, instantsAtWall, localMs, offsetChanges, weekdayOfDay } from '../localTime';

/**
 * A daily period in local wall time, minutes since midnight (0–1439), start inclusive, end exclusive.
 * end < start means the period crosses midnight (22:00–02:00); end 0 means "until midnight".
 */
export interface Period {
  start: number;
  end: number;
}

/** ISO weekday: Monday 1 … Sunday 7 (SPEC §4). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface CallWindow {
  /** The task's call periods. Empty: the account's hours, else the platform default. */
  periods: readonly Period[];
  /** No-call periods: holes cut out of the periods on every day, whatever the weekday. */
  noCall?: readonly Period[];
  /**
   * Repeat weekdays. A period crossing midnight belongs to the day it STARTED: with Friday only,
   * 22:00–02:00 dials Friday 22:00 to Saturday 02:00, not Thursday night's tail on Friday morning.
   * Empty or absent = every day.
   */
  weekdays?: readonly Weekday[];
  /** Account-level dialing hours, the default for tasks without periods; absent = none set. */
  accountPeriods?: readonly Period[] | null;
}

/** Platform-wide default window, 09:00–20:00, when neither the task nor the account has periods. */
export const PLATFORM_DEFAULT_PERIODS: readonly Period[] = [{ start: 9 * 60, end: 20 * 60 }];

/** The periods that apply: the task's, else the account's, else the platform default. */
export function effectivePeriods(w: CallWindow): readonly Period[] {
  if (w.periods.length > 0) return w.periods;
  if (w.accountPeriods && w.accountPeriods.length > 0) return w.accountPeriods;
  return PLATFORM_DEFAULT_PERIODS;
}

// ---- parsing and formatting (forms and API) ----

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:mm' (SPEC §9) to minutes since midnight, or null. */
export function parseTime(s: string): number | null {
  const m = HHMM.exec(s);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export const formatTime = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const formatPeriod = (p: Period): string => `${formatTime(p.start)}-${formatTime(p.end)}`;

export interface PeriodError {
  code: 'format' | 'sameStartEnd' | 'overlap';
  /** Index of the offending item in the list. */
  index: number;
  text: string;
  /** For 'overlap': the index of the earlier item it overlaps. */
  with?: number;
}

/** Pieces of a period on the 0–1440 clock (a period crossing midnight is two pieces). */
function pieces(p: Period): [number, number][] {
  if (p.start < p.end) return [[p.start, p.end]];
  return [
    [p.start, 1440],
    [0, p.end],
  ].filter(([a, b]) => a! < b!) as [number, number][];
}

function overlaps(a: Period, b: Period): boolean {
  return pieces(a).some(([as, ae]) => pieces(b).some(([bs, be]) => as < be && bs < ae));
}

/**
 * Parses call or no-call periods: a list of 'HH:mm-HH:mm' items, or one text with items separated by
 * commas, semicolons or white space ('-', '–', '~' or '至' between the times). Each time is HH:mm,
 * start ≠ end, and no two items of the list overlap (touching is fine). Empty input is ok with no
 * periods: whether periods are required is the form's rule (SPEC §5), not this parser's.
 */
export function parsePeriods(
  input: string | readonly string[],
): { ok: true; periods: Period[] } | { ok: false; error: PeriodError } {
  const items =
    typeof input === 'string'
      ? input
          .replace(/\s*[-–~～至]\s*/g, '-')
          .split(/[\s,，;；、]+/)
          .filter((s) => s !== '')
      : input.map((s) => s.trim().replace(/\s*[-–~～至]\s*/g, '-'));
  const periods: Period[] = [];
  for (const [index, text] of items.entries()) {
    const [a, b, ...rest] = text.split('-');
    const start = parseTime(a ?? '');
    const end = parseTime(b ?? '');
    if (start === null || end === null || rest.length > 0)
      return { ok: false, error: { code: 'format', index, text } };
    if (start === end) return { ok: false, error: { code: 'sameStartEnd', index, text } };
    const p = { start, end };
    const clash = periods.findIndex((q) => overlaps(p, q));
    if (clash >= 0) return { ok: false, error: { code: 'overlap', index, text, with: clash } };
    periods.push(p);
  }
  return { ok: true, periods };
}

// ---- the window itself ----

function inPlainPeriod(p: Period, minute: number): boolean {
  return p.start < p.end ? p.start <= minute && minute < p.end : minute >= p.start || minute < p.end;
}

/** Inside at instant `t` (epoch ms). Right-continuous: the state at a boundary is the state after it. */
function insideAt(t: number, w: CallWindow, tz: string): boolean {
  const local = localMs(t, tz);
  const day = Math.floor(local / DAY_MS);
  const minute = (local - day * DAY_MS) / MINUTE_MS; // fractional minutes of the local day
  const allowed = (d: number): boolean =>
    !w.weekdays || w.weekdays.length === 0 || w.weekdays.includes(weekdayOfDay(d) as Weekday);
  const inPeriod = effectivePeriods(w).some((p) => {
    if (p.start < p.end) return allowed(day) && p.start <= minute && minute < p.end;
    if (p.start === p.end) return false;
    return (minute >= p.start && allowed(day)) || (minute < p.end && allowed(day - 1));
  });
  return inPeriod && !(w.noCall ?? []).some((p) => p.start !== p.end && inPlainPeriod(p, minute));
}

/** Whether `now` is inside the call window, reading wall time in the IANA zone `tz`. */
export function inWindow(now: Date, w: CallWindow, tz: string): boolean {
  return insideAt(now.getTime(), w, tz);
}

/** How far ahead we look; the pattern repeats weekly, so 9 days always find a flip if one exists. */
const HORIZON_MS = 9 * DAY_MS;

/**
 * The first instant after `t` at which the window's state becomes `wantInside`, or null if it never
 * does. The state only changes where the wall clock crosses a period/no-call boundary or midnight
 * (weekday change), or where the zone's offset jumps (DST), so it is enough to test those instants.
 */
function nextFlip(t: number, w: CallWindow, tz: string, wantInside: boolean): number | null {
  const boundaries = new Set<number>([0]);
  for (const p of [...effectivePeriods(w), ...(w.noCall ?? [])]) boundaries.add(p.start).add(p.end);
  const end = t + HORIZON_MS;
  const firstDay = Math.floor(localMs(t, tz) / DAY_MS) - 1;
  const candidates = new Set<number>(offsetChanges(t, end, tz));
  for (let day = firstDay; day <= firstDay + 11; day++) {
    for (const b of boundaries) {
      for (const c of instantsAtWall(day * DAY_MS + b * MINUTE_MS, tz))
        if (c > t && c <= end) candidates.add(c);
    }
  }
  for (const c of [...candidates].sort((a, b) => a - b)) if (insideAt(c, w, tz) === wantInside) return c;
  return null;
}

/**
 * When the window is (next) open: `now` itself if inside, otherwise the first later instant that is
 * inside (the instant just before it is outside), or null if it never opens (e.g. no-call periods
 * cover every period). For "outside call hours, back at …" and the ETA.
 */
export function nextWindowStart(now: Date, w: CallWindow, tz: string): Date | null {
  const t = now.getTime();
  if (insideAt(t, w, tz)) return now;
  const next = nextFlip(t, w, tz, true);
  return next === null ? null : new Date(next);
}

/**
 * Inside or not, and until when: the instant the state flips (closes if inside, opens if outside),
 * or null if it never flips (always open, or never open).
 */
export function windowState(now: Date, w: CallWindow, tz: string): { inside: boolean; until: Date | null } {
  const t = now.getTime();
  const inside = insideAt(t, w, tz);
  const flip = nextFlip(t, w, tz, !inside);
  return { inside, until: flip === null ? null : new Date(flip) };
}
