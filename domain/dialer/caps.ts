// Per-number caps (per local day, per 30 days), the day shield and the blacklist, checked when claiming.
import { isGrade } from './levels';
import { localDay } from '../localTime';

export interface NumberCaps {
  /** Calls per local calendar day; null = no cap. Default 1. */
  perDay: number | null;
  /** Calls per `periodDays` local calendar days (today and the days before); null = no cap. Default 3. */
  perPeriod: number | null;
  /** Default 30. */
  periodDays: number;
  /**
   * Which attempts count. 'connected' (default): only conversations (grades 21–26), so a redial of a busy
   * or unanswered number is not eaten by the 1-per-day cap. 'all': every attempt, whatever its result.
   */
  count: 'connected' | 'all';
}

export const DEFAULT_CAPS: NumberCaps = { perDay: 1, perPeriod: 3, periodDays: 30, count: 'connected' };

export type CapReason = 'blacklist' | 'dayShield' | 'dailyCap' | 'monthlyCap';

/**
 * May the number be dialed at `now`? `history` is the number's attempts across the account's tasks.
 * "Day" is the account's local calendar day in `tz`; an attempt stamped later than now (clock skew)
 * counts as today. The day shield: an attempt today whose result is in `shieldLevels` shields the
 * number until local midnight. Checked in order: blacklist, day shield, daily cap, 30-day cap.
 */
export function capCheck(
  history: readonly { at: Date; result: number }[],
  now: Date,
  caps: NumberCaps,
  shieldLevels: readonly number[],
  tz: string,
  blacklisted = false,
): { ok: true } | { ok: false; reason: CapReason } {
  if (blacklisted) return { ok: false, reason: 'blacklist' };
  const today = localDay(now.getTime(), tz);
  let shielded = false;
  let todayCount = 0;
  let periodCount = 0;
  for (const a of history) {
    const age = today - localDay(a.at.getTime(), tz); // whole local days ago
    if (age <= 0 && shieldLevels.includes(a.result)) shielded = true;
    if (caps.count === 'connected' && !isGrade(a.result)) continue;
    if (age <= 0) todayCount++;
    if (age < caps.periodDays) periodCount++;
  }
  if (shielded) return { ok: false, reason: 'dayShield' };
  if (caps.perDay !== null && todayCount >= caps.perDay) return { ok: false, reason: 'dailyCap' };
  if (caps.perPeriod !== null && periodCount >= caps.perPeriod) return { ok: false, reason: 'monthlyCap' };
  return { ok: true };
}
