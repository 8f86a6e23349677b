// When a task may start and when it will dial (SPEC §2 AI tasks, §4 task statuses): the pure rules
// behind the start refusals (no numbers, no billing rate at any level) and the "dialling begins at …"
// warning of the task dialog and the task list. The dial scheduler (server/src/dialer/tick.ts) opens
// a task when the account's local date has reached its start date and inWindow() is true; dialStart
// answers the same question for the future.
import {
  parsePeriods,
  nextWindowStart,
  type CallWindow,
  type Period,
  type Weekday,
} from './dialer/callWindow';
import { billingChain } from './dialer/settlement';
import { instantsAtWall, localMs } from './localTime';

/** The dial scheduler's zone when the account has none of its own (dial_settings.time_zone). */
export const DEFAULT_DIAL_TZ = 'Asia/Shanghai';
/** The same in SQL, of a dial_settings row aliased `settings` (an empty zone is no zone). */
export const dialZoneSql = (settings: string) =>
  `coalesce(nullif(${settings}.time_zone, ''), '${DEFAULT_DIAL_TZ}')`;

export interface TaskSchedule {
  /** yyyy-MM-dd, the first local day the task may dial. */
  startDate: string;
  callPeriods: readonly string[];
  noCallPeriods: readonly string[];
  weekdays: readonly number[];
}

export type DialStart =
  /** Inside the window now. */
  | { kind: 'now' }
  /** Outside now; the first instant it will dial, and that instant on the account's wall clock. */
  | { kind: 'later'; at: Date; local: string; why: 'startDate' | 'hours' }
  /** Never inside (e.g. no-call periods cover every call period), or the form cannot be read. */
  | { kind: 'never' };

const periodsOf = (items: readonly string[]): Period[] | null => {
  const r = parsePeriods(items.filter((s) => s.trim() !== ''));
  return r.ok ? r.periods : null;
};

/** 'yyyy-MM-dd HH:mm' of instant `t` on the zone's wall clock. */
export function wallText(t: Date, tz: string): string {
  return new Date(localMs(t.getTime(), tz)).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * When the task will first dial, counted from `now` in the account's zone `tz`: its start date, its
 * call periods (else the account's hours `accountPeriods`, 'HH:mm-HH:mm'), no-call periods and weekdays, exactly as
 * the scheduler reads them.
 */
export function dialStart(
  now: Date,
  task: TaskSchedule,
  tz: string,
  accountPeriods: readonly string[] = [],
): DialStart {
  const periods = periodsOf(task.callPeriods);
  const noCall = periodsOf(task.noCallPeriods);
  const hours = periodsOf(accountPeriods);
  if (!periods || !noCall || !/^\d{4}-\d{2}-\d{2}$/.test(task.startDate)) return { kind: 'never' };
  const window: CallWindow = {
    periods,
    noCall,
    weekdays: task.weekdays.filter((d) => d >= 1 && d <= 7) as Weekday[],
    accountPeriods: hours?.length ? hours : null,
  };
  // The first instant of the start date on the account's wall clock (a DST gap at midnight: an hour on).
  const startWall = Date.parse(`${task.startDate}T00:00:00Z`);
  const firstDay =
    instantsAtWall(startWall, tz)[0] ?? instantsAtWall(startWall + 3_600_000, tz)[0] ?? startWall;
  const fromStartDate = firstDay > now.getTime();
  const from = fromStartDate ? new Date(firstDay) : now;
  const at = nextWindowStart(from, window, tz);
  if (!at) return { kind: 'never' };
  if (!fromStartDate && at.getTime() === now.getTime()) return { kind: 'now' };
  return { kind: 'later', at, local: wallText(at, tz), why: fromStartDate ? 'startDate' : 'hours' };
}

/**
 * Whether a task of `account` would be billed (SPEC §2 finance, settlement.ts levelCharges): some
 * account of its billing chain (itself, then its ancestors, the super administrator left out) has a
 * rate. 'exempt' when the chain is empty: the super administrator's own tasks, since the platform
 * does not bill itself.
 */
export function billingStatus(
  account: { id: number; path: string },
  platformIds: readonly number[],
  ratedIds: ReadonlySet<number>,
): 'billed' | 'noRate' | 'exempt' {
  const chain = billingChain(account.id, account.path, platformIds);
  if (chain.length === 0) return 'exempt';
  return chain.some((id) => ratedIds.has(id)) ? 'billed' : 'noRate';
}
