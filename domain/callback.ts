// What a customer asks for during a call, beyond the conversation: "call me back then" (the engine's
// remind action) and "never call again" (optOut). The media worker keeps both on the call's record
// (calls.callback, calls.opt_out_sentence); the server's settlement of the ended call applies them
// once: a work reminder for the customer's owner, the number on the account's call blacklist. Pure:
// the callback time is resolved with the call's own clock and the account's time zone.
import type { CallbackTime } from './bot/session';
import { DAY_MS, instantsAtWall, isTimeZone, localDay, MINUTE_MS, offsetMs, weekdayOfDay } from './localTime';

export const DEFAULT_CALLBACK_ZONE = 'Asia/Shanghai';
/** A callback on a later day with no hour named: 10:00 local. */
export const DEFAULT_CALLBACK_HOUR = 10;
/** A callback later today with no hour named, or one that resolves to the past: this long after the call. */
export const CALLBACK_FALLBACK_MS = 2 * 60 * MINUTE_MS;
/** The longest customer sentence kept (call_blacklist.reason is varchar(200)). */
export const REQUEST_SENTENCE_MAX = 200;

const HOUR_MS = 60 * MINUTE_MS;
/** Relative callbacks further off than this (a year) are not taken as said. */
const MAX_AFTER_MINUTES = 366 * 24 * 60;

const isInt = (n: unknown, lo: number, hi: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= lo && n <= hi;

/** The instant a local wall time (local ms) reads in the zone; in a DST gap, the same span after it. */
function instantOf(wall: number, timeZone: string): number {
  const at = instantsAtWall(wall, timeZone);
  return at[0] ?? wall - offsetMs(wall - DAY_MS, timeZone);
}

/**
 * When to call the customer back, from what they named (CallbackTime, see domain/bot/session.ts):
 * - `afterMinutes` set: the call time plus that many minutes;
 * - else the day `dayOffset` days after the call's local day, or the next `weekday` (1 Monday … 7
 *   Sunday; today's weekday means next week's), or today when neither is named, at hour:minute local
 *   time; no hour: 10:00 on a later day, the call time + 2 h today;
 * - nothing named (null): the next day at 10:00 local;
 * - a time not after the call (say 下午三点 said at four): the call time + 2 h.
 * An unknown zone is read as Asia/Shanghai, so a bad setting never loses a reminder.
 */
export function resolveCallback(
  when: CallbackTime | null,
  callTime: Date,
  timeZone = DEFAULT_CALLBACK_ZONE,
): Date {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_CALLBACK_ZONE;
  const t = callTime.getTime();
  const fallback = new Date(t + CALLBACK_FALLBACK_MS);
  const at = (ms: number) => (ms > t ? new Date(ms) : fallback);
  const today = localDay(t, zone);
  if (!when) return at(instantOf((today + 1) * DAY_MS + DEFAULT_CALLBACK_HOUR * HOUR_MS, zone));
  const after = when.afterMinutes;
  if (typeof after === 'number' && Math.abs(after) <= MAX_AFTER_MINUTES)
    return at(t + Math.round(after * MINUTE_MS));
  let day = today;
  if (isInt(when.dayOffset, -366, 366)) day = today + when.dayOffset;
  else if (isInt(when.weekday, 1, 7)) day = today + ((when.weekday - weekdayOfDay(today) + 7) % 7 || 7);
  if (!isInt(when.hour, 0, 23)) {
    if (day === today) return fallback;
    return at(instantOf(day * DAY_MS + DEFAULT_CALLBACK_HOUR * HOUR_MS, zone));
  }
  const minute = isInt(when.minute, 0, 59) ? when.minute : 0;
  return at(instantOf(day * DAY_MS + when.hour * HOUR_MS + minute * MINUTE_MS, zone));
}

/**
 * A callback request as the media worker keeps it on the call's record (calls.callback, jsonb) for
 * the settlement: what was named, the sentence, when it was said, and the number sealed with the
 * platform key (a call with no customer record gets one, and calls keep no clear number).
 */
export interface CallbackNote {
  when: CallbackTime | null;
  sentence: string;
  /** ISO time the customer said it (the resolver's call time). */
  at: string;
  /** encryptSecret(secretKey, digits). */
  phoneCipher: string;
}

/** A customer sentence as stored: control characters as spaces, trimmed, at most 200 characters. */
export function requestSentence(s: string): string {
  const chars = [...String(s)].map((c) => (c.charCodeAt(0) < 0x20 || c === '\u007f' ? ' ' : c));
  return [...chars.join('').trim()].slice(0, REQUEST_SENTENCE_MAX).join('');
}
