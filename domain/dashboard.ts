// The dashboard's call figures (SPEC §2 Dashboard): today, all time and the last 7 local days over a
// caller's subtree, and how live call:state events are merged into a snapshot without counting a call
// twice. Pure: the server builds the snapshot, the client merges the events.
//
// Which calls count: ended calls that are not test calls (test calls are shown apart, today only), by
// the local day (account time zone) in which they ended. "Dialed" leaves out blacklist refusals (71),
// "connected" is a conversation (grades A–F, 21–26), the same reading as the task run overview.
//
// Spend (消费金额) is not a call figure: it is what the viewed account itself paid, read from its
// ledger (kind 'call': robot calls and softphone calls of its subtree, each level charged at its own
// rate), by the local day the charge was made. So it equals the fall of the balance that calls
// caused. A merchant's spend is its own payment to the platform for its subtree's calls, not what its
// users paid it. An account without a rate pays nothing: `billing` says so, so that billed minutes
// next to a spend of 0 are explained instead of silent.
import type { DashboardSummary } from './api';
import { GRADE_LETTER, GRADE_LETTERS, type GradeLetter, isGrade, BLACKLIST_LEVEL } from './dialer/levels';
import type { CallStateEvent } from './events';
import { DAY_MS, localDay } from './localTime';

export const DEFAULT_DASHBOARD_TZ = 'Asia/Shanghai';
export const WEEK_DAYS = 7;

/**
 * Late-joiner rule. A snapshot is taken at `asOf` and lists the uuids of the calls it counted that
 * ended in the last RECENT_WINDOW_MS (`recentEnded`). An event is dropped when its call is in that
 * list, or when it is older than asOf − LIVE_GRACE_MS (such a call ended long before the snapshot,
 * so the snapshot has it). The window is twice the grace so that a call whose event was stamped a
 * little after its record was closed (emit delay, clock skew under a minute) is still recognised.
 */
export const LIVE_GRACE_MS = 60_000;
export const RECENT_WINDOW_MS = 2 * LIVE_GRACE_MS;
/** At most this many recent uuids travel with a snapshot (≈ 40 calls ending per second). */
export const RECENT_MAX = 5000;
/** A page joins at most this many sub-account rooms for live events; beyond that it says so. */
export const LIVE_ROOMS_MAX = 200;

export interface CallFigures {
  /** Ended calls that were dialed (blacklist refusals excluded). */
  dialed: number;
  /** Conversations (grades A–F). */
  connected: number;
  grades: Record<GradeLetter, number>;
  /** Talk time of the connected calls (for the average). */
  talkMs: number;
  /** Billed talk time of every call (0 for voicemail / call assistant). */
  billableMs: number;
  /**
   * The viewed account's call charges (integer fen) from its ledger, by the day of the charge. Made
   * at settlement, so live events do not move it; the next snapshot does.
   */
  chargedFen: number;
}

export interface DayFigures extends CallFigures {
  /** Local day, yyyy-MM-dd. */
  day: string;
}

/** The viewed account's call rate in force (billing_rates) and whether a level above it bills. */
export interface DashboardBilling {
  /** Null: the account has no rate of its own, so its calls cost it nothing. */
  rate: { ratePerMinFen: number; accuracyS: 6 | 60 } | null;
  /** An account above it (below the platform) has a rate: its subtree's calls are billed there. */
  ratedAbove: boolean;
  /** The super administrator: the platform pays nobody, so it has no spend. */
  platform: boolean;
}

export type BillingHint = 'platform' | 'rated' | 'aboveOnly' | 'none';

/**
 * What the dashboard says about billing: 'rated' (the spend is the account's own charges), 'aboveOnly'
 * (no own rate: its calls are charged to the account above only), 'none' (no rate at any level: calls
 * are not billed, and tasks are refused at start), 'platform'.
 */
