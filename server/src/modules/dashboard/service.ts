// Dashboard rules: which account is looked at, its day boundaries, and one consistent snapshot.
//
// Consistency with the live stream (domain/dashboard.ts mergeLive): the figures and the recent uuids
// are read in one REPEATABLE READ transaction whose first statement reads clock_timestamp(), so every
// call the snapshot sees was closed before `asOf`, and every call closed after it is missing from
// both the figures and the uuid list (its event is then applied by the client). The balance and the
// spend (the account's own ledger 'call' rows) are read in the same transaction, so the spend shown
// and the balance shown are the same moment of the ledger.
//
// Cheap on millions of calls: only today and yesterday are read live. What ended before yesterday no
// longer changes (calls are settled within seconds of their end, and a ledger row is dated when it is
// written), so the days before it in the window and the all-time part before the window are computed
// once per account, zone and day and kept in Redis for two days. A first look of the day reads the subtree's index once; later looks read only
// the last two days.
import type { Deps } from '../../deps';
import { type Actor } from '../../db/scope';
import { notFound } from '../../http/errors';
import {
  DEFAULT_DASHBOARD_TZ,
  LIVE_ROOMS_MAX,
  RECENT_MAX,
  RECENT_WINDOW_MS,
  WEEK_DAYS,
  addFigures,
  dayStart,
  emptyFigures,
  weekOf,
  type CallFigures,
  type DashboardRooms,
  type DashboardSnapshot,
} from '../../../../domain/dashboard';
import { isTimeZone, localDay } from '../../../../domain/localTime';
import {
  actorInSubtree,
  balanceAndLines,
  billingOf,
  endedBetween,
  figuresBefore,
  figuresByDay,
  spendBefore,
  spendByDay,
  subAccountIds,
  timeZoneOf,
} from './repo';

const CACHE_TTL_S = 2 * 86_400;
/** Bumped when the cached shape changes (v2: chargedFen is the ledger spend). */
const CACHE_VERSION = 'v2';

/** The account to show: the caller, or one of its sub-accounts (another tree's id: 404). */
export async function viewedActor(deps: Deps, caller: Actor, accountId?: number): Promise<Actor> {
  if (accountId === undefined || accountId === caller.id) return caller;
  const a = await actorInSubtree(deps.db, caller, accountId);
  if (!a) throw notFound();
  return a;
}

interface Settled {
  /** Everything that ended before the 7-day window. */
  before: CallFigures;
  /** The window's days before yesterday, by yyyy-MM-dd. */
  days: Record<string, { figures: CallFigures; testCalls: number }>;
}

/** The figures that no longer change on local day `today`: cached per account, zone and day. */
async function settledFigures(deps: Deps, actor: Actor, tz: string, today: number): Promise<Settled> {
  const key = `${deps.config.redisPrefix}:dash:settled:${CACHE_VERSION}:${actor.id}:${tz}:${today}`;
  const cached = await deps.redis.get(key);
  if (cached) return JSON.parse(cached) as Settled;
  const windowStart = new Date(dayStart(today - WEEK_DAYS + 1, tz));
  const yesterday = new Date(dayStart(today - 1, tz));
  const before = await figuresBefore(deps.db, actor, windowStart);
  before.chargedFen = await spendBefore(deps.db, actor.id, windowStart);
  const byDay = await figuresByDay(deps.db, actor, tz, windowStart, yesterday);
  const spent = await spendByDay(deps.db, actor.id, tz, windowStart, yesterday);
  const settled: Settled = { before, days: Object.fromEntries(withSpend(byDay, spent)) };
  await deps.redis.set(key, JSON.stringify(settled), 'EX', CACHE_TTL_S);
  return settled;
}

type ByDay = Map<string, { figures: CallFigures; testCalls: number }>;

/** The call figures of each day with the day's spend as chargedFen (a day may have only one of them). */
function withSpend(byDay: ByDay, spent: Map<string, number>): ByDay {
  const out: ByDay = new Map();
  for (const day of new Set([...byDay.keys(), ...spent.keys()])) {
    const d = byDay.get(day) ?? { figures: emptyFigures(), testCalls: 0 };
    out.set(day, { ...d, figures: { ...d.figures, chargedFen: spent.get(day) ?? 0 } });
  }
  return out;
}

export async function snapshot(deps: Deps, actor: Actor): Promise<DashboardSnapshot> {
  const stored = await timeZoneOf(deps.db, actor.id);
  const tz = stored && isTimeZone(stored) ? stored : DEFAULT_DASHBOARD_TZ;
  const billing = await billingOf(deps.db, actor);
  const read = await deps.db.transaction(
    async (trx) => {
      const { rows } = await trx.raw('SELECT clock_timestamp() AS as_of');
      const asOf = new Date(rows[0].as_of);
      const today = localDay(asOf.getTime(), tz);
      const money = await balanceAndLines(trx, actor.id);
      const since = new Date(dayStart(today - 1, tz));
      const recentDays = withSpend(
        await figuresByDay(trx, actor, tz, since),
        await spendByDay(trx, actor.id, tz, since),
      );
      const recent = await endedBetween(
        trx,
        actor,
        new Date(asOf.getTime() - RECENT_WINDOW_MS),
        asOf,
        RECENT_MAX,
      );
      return { asOf, today, money, recentDays, recent };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
  const settled = await settledFigures(deps, actor, tz, read.today);
  const keys = weekOf(read.asOf.getTime(), tz).days;
  const at = (day: string) => read.recentDays.get(day) ?? settled.days[day];
  const days = keys.map((day) => ({ ...(at(day)?.figures ?? emptyFigures()), day }));
  const todayKey = keys[keys.length - 1]!;
  return {
    ...read.money,
    accountId: actor.id,
    timeZone: tz,
    asOf: read.asOf.toISOString(),
    billing,
    recentEnded: read.recent,
    today: days[days.length - 1]!,
    todayTestCalls: read.recentDays.get(todayKey)?.testCalls ?? 0,
    total: days.reduce((acc, d) => addFigures(acc, d), settled.before),
    week: days,
  };
}

export async function liveRooms(deps: Deps, actor: Actor): Promise<DashboardRooms> {
  const ids = await subAccountIds(deps.db, actor, LIVE_ROOMS_MAX + 1);
  return { accountIds: ids.slice(0, LIVE_ROOMS_MAX), complete: ids.length <= LIVE_ROOMS_MAX };
}
