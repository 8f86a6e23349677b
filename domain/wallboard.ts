// The supervisor wallboard (menu rootsidebarmain/robotui, issue 7): live calls, seat states, task
// progress and today's KPIs of a subtree, and how the socket's events are merged into a snapshot.
// Pure: the server builds the snapshot (modules/wallboard), the browser merges the events.
//
// Late joiner: the page listens first, joins the rooms, then loads the snapshot; events that arrive
// meanwhile are kept and merged into it (keepWallEvents + mergeWall). Ended calls count once (the
// dashboard's rule, domain/dashboard.ts LIVE_GRACE_MS / recentEnded); a call's status only moves
// forward (dialing < ringing < answered < ended); seat and task states only replace older ones.
import type { CallStatus } from './calls';
import { LIVE_GRACE_MS, callFigures, localDayKey } from './dashboard';
import { GRADE_LETTERS, type GradeLetter } from './dialer/levels';
import type { CallStateEvent, CallTransferEvent, SeatStateEvent, TaskProgressEvent } from './events';
import type { SeatStateDto } from './seats';
import type { TransferOutcome } from './transfer';

/** Calls per minute are kept for this many minutes (the chart shows the last hour). */
export const MINUTES_SHOWN = 60;
/** At most this many live calls are listed (the rest are counted). */
export const LIVE_CALLS_MAX = 2000;
/** Open calls older than this are a crashed worker's leftovers, not live. */
export const LIVE_CALL_MAX_AGE_MS = 3 * 3_600_000;
/** Uuids remembered against double counting. */
export const WALL_SEEN_MAX = 10_000;

export interface WallboardKpis {
  /** Ended calls that were dialed today (blacklist refusals and test calls excluded). */
  dialed: number;
  connected: number;
  grades: Record<GradeLetter, number>;
  /** Talk time of the connected calls (for the average). */
  talkMs: number;
  /** Ended calls that reached a transfer node. */
  transfers: number;
  /** ... that a seat took. */
  transferAccepted: number;
  /** ... that never reached a seat (no seat, timeout, the customer hung up while waiting, bad group). */
  transferAbandoned: number;
}

/** Transfer state of a live call: the outcome once known. */
export type LiveTransfer = TransferOutcome | null;

export interface LiveCall {
  callUuid: string;
  accountId: number;
  taskId: number | null;
  lineId: number | null;
  status: CallStatus;
  /** First seen (created_at, or the first event's time). */
  startedAt: string;
  /** Last change. */
  at: string;
  phoneMasked: string | null;
  test: boolean;
  transfer: LiveTransfer;
}

export interface WallSeat {
  id: number;
  name: string;
  accountId: number;
  userId: number;
  groupId: number;
  groupName: string;
  state: SeatStateDto;
}

export interface WallTask {
  id: number;
  name: string | null;
  accountId: number;
  progress: TaskProgressEvent | null;
}

export interface WallboardSnapshot {
  /** The account looked at (the caller, or a merchant the super administrator picked). */
  accountId: number;
  timeZone: string;
  asOf: string;
  /** Today, local yyyy-MM-dd. */
  day: string;
  /** Uuids of counted calls that ended shortly before asOf (domain/dashboard.ts RECENT_WINDOW_MS). */
  recentEnded: string[];
  /** The account and its sub-accounts whose account:<id> rooms carry the events (capped). */
  accountIds: number[];
  /** False when the subtree had more accounts than the cap. */
  complete: boolean;
  kpis: WallboardKpis;
  /** Ended calls per minute: minute number (epoch ms / 60000) -> count, the last MINUTES_SHOWN. */
  perMinute: Record<string, number>;
  liveCalls: LiveCall[];
  /** Open calls beyond LIVE_CALLS_MAX. */
  liveCallsMore: number;
  seats: WallSeat[];
  tasks: WallTask[];
  lineNames: Record<string, string>;
}

export type WallEvent =
  | { kind: 'call'; e: CallStateEvent }
  | { kind: 'transfer'; e: CallTransferEvent }
  | { kind: 'seat'; e: SeatStateEvent }
  | { kind: 'task'; e: TaskProgressEvent };

export interface WallboardView extends WallboardSnapshot {
  /** Events applied on top of the snapshot. */
  liveApplied: number;
  /** An ended call belongs to a later day: load a fresh snapshot. */
  needsReload: boolean;
}

export const emptyKpis = (): WallboardKpis => ({
  dialed: 0,
  connected: 0,
  grades: { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0 },
  talkMs: 0,
  transfers: 0,
  transferAccepted: 0,
  transferAbandoned: 0,
});

const STATUS_RANK: Record<CallStatus, number> = { dialing: 0, ringing: 1, answered: 2, ended: 3 };

export const minuteOf = (t: number): number => Math.floor(t / 60_000);

