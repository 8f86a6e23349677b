// An account's own daily limits (SPEC §3 User: daily connect count and daily talk minutes; 0 = none):
// once today's usage (the account's local day, from the settled calls' rollup) reaches one, its tasks
// claim nothing more until the next day. Calls already in progress finish, so a limit may be passed
// by the calls that were ringing when it was reached.
export interface DailyLimits {
  /** Connected calls a day; 0 = no limit. */
  connects: number;
  /** Talk minutes a day; 0 = no limit. */
  minutes: number;
}

export interface DailyUsage {
  connects: number;
  talkMs: number;
}

export type DailyLimitReason = 'dailyConnects' | 'dailyMinutes';

export const hasDailyLimits = (l: DailyLimits): boolean => l.connects > 0 || l.minutes > 0;

/** Which limit today's usage has reached, or null when the account may dial. */
export function dailyLimitReached(l: DailyLimits, u: DailyUsage): DailyLimitReason | null {
  if (l.connects > 0 && u.connects >= l.connects) return 'dailyConnects';
  if (l.minutes > 0 && u.talkMs >= l.minutes * 60_000) return 'dailyMinutes';
  return null;
}