export function billingHint(b: DashboardBilling): BillingHint {
  if (b.platform) return 'platform';
  if (b.rate) return 'rated';
  return b.ratedAbove ? 'aboveOnly' : 'none';
}

export interface DashboardSnapshot extends DashboardSummary {
  /** The account the figures are for (the caller, or a sub-account it picked). */
  accountId: number;
  timeZone: string;
  /** When the snapshot was taken (ISO); balance and spend are as of this instant. */
  asOf: string;
  billing: DashboardBilling;
  /** Uuids of counted calls that ended within RECENT_WINDOW_MS before asOf. */
  recentEnded: string[];
  today: DayFigures;
  /** Test calls that ended today (not in any figure). */
  todayTestCalls: number;
  total: CallFigures;
  /** WEEK_DAYS entries, oldest first; the last one is today. */
  week: DayFigures[];
}

/** Sub-account rooms a dashboard joins to receive its subtree's call events. */
export interface DashboardRooms {
  accountIds: number[];
  /** False when the subtree has more than LIVE_ROOMS_MAX sub-accounts (only the first are watched). */
  complete: boolean;
}

export const emptyFigures = (): CallFigures => ({
  dialed: 0,
  connected: 0,
  grades: { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0 },
  talkMs: 0,
  billableMs: 0,
  chargedFen: 0,
});

export function addFigures(a: CallFigures, b: CallFigures): CallFigures {
  const grades = { ...a.grades };
  for (const l of GRADE_LETTERS) grades[l] += b.grades[l];
  return {
    dialed: a.dialed + b.dialed,
    connected: a.connected + b.connected,
    grades,
    talkMs: a.talkMs + b.talkMs,
    billableMs: a.billableMs + b.billableMs,
    chargedFen: a.chargedFen + b.chargedFen,
  };
}

/** connected / dialed, or null before the first call. */
export const connectRate = (f: CallFigures): number | null => (f.dialed > 0 ? f.connected / f.dialed : null);
/** Average talk time of a conversation, ms; null without conversations. */
export const avgTalkMs = (f: CallFigures): number | null =>
  f.connected > 0 ? Math.round(f.talkMs / f.connected) : null;