/** connected / dialed, or null before the first call. */
export const connectedRate = (k: WallboardKpis): number | null => (k.dialed ? k.connected / k.dialed : null);
/** Average talk time of a conversation (ms), or null. */
export const averageTalkMs = (k: WallboardKpis): number | null =>
  k.connected ? Math.round(k.talkMs / k.connected) : null;
/** Share of transfers that never reached a seat, or null without transfers. */
export const abandonRate = (k: WallboardKpis): number | null =>
  k.transfers ? k.transferAbandoned / k.transfers : null;

/** A call's contribution to the KPIs when it ends. */
export function endedKpis(resultLevel: number | null, talkMs: number, transfer: LiveTransfer): WallboardKpis {
  const f = callFigures(resultLevel, talkMs);
  const k = emptyKpis();
  k.dialed = f.dialed;
  k.connected = f.connected;
  k.grades = f.grades;
  k.talkMs = f.talkMs;
  if (transfer) {
    k.transfers = 1;
    if (transfer === 'accepted') k.transferAccepted = 1;
    else k.transferAbandoned = 1;
  }
  return k;
}

export function addKpis(a: WallboardKpis, b: WallboardKpis): WallboardKpis {
  const grades = { ...a.grades };
  for (const l of GRADE_LETTERS) grades[l] += b.grades[l];
  return {
    dialed: a.dialed + b.dialed,
    connected: a.connected + b.connected,
    grades,
    talkMs: a.talkMs + b.talkMs,
    transfers: a.transfers + b.transfers,
    transferAccepted: a.transferAccepted + b.transferAccepted,
    transferAbandoned: a.transferAbandoned + b.transferAbandoned,
  };
}

const eventAt = (w: WallEvent): number => {
  switch (w.kind) {
    case 'call':
      return Date.parse(w.e.at);
    case 'task':
      return Date.parse(w.e.at);
    case 'seat':
      return w.e.state.changedAt ? Date.parse(w.e.state.changedAt) : Number.NaN;
    case 'transfer':
      return Number.NaN;
  }
};

/** Events worth keeping after a new snapshot: the ones it may not contain yet (undated ones too). */
export const keepWallEvents = (s: WallboardSnapshot, events: readonly WallEvent[]): WallEvent[] => {
  const cut = Date.parse(s.asOf) - LIVE_GRACE_MS;
  return events.filter((w) => {
    const at = eventAt(w);
    return !Number.isFinite(at) || at >= cut;
  });
};

/** Seat and task states replace older ones only (a missing time counts as old). */
const newer = (next: string | null, cur: string | null): boolean =>
  !cur || (!!next && Date.parse(next) >= Date.parse(cur));

const TRANSFER_OF_EVENT = (e: CallTransferEvent): TransferOutcome => (e.transferred ? 'accepted' : 'noSeat');

/**
 * The snapshot with the events applied. Events of accounts outside the view (another merchant the
 * super administrator looked at before) are ignored when the view's account list is complete.
 * Incremental merging gives the same result as merging all at once.
 */
