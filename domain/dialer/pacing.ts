// How many calls to originate this tick: task robots, line ports, line send rate, account quota.

/** A line's send rate 'n/m' (SPEC §3, §5): at most n originates in any m seconds. */
export interface SendRate {
  n: number;
  m: number;
}

/** 'n/m' with positive integers (same rule as the line form) to a SendRate, or null. */
export function parseSendRate(s: string): SendRate | null {
  const match = /^([1-9]\d{0,5})\/([1-9]\d{0,5})$/.exec(s.trim());
  return match ? { n: Number(match[1]), m: Number(match[2]) } : null;
}

/**
 * Sliding-window state of one line: epoch ms of its most recent originates, ascending, at most n kept
 * (older ones can never decide a future window). Production keeps it in Redis; this is the rule.
 */
export interface RateWindow {
  stamps: readonly number[];
  /** Originates ever granted on the line (mod 2^30): turns the tie-break in allocateSlots. */
  served?: number;
}

export const emptyRateWindow = (): RateWindow => ({ stamps: [], served: 0 });

const validRate = (n: number, m: number): boolean =>
  Number.isSafeInteger(n) && n > 0 && Number.isSafeInteger(m) && m > 0;

/** The effective clock: never before the latest stamp, so a clock stepping back cannot reopen a window. */
const clock = (state: RateWindow, now: number): number => Math.max(now, state.stamps.at(-1) ?? now);

/** How many originates the line may make at `now` without taking them. */
export function availableTokens(state: RateWindow, now: number, n: number, m: number): number {
  if (!validRate(n, m)) return 0;
  const t = clock(state, now);
  const recent = state.stamps.filter((s) => s > t - m * 1000).length;
  return Math.max(0, n - recent);
}

/**
 * Takes up to `want` originates at `now` (epoch ms). Guarantee: the stamps ever granted never hold more
 * than n in any half-open window of m seconds. Invalid n/m or want grant nothing.
 */
export function takeTokens(
  state: RateWindow,
  now: number,
  n: number,
  m: number,
  want: number,
): { granted: number; state: RateWindow } {
  if (!validRate(n, m) || !Number.isSafeInteger(want) || want <= 0) return { granted: 0, state };
  const t = clock(state, now);
  const granted = Math.min(want, availableTokens(state, t, n, m));
  const stamps = [...state.stamps.filter((s) => s > t - m * 1000), ...Array<number>(granted).fill(t)].slice(
    -n,
  );
  return { granted, state: { stamps, served: ((state.served ?? 0) + granted) % 2 ** 30 } };
}

// ---- free slots ----

export interface SlotLimits {
  taskRobots: number;
  taskActive: number;
  linePorts: number;
  lineActive: number;
  lineTokens: number;
  /** The account's concurrency quota (its AI seats, or the limit its parent gave it). */
  accountQuota: number;
  accountActive: number;
}

/** Free slots for one task this tick: the smallest headroom, never negative. */
export function freeSlots(l: SlotLimits): number {
  const v = Math.min(
    l.taskRobots - l.taskActive,
    l.linePorts - l.lineActive,
    l.lineTokens,
    l.accountQuota - l.accountActive,
  );
  return Number.isFinite(v) ? Math.max(0, Math.floor(v)) : 0;
}

// ---- allocation across tasks ----

export interface PacingTask<Id = number> {
  id: Id;
  accountId: Id;
  lineId: Id;
  /** Number of robots (concurrent calls) the task may run. */
  robots: number;
  active: number;
  /** Numbers ready to claim now; absent = unlimited. */
  demand?: number;
}

export interface PacingLine<Id = number> {
  id: Id;
  ports: number;
  /** Active calls on the line, all tasks together. */
  active: number;
  rate: SendRate;
  window: RateWindow;
}

export interface PacingAccount<Id = number> {
  id: Id;
  quota: number;
  /** Active calls of this account and all its subordinates. */
  active: number;
  /** A parent whose quota also caps this account's calls (merchant over its users); absent = root. */
  parentId?: Id | null;
}

export interface Allocation<Id = number> {
  /** One entry per input task, in input order (0 when it gets nothing). */
  grants: { taskId: Id; slots: number }[];
  /** The new rate window of every input line, in input order. */
  windows: { lineId: Id; window: RateWindow }[];
}

