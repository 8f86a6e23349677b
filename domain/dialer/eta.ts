// When a running task will likely finish, and the shape of its live run overview.
import { type CallWindow, nextWindowStart, windowState } from './callWindow';
import {
  GRADE_LETTERS,
  GRADE_LEVELS,
  type GradeLetter,
  NOT_CONNECTED_LEVELS,
  BLACKLIST_LEVEL,
  isGrade,
} from './levels';

export interface EtaInput {
  /** Numbers not dialed yet. */
  remaining: number;
  /** Redials already scheduled. */
  pendingRedials: number;
  /** Recent originates per minute while inside the window (e.g. over the last 5 minutes). */
  dialRatePerMinute: number;
  /** Share of attempts that connect, 0–1; with `redialCount` it estimates the redials still to come. */
  connectRatio?: number;
  /** Redials per number (0 when redial is off). */
  redialCount?: number;
  window: CallWindow;
  tz: string;
  now: Date;
}

/** Expected attempts for one fresh number: 1 + f + f² + … + f^R with f the failure ratio, R redials. */
export function attemptsPerNumber(connectRatio: number, redialCount: number): number {
  const f = Math.min(1, Math.max(0, 1 - connectRatio));
  let sum = 1;
  for (let k = 1, p = f; k <= redialCount; k++, p *= f) sum += p;
  return sum;
}

/** Longest we walk forward through windows before giving up (a year of daily windows). */
const MAX_WINDOWS = 400;

/**
 * Estimated finish: the attempts left divided by the dial rate, spent only while the call window is
 * open. `now` when nothing is left; null when the rate is unknown (≤ 0) or the window never opens.
 * Ignores redial intervals (they overlap with fresh numbers while any remain).
 */
export function eta(input: EtaInput): Date | null {
  const { remaining, pendingRedials, dialRatePerMinute, connectRatio = 1, redialCount = 0 } = input;
  const attempts =
    Math.max(0, remaining) * attemptsPerNumber(connectRatio, redialCount) + Math.max(0, pendingRedials);
  if (attempts <= 0) return input.now;
  if (!(dialRatePerMinute > 0) || !Number.isFinite(dialRatePerMinute)) return null;
  let needMs = (attempts / dialRatePerMinute) * 60_000;
  let t = input.now;
  for (let i = 0; i < MAX_WINDOWS; i++) {
    const open = nextWindowStart(t, input.window, input.tz);
    if (!open) return null;
    const { until } = windowState(open, input.window, input.tz);
    if (!until) return new Date(open.getTime() + Math.ceil(needMs));
    const available = until.getTime() - open.getTime();
    if (needMs <= available) return new Date(open.getTime() + Math.ceil(needMs));
    needMs -= available;
    t = until;
  }
  return null;
}

// ---- live run overview ----

export interface OverviewCounts {
  /** Finished attempts by result level (grades 21–26, not-connected levels, 71 blacklist). */
  byResult: Readonly<Record<number, number>>;
  /** Calls in progress now. */
  inProgress: number;
  /** Numbers not dialed yet. */
  remaining: number;
}

export interface RunOverview {
  /** Finished attempts that were dialed (everything but blacklist refusals). */
  dialed: number;
  /** Conversations: grades A–F. */
  connected: number;
  grades: Record<GradeLetter, number>;
  /** Not-connected results by level (62–70, 79, 90), every level present. */
  notConnected: Record<number, number>;
  notConnectedTotal: number;
  /** Numbers the platform refused to dial (71). */
  blacklisted: number;
  inProgress: number;
  remaining: number;
  /** connected / dialed, or null before the first finished call. */
  connectRatio: number | null;
}

const count = (v: number | undefined): number =>
  v !== undefined && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0;

/** Shapes raw counts for the live overview. Unknown result codes count as dialed, not connected. */
export function overview(c: OverviewCounts): RunOverview {
  const grades = Object.fromEntries(
    GRADE_LETTERS.map((l, i) => [l, count(c.byResult[GRADE_LEVELS[i]!])]),
  ) as Record<GradeLetter, number>;
  const notConnected = Object.fromEntries(NOT_CONNECTED_LEVELS.map((l) => [l, count(c.byResult[l])]));
  let dialed = 0;
  let connected = 0;
  for (const [key, v] of Object.entries(c.byResult)) {
    const level = Number(key);
    if (level === BLACKLIST_LEVEL) continue;
    dialed += count(v);
    if (isGrade(level)) connected += count(v);
  }
  return {
    dialed,
    connected,
    grades,
    notConnected,
    notConnectedTotal: Object.values(notConnected).reduce((a, b) => a + b, 0),
    blacklisted: count(c.byResult[BLACKLIST_LEVEL]),
    inProgress: count(c.inProgress),
    remaining: count(c.remaining),
    connectRatio: dialed > 0 ? connected / dialed : null,
  };
}
