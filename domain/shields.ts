// Shields and caps (SPEC §2 Dial center day shield and call blacklist, Settings task dialing defaults;
// §9 per-number caps): the rules the forms and the API share, and the types of /api/shields.
import { DEFAULT_CAPS } from './dialer/caps';
import { parseTime } from './dialer/callWindow';
import { GRADE_LEVELS, NOT_CONNECTED_LEVELS } from './dialer/levels';
import { DAY_MS, isTimeZone, localDay } from './localTime';
import { normalizeMobile } from './phone';

/**
 * Results a day-shield rule may name: the grades A–F (21–26) and the not-connected levels (62–70, 79,
 * 90). Blacklist 71 is not one: a blacklisted number was never dialed.
 */
export const SHIELD_LEVELS: readonly number[] = [...GRADE_LEVELS, ...NOT_CONNECTED_LEVELS];
export const isShieldLevel = (n: unknown): boolean =>
  typeof n === 'number' && Number.isInteger(n) && SHIELD_LEVELS.includes(n);

/** A mobile number as people type or paste it, to its 11 digits, or null (the one normaliser, phone.ts). */
export { normalizeMobile };

/**
 * A search of the call blacklist: numbers are stored only as a hash and a masked form (138****5678),
 * so a search is the full number, or up to 4 digits matched against the visible head or tail.
 */
export function blacklistSearch(
  raw: string,
): { kind: 'full'; phone: string } | { kind: 'part'; digits: string } | null {
  const s = raw.trim();
  if (!s) return null;
  const full = normalizeMobile(s);
  if (full) return { kind: 'full', phone: full };
  if (/^\d{1,4}$/.test(s)) return { kind: 'part', digits: s };
  return null;
}

export type CapCount = 'connected' | 'all';
export const CAP_COUNTS: readonly CapCount[] = ['connected', 'all'];

/** An account's dialing defaults and caps (table dial_settings). */
export interface DialSettings {
  /** Account call hours, HH:mm; end before start = across midnight, end 00:00 = until midnight. */
  callStart: string;
  callEnd: string;
  /** IANA zone of the account's calendar day and call hours. */
  timeZone: string;
  /** Calls of one number per local day; null = no cap. */
  capPerDay: number | null;
  /** Calls of one number per `capPeriodDays` days; null = no cap. */
  capPerPeriod: number | null;
  capPeriodDays: number;
  capCount: CapCount;
  /** Results that shield a number until local midnight. */
  dayShieldLevels: number[];
  /** Calls at once for the whole account, set by its parent; null = its AI seats. */
  concurrencyQuota: number | null;
  /** Below this balance (fen) a low-balance notice is sent. */
  lowBalanceFen: number;
}

/** What the account edits itself: everything but the shield rules (own form) and its quota (parent's). */
export type DialDefaultsInput = Omit<DialSettings, 'dayShieldLevels' | 'concurrencyQuota'>;

export const DEFAULT_DIAL_SETTINGS: DialSettings = {
  callStart: '09:00',
  callEnd: '20:00',
  timeZone: 'Asia/Shanghai',
  capPerDay: DEFAULT_CAPS.perDay,
  capPerPeriod: DEFAULT_CAPS.perPeriod,
  capPeriodDays: DEFAULT_CAPS.periodDays,
  capCount: DEFAULT_CAPS.count,
  dayShieldLevels: [],
  concurrencyQuota: null,
  lowBalanceFen: 1000,
};

export const CAP_MAX = 1000;
export const PERIOD_DAYS_MAX = 365;
/** SPEC §9: a recharge is at most 10 million yuan; a threshold above that makes no sense. */
export const LOW_BALANCE_MAX_FEN = 1_000_000_000;

export type DefaultsProblem =
  | 'time'
  | 'sameStartEnd'
  | 'timeZone'
  | 'capRange'
  | 'periodBelowDay'
  | 'periodDays'
  | 'capCount'
  | 'lowBalance';

const isIntIn = (n: unknown, min: number, max: number): boolean =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/**
 * The dialing-defaults form (SPEC §5 style: every field checked, one problem per field). Call hours use
 * the call-window parser (HH:mm, start ≠ end; end < start crosses midnight). Caps are whole numbers
 * 1–1000 or null (no cap); a period cap below the daily cap would make the daily cap meaningless.
 */