/** Billed minutes with one decimal. */
export const billedMinutes = (ms: number): number => Math.round(ms / 6000) / 10;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A local day number as yyyy-MM-dd. */
export function dayKey(day: number): string {
  const d = new Date(day * DAY_MS);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The local day (yyyy-MM-dd) of instant `t` in `timeZone`. */
export const localDayKey = (t: number, timeZone: string): string => dayKey(localDay(t, timeZone));

/** The first instant of local day `day` (midnight, or the first instant after a DST gap at midnight). */
export function dayStart(day: number, timeZone: string): number {
  const wall = day * DAY_MS;
  // Offsets are within ±18 h: the first instant of the day lies between these two.
  let lo = wall - 19 * 3_600_000; // still the day before
  let hi = wall + 19 * 3_600_000; // already the day (or later)
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDay(mid, timeZone) < day) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The last WEEK_DAYS local days ending with the day of `now`, oldest first, and when the first begins. */
export function weekOf(now: number, timeZone: string): { days: string[]; start: number } {
  const today = localDay(now, timeZone);
  const days = Array.from({ length: WEEK_DAYS }, (_, i) => dayKey(today - WEEK_DAYS + 1 + i));
  return { days, start: dayStart(today - WEEK_DAYS + 1, timeZone) };
}

/** One ended call's contribution (level/grade as in the record, talk/billable ms if known). */
export function callFigures(resultLevel: number | null, talkMs = 0, billableMs = 0): CallFigures {
  const f = emptyFigures();
  if (resultLevel === BLACKLIST_LEVEL) return f;
  f.dialed = 1;
  f.billableMs = Math.max(0, Math.round(billableMs));
  if (resultLevel !== null && isGrade(resultLevel)) {
    f.connected = 1;
    f.grades[GRADE_LETTER[resultLevel]!] = 1;
    f.talkMs = Math.max(0, Math.round(talkMs));
  }
  return f;
}

export interface MergedDashboard extends DashboardSnapshot {
  /** Events applied on top of the snapshot. */
  liveApplied: number;
  /** When the newest applied event happened (ISO), or null before the first. */
  liveAt: string | null;
  /** An event ended on a later local day than the snapshot's today: load a fresh snapshot. */
  needsReload: boolean;
}

/** Uuids remembered for de-duplication after merging (the snapshot's recent ones and the applied). */
export const SEEN_MAX = 2 * RECENT_MAX;

/**
 * The snapshot with the live events applied: only ended calls, each call once, none the snapshot
 * already counted (see LIVE_GRACE_MS). Test calls only raise todayTestCalls. Events of a later day
 * than the snapshot's today are not applied but ask for a reload. The result can be merged again
 * with later events (incremental merging gives the same figures as merging all at once): the applied
 * uuids join `recentEnded`, so a repeated event is still recognised.
 */
export function mergeLive(
  s: DashboardSnapshot & Partial<Pick<MergedDashboard, 'liveApplied' | 'needsReload' | 'liveAt'>>,
  events: readonly CallStateEvent[],
): MergedDashboard {
  const asOf = Date.parse(s.asOf);
  const seen = new Set(s.recentEnded);
  const applied: string[] = [];
  const week = s.week.map((d) => ({ ...d, grades: { ...d.grades } }));
  let today: DayFigures = { ...s.today, grades: { ...s.today.grades } };
  let total = s.total;
  let todayTestCalls = s.todayTestCalls;
  let liveApplied = s.liveApplied ?? 0;
  let needsReload = s.needsReload ?? false;
  let liveAt = s.liveAt ?? null;
  for (const e of events) {
    if (e.status !== 'ended') continue;
    const at = Date.parse(e.at);
    if (!Number.isFinite(at) || at < asOf - LIVE_GRACE_MS) continue;
    if (seen.has(e.callUuid)) continue;
    seen.add(e.callUuid);
    applied.push(e.callUuid);
    const day = localDayKey(at, s.timeZone);
    if (day > today.day) {
      needsReload = true;
      continue;
    }
    liveApplied++;
    if (liveAt === null || at > Date.parse(liveAt)) liveAt = new Date(at).toISOString();
    if (e.test) {
      if (day === today.day) todayTestCalls++;
      continue;
    }
    const f = callFigures(e.resultLevel, e.talkMs ?? 0, e.billableMs ?? 0);
    total = addFigures(total, f);
    if (day === today.day) today = { ...addFigures(today, f), day };
    const i = week.findIndex((d) => d.day === day);
    if (i >= 0) week[i] = { ...addFigures(week[i]!, f), day };
  }
  const recentEnded = applied.length ? [...s.recentEnded, ...applied].slice(-SEEN_MAX) : s.recentEnded;
  return { ...s, recentEnded, today, total, week, todayTestCalls, liveApplied, liveAt, needsReload };
}

/**
 * The time of the newest data shown (数据截至): the snapshot's, or the newest live event applied on
 * top of it when that is later. A new snapshot starts again from its own time.
 */
export function dataAsOf(
  v: Pick<MergedDashboard, 'asOf'> & Partial<Pick<MergedDashboard, 'liveAt'>>,
): string {
  const snap = Date.parse(v.asOf);
  const live = v.liveAt ? Date.parse(v.liveAt) : NaN;
  return Number.isFinite(live) && live > snap ? new Date(live).toISOString() : v.asOf;
}

/** Events worth keeping after a new snapshot: the ones it may not contain yet. */
export const keepAfterSnapshot = (
  s: DashboardSnapshot,
  events: readonly CallStateEvent[],
): CallStateEvent[] => {
  const cut = Date.parse(s.asOf) - LIVE_GRACE_MS;
  return events.filter((e) => Date.parse(e.at) >= cut);
};
