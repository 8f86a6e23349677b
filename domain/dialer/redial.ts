// Redial rules for one number, and the consecutive-failure count that suspends a task.
import { isGrade, isNotConnected } from './levels';

export interface RedialSettings {
  enabled: boolean;
  /** Redials after the first attempt, 1–5 (SPEC §9). */
  count: number;
  /** Minutes between the end of an attempt and the redial, a non-negative integer. */
  intervalMinutes: number;
  /** Result levels that earn a redial, e.g. [67 busy, 68 no answer]; only not-connected levels count. */
  levels: readonly number[];
}

export interface Attempt {
  at: Date;
  result: number;
}

export type RedialSettingsError = 'count' | 'interval' | 'levels';

/** Form/API check of redial settings; [] when valid. Settings that are off are not checked. */
export function validateRedial(s: RedialSettings): RedialSettingsError[] {
  if (!s.enabled) return [];
  const errors: RedialSettingsError[] = [];
  if (!Number.isInteger(s.count) || s.count < 1 || s.count > 5) errors.push('count');
  if (!Number.isSafeInteger(s.intervalMinutes) || s.intervalMinutes < 0) errors.push('interval');
  if (s.levels.length === 0 || !s.levels.every(isNotConnected)) errors.push('levels');
  return errors;
}

export type NoRedialReason = 'disabled' | 'invalidSettings' | 'notRedialLevel' | 'exhausted';

/**
 * Whether the number gets another attempt after the one that just ended with `lastResult` at `now`.
 * `attempts` is the number's history in this task INCLUDING the attempt that just ended, so
 * attempts.length - 1 redials have been used. A connected call (grade 21–26) and a blacklisted number
 * (71) are never redialled, whatever the settings. `at` is only the earliest time: the scheduler
 * still claims it inside the call window and through the per-number caps.
 */
export function nextAttempt(
  settings: RedialSettings,
  attempts: readonly Attempt[],
  lastResult: number,
  now: Date,
): { redial: true; at: Date } | { redial: false; reason: NoRedialReason } {
  if (!settings.enabled) return { redial: false, reason: 'disabled' };
  if (validateRedial(settings).length > 0) return { redial: false, reason: 'invalidSettings' };
  if (!isNotConnected(lastResult) || !settings.levels.includes(lastResult))
    return { redial: false, reason: 'notRedialLevel' };
  const redialsUsed = Math.max(0, attempts.length - 1);
  if (redialsUsed >= settings.count) return { redial: false, reason: 'exhausted' };
  return { redial: true, at: new Date(now.getTime() + settings.intervalMinutes * 60_000) };
}

/**
 * The consecutive-failure streak after one more result on a task (or line): a not-connected result
 * (62–70, 79, 90) adds one, a conversation (grade 21–26) resets it, anything else (blacklist 71,
 * which was never dialed, or an unknown code) leaves it as it is.
 */
export function failureStreak(streak: number, result: number): number {
  if (isNotConnected(result)) return streak + 1;
  if (isGrade(result)) return 0;
  return streak;
}

/** Whether the streak reaches the task's consecutive-failure hang-up count; a limit ≤ 0 (or unset) is off. */
export function shouldSuspend(streak: number, limit: number | null | undefined): boolean {
  return typeof limit === 'number' && Number.isFinite(limit) && limit > 0 && streak >= limit;
}