export function mergeWall(
  s: WallboardSnapshot & Partial<Pick<WallboardView, 'liveApplied' | 'needsReload'>>,
  events: readonly WallEvent[],
): WallboardView {
  const asOf = Date.parse(s.asOf);
  const inView = new Set(s.accountIds);
  const mine = (accountId: number) => !s.complete || inView.has(accountId);
  const seen = new Set(s.recentEnded);
  const applied: string[] = [];
  const live = new Map(s.liveCalls.map((c) => [c.callUuid, c]));
  let liveChanged = false;
  let kpis = s.kpis;
  let perMinute = s.perMinute;
  let seats = s.seats;
  let tasks = s.tasks;
  let liveApplied = s.liveApplied ?? 0;
  let needsReload = s.needsReload ?? false;

  for (const w of events) {
    if (w.kind === 'call') {
      const e = w.e;
      if (!mine(e.accountId) || seen.has(e.callUuid)) continue;
      const at = Date.parse(e.at);
      if (!Number.isFinite(at)) continue;
      const cur = live.get(e.callUuid);
      if (e.status === 'ended') {
        if (at < asOf - LIVE_GRACE_MS) continue;
        seen.add(e.callUuid);
        applied.push(e.callUuid);
        if (cur) {
          live.delete(e.callUuid);
          liveChanged = true;
        }
        if (localDayKey(at, s.timeZone) > s.day) {
          needsReload = true;
          continue;
        }
        liveApplied++;
        if (e.test) continue;
        const transfer = e.transferOutcome ?? cur?.transfer ?? null;
        const k = endedKpis(e.resultLevel, e.talkMs ?? 0, transfer);
        kpis = addKpis(kpis, k);
        if (k.dialed) {
          const m = String(minuteOf(at));
          perMinute = { ...perMinute, [m]: (perMinute[m] ?? 0) + 1 };
        }
        continue;
      }
      if (cur && STATUS_RANK[cur.status] >= STATUS_RANK[e.status]) continue;
      if (!cur && live.size >= LIVE_CALLS_MAX) continue;
      live.set(e.callUuid, {
        callUuid: e.callUuid,
        accountId: e.accountId,
        taskId: e.taskId ?? cur?.taskId ?? null,
        lineId: e.lineId ?? cur?.lineId ?? null,
        status: e.status,
        startedAt: cur?.startedAt ?? e.at,
        at: e.at,
        phoneMasked: e.phoneMasked ?? cur?.phoneMasked ?? null,
        test: e.test,
        transfer: cur?.transfer ?? null,
      });
      liveChanged = true;
      liveApplied++;
    } else if (w.kind === 'transfer') {
      const cur = live.get(w.e.callUuid);
      if (!cur || seen.has(w.e.callUuid)) continue;
      live.set(cur.callUuid, { ...cur, transfer: TRANSFER_OF_EVENT(w.e) });
      liveChanged = true;
      liveApplied++;
    } else if (w.kind === 'seat') {
      const e = w.e;
      const i = seats.findIndex((x) => x.id === e.seatId);
      if (i < 0 || !newer(e.state.changedAt, seats[i]!.state.changedAt)) continue;
      seats = seats.map((x, j) => (j === i ? { ...x, groupId: e.groupId, state: e.state } : x));
      liveApplied++;
    } else {
      const e = w.e;
      const i = tasks.findIndex((x) => x.id === e.taskId);
      if (i < 0) {
        if (!inView.has(e.accountId)) continue;
        tasks = [...tasks, { id: e.taskId, name: null, accountId: e.accountId, progress: e }];
      } else {
        if (!newer(e.at, tasks[i]!.progress?.at ?? null)) continue;
        tasks = tasks.map((x, j) => (j === i ? { ...x, progress: e } : x));
      }
      liveApplied++;
    }
  }
  const recentEnded = applied.length ? [...s.recentEnded, ...applied].slice(-WALL_SEEN_MAX) : s.recentEnded;
  return {
    ...s,
    recentEnded,
    kpis,
    perMinute: perMinute === s.perMinute ? perMinute : pruneMinutes(perMinute),
    liveCalls: liveChanged ? [...live.values()] : s.liveCalls,
    seats,
    tasks,
    liveApplied,
    needsReload,
  };
}

/** Keeps the last 2 × MINUTES_SHOWN minutes (the chart shows the last MINUTES_SHOWN). */
function pruneMinutes(p: Record<string, number>): Record<string, number> {
  const keys = Object.keys(p).map(Number);
  const last = Math.max(...keys);
  const out: Record<string, number> = {};
  for (const k of keys) if (k > last - 2 * MINUTES_SHOWN) out[String(k)] = p[String(k)]!;
  return out;
}

/** The chart's series: MINUTES_SHOWN minutes ending with the minute of `now`, oldest first. */
export function minuteSeries(p: Record<string, number>, now: number): { minute: number; calls: number }[] {
  const end = minuteOf(now);
  return Array.from({ length: MINUTES_SHOWN }, (_, i) => {
    const minute = end - MINUTES_SHOWN + 1 + i;
    return { minute, calls: p[String(minute)] ?? 0 };
  });
}

export interface LiveGroup {
  key: string;
  /** 'task' | 'line' | 'seat' with the id; id null = none (no task, no line, no seat). */
  id: number | null;
  calls: LiveCall[];
}

/** Live calls by task, line or seat (a seat holds the call its state names), biggest group first. */
export function groupLiveCalls(
  calls: readonly LiveCall[],
  by: 'task' | 'line' | 'seat',
  seats: readonly WallSeat[] = [],
): LiveGroup[] {
  const seatOf = new Map<string, number>();
  for (const st of seats) if (st.state.callUuid) seatOf.set(st.state.callUuid, st.id);
  const groups = new Map<string, LiveGroup>();
  for (const c of calls) {
    const id = by === 'task' ? c.taskId : by === 'line' ? c.lineId : (seatOf.get(c.callUuid) ?? null);
    const key = `${by}:${id ?? '-'}`;
    const g = groups.get(key) ?? { key, id, calls: [] };
    g.calls.push(c);
    groups.set(key, g);
  }
  for (const g of groups.values()) g.calls.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  return [...groups.values()].sort((a, b) => b.calls.length - a.calls.length || a.key.localeCompare(b.key));
}

/** Task progress as a share of its numbers done (0–1), or null when unknown. */
export function taskDoneShare(p: TaskProgressEvent | null): number | null {
  if (!p) return null;
  const done = p.dialed + p.skipped;
  const all = done + p.inProgress + p.remaining + p.pendingRedials;
  return all > 0 ? done / all : null;
}