export function validateDialDefaults(
  v: DialDefaultsInput,
): Partial<Record<keyof DialDefaultsInput, DefaultsProblem>> {
  const out: Partial<Record<keyof DialDefaultsInput, DefaultsProblem>> = {};
  const start = parseTime(v.callStart);
  const end = parseTime(v.callEnd);
  if (start === null) out.callStart = 'time';
  if (end === null) out.callEnd = 'time';
  else if (start !== null && start === end) out.callEnd = 'sameStartEnd';
  // IANA area/location names (or UTC); the runtime must know the zone.
  const zoneShape = v.timeZone === 'UTC' || /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){1,2}$/.test(v.timeZone);
  if (v.timeZone.length > 64 || !zoneShape || !isTimeZone(v.timeZone)) out.timeZone = 'timeZone';
  if (v.capPerDay !== null && !isIntIn(v.capPerDay, 1, CAP_MAX)) out.capPerDay = 'capRange';
  if (v.capPerPeriod !== null && !isIntIn(v.capPerPeriod, 1, CAP_MAX)) out.capPerPeriod = 'capRange';
  else if (v.capPerPeriod !== null && v.capPerDay !== null && !out.capPerDay && v.capPerPeriod < v.capPerDay)
    out.capPerPeriod = 'periodBelowDay';
  if (!isIntIn(v.capPeriodDays, 1, PERIOD_DAYS_MAX)) out.capPeriodDays = 'periodDays';
  if (!CAP_COUNTS.includes(v.capCount)) out.capCount = 'capCount';
  if (!isIntIn(v.lowBalanceFen, 0, LOW_BALANCE_MAX_FEN)) out.lowBalanceFen = 'lowBalance';
  return out;
}

/** The first level of a rule list that is not a shieldable result, or null when all are. */
export function badShieldLevel(levels: readonly unknown[]): { index: number; value: unknown } | null {
  const index = levels.findIndex((l) => !isShieldLevel(l));
  return index < 0 ? null : { index, value: levels[index] };
}

export type QuotaProblem = 'positiveInt' | 'aboveSeats';

/** A parent's quota for a subordinate: null (= its AI seats) or a whole number 1 … its AI seats. */
export function validateQuota(quota: number | null, aiSeats: number): QuotaProblem | null {
  if (quota === null) return null;
  if (!Number.isInteger(quota) || quota < 1) return 'positiveInt';
  return quota > aiSeats ? 'aboveSeats' : null;
}

/** The account's local calendar date at `now` in `tz`, as 'yyyy-MM-dd' (the day shield's `day`). */
export function localDate(now: Date, tz: string): string {
  return new Date(localDay(now.getTime(), tz) * DAY_MS).toISOString().slice(0, 10);
}

// ---- API types ----

export interface CallBlacklistEntryDto {
  id: number;
  /** Masked: the number is never stored in clear. */
  phone: string;
  /** As typed; for a number added by a call (callUuid set), the customer's own words. */
  reason: string;
  createdBy: string | null;
  createdAt: string;
  /** The call in which the customer asked not to be called again; null when added by hand or import. */
  callUuid: string | null;
}

export interface DayShieldDto {
  id: number;
  phone: string;
  day: string;
  /** The result that shielded it; null when added by hand. */
  resultLevel: number | null;
  callUuid: string | null;
  createdBy: string | null;
  createdAt: string;
}

export interface PagedDto<T> {
  items: T[];
  nextBefore: number | null;
}

/** What an add or an import did: new rows, numbers already listed, lines that are no mobile. */
export interface AddNumbersResult {
  added: number;
  duplicates: number;
  /** At most 100 shown; invalidCount is the whole count. */
  invalid: { row: number; value: string }[];
  invalidCount: number;
}

export interface DialSettingsDto {
  settings: DialSettings;
  /** True while the account has no row of its own (the platform defaults apply). */
  isDefault: boolean;
  aiSeats: number;
}

export interface QuotaRowDto {
  accountId: number;
  account: string;
  aiSeats: number;
  concurrencyQuota: number | null;
}