const headroom = (limit: number, used: number): number =>
  Number.isFinite(limit) && Number.isFinite(used) ? Math.max(0, Math.floor(limit) - Math.floor(used)) : 0;

/**
 * Distributes this tick's free capacity over running, in-window, funded tasks (the caller filters those).
 * One slot at a time goes to the task with the lowest (active + granted) / robots, so tasks sharing a line
 * fill in proportion to their robots; ties go in input order rotated by the lines' `served` counters
 * (one step per originate), so equal tasks take turns over ticks instead of the first always winning. A task whose line or account is not
 * in the input gets nothing. Never exceeds any task's robots, line's ports or rate, the quota of its
 * account and every ancestor given, or `switchFree` in all. Cost: O(granted slots × tasks).
 */
export function allocateSlots<Id>(
  tasks: readonly PacingTask<Id>[],
  lines: readonly PacingLine<Id>[],
  accounts: readonly PacingAccount<Id>[],
  now: Date,
  /** Calls the switches can still carry (their concurrent-call caps less the open calls); default no cap. */
  switchFree = Infinity,
): Allocation<Id> {
  const t = now.getTime();
  let switchLeft = Math.max(0, Math.floor(switchFree));
  const lineById = new Map(lines.map((l) => [l.id, l]));
  const lineLeft = new Map(
    lines.map((l) => [
      l.id,
      Math.min(headroom(l.ports, l.active), availableTokens(l.window, t, l.rate.n, l.rate.m)),
    ]),
  );
  const accountById = new Map(accounts.map((a) => [a.id, a]));
  const accountLeft = new Map(accounts.map((a) => [a.id, headroom(a.quota, a.active)]));

  /** The account and its ancestors present in the input; null if the task's own account is unknown. */
  const chainOf = (accountId: Id): Id[] | null => {
    if (!accountById.has(accountId)) return null;
    const chain: Id[] = [];
    for (
      let id: Id | null | undefined = accountId;
      id != null && accountById.has(id) && !chain.includes(id);
    ) {
      chain.push(id);
      id = accountById.get(id)!.parentId;
    }
    return chain;
  };

  const state = tasks.map((task, index) => ({
    task,
    index,
    chain: lineById.has(task.lineId) ? chainOf(task.accountId) : null,
    left: Math.min(
      headroom(task.robots, task.active),
      task.demand === undefined ? Infinity : headroom(task.demand, 0),
    ),
    load: Math.max(0, Math.floor(task.active)),
    granted: 0,
  }));

  // Tie order: input order rotated by the number of originates so far (deterministic, moves every grant).
  const served = lines.reduce((sum, l) => sum + (l.window.served ?? 0), 0);
  const rotation = state.length === 0 ? 0 : served % state.length;
  const tieRank = (i: number): number => (i - rotation + state.length) % state.length;

  while (switchLeft > 0) {
    let best: (typeof state)[number] | null = null;
    for (const s of state) {
      if (s.left <= 0 || !s.chain || (lineLeft.get(s.task.lineId) ?? 0) <= 0) continue;
      if (s.chain.some((a) => (accountLeft.get(a) ?? 0) <= 0)) continue;
      if (!best) {
        best = s;
        continue;
      }
      // Compare load/robots without division: a/x < b/y  <=>  a*y < b*x.
      const lhs = s.load * Math.floor(best.task.robots);
      const rhs = best.load * Math.floor(s.task.robots);
      if (lhs < rhs || (lhs === rhs && tieRank(s.index) < tieRank(best.index))) best = s;
    }
    if (!best) break;
    best.left--;
    best.load++;
    best.granted++;
    switchLeft--;
    lineLeft.set(best.task.lineId, lineLeft.get(best.task.lineId)! - 1);
    for (const a of best.chain!) accountLeft.set(a, accountLeft.get(a)! - 1);
  }

  const perLine = new Map<Id, number>();
  for (const s of state) perLine.set(s.task.lineId, (perLine.get(s.task.lineId) ?? 0) + s.granted);
  return {
    grants: state.map((s) => ({ taskId: s.task.id, slots: s.granted })),
    windows: lines.map((l) => ({
      lineId: l.id,
      window: takeTokens(l.window, t, l.rate.n, l.rate.m, perLine.get(l.id) ?? 0).state,
    })),
  };
}
