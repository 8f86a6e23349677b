// The user info card: one account of the viewer's subtree (itself included; another tree's id, a
// deleted account or a missing one is 404). Usage today and this month, in the account's dialing
// zone, comes from the report rollups exactly as the statistics pages read them: the number figures
// of the account's subtree (report_daily plus its ended calls not in it yet) and the spend its own
// ledger was charged (report_spend_daily plus the calls waiting for the fold).
import type { Deps } from '../../deps';
import type { Actor } from '../../db/scope';
import { notFound } from '../../http/errors';
import { DAY_MS, localDay } from '../../../../domain/localTime';
import type { AccountInfo, UsageFigures } from '../../../../domain/accountInfo';
import { countersBy, spendBy, zoneOf } from '../reports/repo';
import { findInSubtree, linesOf, loginsOf } from './infoRepo';

const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

async function usage(
  deps: Deps,
  target: Actor,
  from: string,
  to: string,
): Promise<{ figures: UsageFigures; settling: number }> {
  const [{ rows, settling }, spend] = await Promise.all([
    countersBy(deps.db, target, { from, to }, 'day'),
    spendBy(deps.db, target.id, { from, to }, 'day'),
  ]);
  const figures: UsageFigures = { from, to, calls: 0, connected: 0, talkMs: 0, spendFen: 0 };
  for (const c of rows.values()) {
    figures.calls += c.dialled ?? 0;
    figures.connected += c.connected ?? 0;
    figures.talkMs += c.talk_ms ?? 0;
  }
  for (const s of spend.values()) figures.spendFen += s.fen;
  return { figures, settling };
}

export async function accountInfo(
  deps: Deps,
  viewer: Actor,
  id: number,
  now = Date.now(),
): Promise<AccountInfo> {
  const a = await findInSubtree(deps.db, viewer, id);
  if (!a) throw notFound();
  const target: Actor = { id: Number(a.id), level: a.level, path: a.path };
  const timeZone = await zoneOf(deps.db, target.id);
  const today = dayText(localDay(now, timeZone));
  const monthStart = `${today.slice(0, 8)}01`;
  const [day, month, lines, logins] = await Promise.all([
    usage(deps, target, today, today),
    usage(deps, target, monthStart, today),
    linesOf(deps.db, target.id),
    loginsOf(deps.db, target.id),
  ]);
  const expiresAt = new Date(a.expires_at);
  return {
    id: target.id,
    account: a.account,
    realName: a.real_name,
    level: a.level,
    roleName: a.role_name ?? null,
    position: a.position ?? null,
    phone: a.phone ?? null,
    email: a.email ?? null,
    parentAccount: a.parent_account ?? null,
    createdAt: new Date(a.created_at).toISOString(),
    disabled: !!a.disabled,
    expired: expiresAt.getTime() <= now,
    limits: {
      aiSeats: a.ai_seats,
      totalAuthorization: a.total_authorization,
      expiresAt: expiresAt.toISOString(),
      dialIntervalSeconds: a.dial_interval_seconds,
      dailyConnectLimit: a.daily_connect_limit ?? 0,
      dailyMinutesLimit: a.daily_minutes_limit ?? 0,
      ...lines,
    },
    balanceFen: Number(a.balance_fen),
    timeZone,
    today: day.figures,
    month: month.figures,
    settling: month.settling,
    ...logins,
    asOf: new Date(now).toISOString(),
  };
}
