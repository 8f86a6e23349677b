// Wallboard rules: one consistent snapshot of a subtree (domain/wallboard.ts WallboardSnapshot).
//
// Consistency with the live stream (mergeWall): KPIs, the minute buckets, the recent uuids and the
// open calls are read in one REPEATABLE READ transaction whose first statement reads
// clock_timestamp() (as the dashboard does): a call closed before asOf is in the KPIs and the recent
// list and not open; one closed after it is open or missing, and its ended event is applied by the
// browser. Seat states (Redis) and task progress carry their own times and replace older ones only.
import type { Deps } from '../../deps';
import type { Actor } from '../../db/scope';
import { notFound } from '../../http/errors';
import type { ConversationLine } from '../../../../domain/calls';
import {
  DEFAULT_DASHBOARD_TZ,
  LIVE_ROOMS_MAX,
  RECENT_MAX,
  RECENT_WINDOW_MS,
  dayStart,
  localDayKey,
} from '../../../../domain/dashboard';
import { isTimeZone, localDay } from '../../../../domain/localTime';
import { seatStateDto } from '../../../../domain/seats';
import {
  LIVE_CALLS_MAX,
  LIVE_CALL_MAX_AGE_MS,
  MINUTES_SHOWN,
  type WallSeat,
  type WallboardSnapshot,
} from '../../../../domain/wallboard';
import { endedBetween, subAccountIds, timeZoneOf } from '../dashboard/repo';
import { linesOf } from '../callrecords/repo';
import { taskProgress } from '../../dialer/progress';
import { listSeats } from '../seats/admin/repo';
import { seatRef, statesOf } from '../seats/state/state';
import {
  boardTasks,
  callInSubtree,
  countOpenCalls,
  endedPerMinute,
  kpisSince,
  lineNames,
  merchantsBelow,
  openCalls,
} from './repo';

export { viewedActor } from '../dashboard/service';

const TASKS_MAX = 50;

async function seatsOf(deps: Deps, actor: Actor): Promise<WallSeat[]> {
  const rows = await listSeats(deps.db, actor);
  const states = await statesOf(deps).readMany(rows.map(seatRef));
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    accountId: s.accountId,
    userId: s.userId,
    groupId: s.groupId,
    groupName: s.groupName,
    state: seatStateDto(states.get(s.id)!),
  }));
}

export async function wallSnapshot(deps: Deps, actor: Actor): Promise<WallboardSnapshot> {
  const stored = await timeZoneOf(deps.db, actor.id);
  const tz = stored && isTimeZone(stored) ? stored : DEFAULT_DASHBOARD_TZ;
  const read = await deps.db.transaction(
    async (trx) => {
      const { rows } = await trx.raw('SELECT clock_timestamp() AS as_of');
      const asOf = new Date(rows[0].as_of);
      const t = asOf.getTime();
      const todayStart = new Date(dayStart(localDay(t, tz), tz));
      const liveSince = new Date(t - LIVE_CALL_MAX_AGE_MS);
      // One connection: the statements run one after the other (pg refuses overlapping queries).
      const kpis = await kpisSince(trx, actor, todayStart, asOf);
      const minuteStart = new Date((Math.floor(t / 60_000) - MINUTES_SHOWN + 1) * 60_000);
      const perMinute = await endedPerMinute(trx, actor, minuteStart, asOf);
      const recent = await endedBetween(trx, actor, new Date(t - RECENT_WINDOW_MS), asOf, RECENT_MAX);
      const live = await openCalls(trx, actor, liveSince, LIVE_CALLS_MAX);
      const openCount = await countOpenCalls(trx, actor, liveSince);
      return { asOf, todayStart, kpis, perMinute, recent, live, openCount };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
  const [rooms, seats, tasks, names] = await Promise.all([
    wallRooms(deps, actor),
    seatsOf(deps, actor),
    boardTasks(deps.db, actor, read.todayStart, TASKS_MAX),
    lineNames(deps.db, actor),
  ]);
  const progress = await taskProgress(
    deps.db,
    tasks.map((x) => x.id),
  );
  return {
    accountId: actor.id,
    timeZone: tz,
    asOf: read.asOf.toISOString(),
    day: localDayKey(read.asOf.getTime(), tz),
    recentEnded: read.recent,
    accountIds: rooms.accountIds,
    complete: rooms.complete,
    kpis: read.kpis,
    perMinute: read.perMinute,
    liveCalls: read.live,
    liveCallsMore: Math.max(0, read.openCount - read.live.length),
    seats,
    tasks: tasks.map((x) => ({ ...x, progress: progress.get(x.id) ?? null })),
    lineNames: names,
  };
}

/** The rooms that carry the view's events: the account itself and its sub-accounts (capped). */
export async function wallRooms(
  deps: Deps,
  actor: Actor,
): Promise<{ accountIds: number[]; complete: boolean }> {
  const subs = await subAccountIds(deps.db, actor, LIVE_ROOMS_MAX + 1);
  return {
    accountIds: [actor.id, ...subs.slice(0, LIVE_ROOMS_MAX)],
    complete: subs.length <= LIVE_ROOMS_MAX,
  };
}

export const merchants = (deps: Deps, actor: Actor) => merchantsBelow(deps.db, actor);

/** The transcript so far of a call in the subtree (another tree's uuid: 404). */
export async function transcript(deps: Deps, actor: Actor, uuid: string): Promise<ConversationLine[]> {
  const id = await callInSubtree(deps.db, actor, uuid);
  if (id === null) throw notFound();
  return linesOf(deps.db, id);
}
