// Pure helpers of the wallboard's big-screen ("wall") mode: what a live call's timer counts, the
// order the TV auto-rotation walks the tasks in and what the transcript drawer's title names; the
// grade colours (client/src/ui/gradeColors.ts).
import type { LiveCall, WallboardView } from '../../../../domain/wallboard';

/** m:ss (h:mm:ss past an hour) of a number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export type TimerKind = 'dialing' | 'ringing' | 'talking';

/**
 * What a live call's timer counts: while it dials or rings, the time since the call started (how
 * long the customer has not answered); once answered, the talk time since the answer (`at` of an
 * answered call is its answer time: the snapshot's answered_at, or the answered event's time).
 */
export function liveTimer(
  c: Pick<LiveCall, 'status' | 'startedAt' | 'at'>,
  now: number,
): { kind: TimerKind; seconds: number } {
  const kind: TimerKind = c.status === 'answered' || c.status === 'ended' ? 'talking' : c.status;
  const from = Date.parse(kind === 'talking' ? c.at : c.startedAt);
  const seconds = Number.isFinite(from) ? Math.max(0, Math.floor((now - from) / 1000)) : 0;
  return { kind, seconds };
}

/**
 * The tasks the auto-rotation walks through, in a stable order: the running tasks of the board, then
 * any task that only has live calls, by id.
 */
export function rotationOrder(view: Pick<WallboardView, 'tasks' | 'liveCalls'>): number[] {
  const ids = new Set<number>(view.tasks.map((t) => t.id));
  for (const c of view.liveCalls) if (c.taskId !== null) ids.add(c.taskId);
  return [...ids].sort((a, b) => a - b);
}

/** The task after `current` (wrapping round); the first when `current` is none or gone; null for none. */
export function nextRotation(order: readonly number[], current: number | null): number | null {
  if (order.length === 0) return null;
  const i = current === null ? -1 : order.indexOf(current);
  return order[(i + 1) % order.length]!;
}

/** What the transcript drawer's title names: the number (masked as listed), the task and the seat. */
export interface WallCallInfo {
  phoneMasked: string | null;
  taskId: number | null;
  seatId: number | null;
}

/** The call's info while it is live (null once it has left the live list). */
export function callInfoOf(
  view: Pick<WallboardView, 'liveCalls' | 'seats'> | null,
  callUuid: string,
): WallCallInfo | null {
  const c = view?.liveCalls.find((x) => x.callUuid === callUuid);
  if (!view || !c) return null;
  const seat = view.seats.find((s) => s.state.callUuid === callUuid);
  return { phoneMasked: c.phoneMasked, taskId: c.taskId, seatId: seat?.id ?? null };
}

/** Fresh info of a live call, keeping what was known (a seat it reached) once the call has moved on. */
export function mergeCallInfo(known: WallCallInfo | null, fresh: WallCallInfo | null): WallCallInfo | null {
  if (!fresh) return known;
  if (!known) return fresh;
  return {
    phoneMasked: fresh.phoneMasked ?? known.phoneMasked,
    taskId: fresh.taskId ?? known.taskId,
    seatId: fresh.seatId ?? known.seatId,
  };
}
