// Per-seat figures of /dialcenter/seatsdialdata from seat_offers: offers, answered, missed, talk time
// and average handle time for a range of days in the account's time zone; seats paged by id (keyset),
// with the totals of every seat in scope on the first page.
import { DEFAULT_DIAL_SETTINGS } from '../../../../../domain/shields';
import { averageHandleMs, type SeatFiguresDto } from '../../../../../domain/seats';
import type { Deps } from '../../../deps';
import { scoped } from '../../../db/scope';
import type { AuthContext } from '../../auth/sessions';
import type { FiguresQuery } from './schema';

export interface FiguresPage {
  from: string;
  to: string;
  timeZone: string;
  items: SeatFiguresDto[];
  nextAfter: number | null;
  totals: Omit<SeatFiguresDto, 'seatId' | 'seatName' | 'groupName' | 'userAccount'> | null;
}

async function timeZoneOf(deps: Deps, accountId: number): Promise<string> {
  const r = await deps
    .db('dial_settings')
    .where('account_id', accountId)
    .first<{ time_zone: string } | undefined>('time_zone');
  return r?.time_zone ?? DEFAULT_DIAL_SETTINGS.timeZone;
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The `counts` columns: offers and answered as int, talk time as bigint (a string). */
interface CountsRow {
  offers: number;
  answered: number;
  talk_ms: string;
}

interface SeatCountsRow extends CountsRow {
  id: string;
  name: string;
  group_name: string;
  user_account: string;
}

export async function seatFigures(deps: Deps, auth: AuthContext, q: FiguresQuery): Promise<FiguresPage> {
  const db = deps.db;
  const timeZone = await timeZoneOf(deps, auth.actor.id);
  // Local midnights of the first day and of the day after the last, as instants.
  const start = db.raw('(?::date)::timestamp AT TIME ZONE ?', [q.from, timeZone]);
  const end = db.raw('(?::date)::timestamp AT TIME ZONE ?', [nextDay(q.to), timeZone]);
  const base = () => {
    const b = scoped(db('seats as s'), db, auth.actor, 's.account_id').leftJoin('seat_offers as o', (j) =>
      j.on('o.seat_id', 's.id').andOn('o.offered_at', '>=', start).andOn('o.offered_at', '<', end),
    );
    if (q.groupId) b.where('s.group_id', q.groupId);
    return b;
  };
  const counts = [
    db.raw('count(o.id)::int AS offers'),
    db.raw('count(o.answered_at)::int AS answered'),
    db.raw('coalesce(sum(o.talk_ms), 0)::bigint AS talk_ms'),
  ];
  const rows = await base()
    .join('seat_groups as g', 'g.id', 's.group_id')
    .join('accounts as u', 'u.id', 's.user_id')
    .where('s.id', '>', q.after ?? 0)
    .groupBy('s.id', 'g.name', 'u.account')
    .orderBy('s.id')
    .limit(q.limit)
    .select<SeatCountsRow[]>(
      's.id',
      's.name',
      'g.name as group_name',
      'u.account as user_account',
      ...counts,
    );
  const items = rows.map((r): SeatFiguresDto =>
    figuresOf(r, {
      seatId: Number(r.id),
      seatName: r.name,
      groupName: r.group_name,
      userAccount: r.user_account,
    }),
  );
  const totals = q.after ? null : figuresOf(await base().first<CountsRow | undefined>(...counts), {});
  return {
    from: q.from,
    to: q.to,
    timeZone,
    items,
    nextAfter: items.length === q.limit ? items[items.length - 1]!.seatId : null,
    totals,
  };
}

function figuresOf<T extends object>(r: CountsRow | undefined, head: T) {
  const offers = Number(r?.offers ?? 0);
  const answered = Number(r?.answered ?? 0);
  const talkMs = Number(r?.talk_ms ?? 0);
  return {
    ...head,
    offers,
    answered,
    missed: offers - answered,
    talkMs,
    averageHandleMs: averageHandleMs(talkMs, answered),
  };
}
