// Report rules: whose figures (the caller's subtree, or an account of it: another tree's id is 404),
// the rows in order with their names, the totals, the line flag and period-over-period change.
import type { Deps } from '../../deps';
import type { Actor } from '../../db/scope';
import { viewedActor } from '../dashboard/service';
import type {
  BusinessReport,
  ExpenseReport,
  LineReport,
  NumberReport,
  ReportGroup,
  ReportRow,
} from '../../../../domain/reports/api';
import {
  addInto,
  daysBetween,
  emptyCounters,
  previousPeriod,
  underThreshold,
  type Counters,
} from '../../../../domain/reports/figures';
import {
  childAccounts,
  countersBy,
  countersByChild,
  emptySpend,
  lineCauses,
  namesOf,
  spendBy,
  spendOfPayers,
  thresholdPct,
} from './repo';
import type { BusinessQuery, ExpenseQuery, LinesQuery, NumbersQuery } from './schema';

const filterOf = (q: NumbersQuery | LinesQuery | ExpenseQuery) => ({
  from: q.from,
  to: q.to,
  ...('taskId' in q && q.taskId !== undefined ? { taskId: q.taskId } : {}),
  ...('botId' in q && q.botId !== undefined ? { botId: q.botId } : {}),
  ...('lineId' in q && q.lineId !== undefined ? { lineId: q.lineId } : {}),
});

/** Rows in display order: every day of the range (a day without calls is an empty row, a gap), or ids by name. */
async function ordered(
  deps: Deps,
  by: ReportGroup,
  rows: Map<string, Counters>,
  from: string,
  to: string,
): Promise<ReportRow[]> {
  if (by === 'day')
    return daysBetween(from, to).map((d) => ({ key: d, label: d, counters: rows.get(d) ?? emptyCounters() }));
  const names = await namesOf(deps.db, by, [...rows.keys()].map(Number));
  return [...rows.entries()]
    .map(([k, counters]) => ({
      key: k,
      label: names.get(Number(k)) ?? (k === '0' ? '-' : `#${k}`),
      counters,
    }))
    .sort((a, b) => (b.counters.dialled ?? 0) - (a.counters.dialled ?? 0) || Number(a.key) - Number(b.key));
}

const total = (rows: { counters: Counters }[]) =>
  rows.reduce((t, r) => addInto(t, r.counters), emptyCounters());

export async function numberReport(deps: Deps, caller: Actor, q: NumbersQuery): Promise<NumberReport> {
  const target = await viewedActor(deps, caller, q.accountId);
  const { rows, settling } = await countersBy(deps.db, target, filterOf(q), q.by);
  const list = await ordered(deps, q.by, rows, q.from, q.to);
  return { by: q.by, rows: list, total: total(list), settling, asOf: new Date().toISOString() };
}

export async function lineReport(deps: Deps, caller: Actor, q: LinesQuery): Promise<LineReport> {
  const target = await viewedActor(deps, caller, q.accountId);
  const f = filterOf(q);
  const [{ rows }, causes, pct] = await Promise.all([
    countersBy(deps.db, target, f, q.by),
    lineCauses(deps.db, target, f),
    thresholdPct(deps.db),
  ]);
  const list = await ordered(deps, q.by, rows, q.from, q.to);
  return {
    by: q.by,
    rows: list.map((r) => ({ ...r, flagged: q.by === 'line' && underThreshold(r.counters, pct) })),
    total: total(list),
    causes,
    thresholdPct: pct,
    asOf: new Date().toISOString(),
  };
}

export async function expenseReport(deps: Deps, caller: Actor, q: ExpenseQuery): Promise<ExpenseReport> {
  const payer = await viewedActor(deps, caller, q.accountId);
  const spend = await spendBy(deps.db, payer.id, filterOf(q), q.by);
  let rows: ExpenseReport['rows'];
  if (q.by === 'day')
    rows = daysBetween(q.from, q.to).map((d) => ({ key: d, label: d, spend: spend.get(d) ?? emptySpend() }));
  else {
    const names = await namesOf(deps.db, q.by, [...spend.keys()].map(Number));
    rows = [...spend.entries()]
      .map(([k, s]) => ({ key: k, label: names.get(Number(k)) ?? (k === '0' ? '-' : `#${k}`), spend: s }))
      .sort((a, b) => b.spend.fen - a.spend.fen || Number(a.key) - Number(b.key));
  }
  const t = emptySpend();
  for (const r of rows) for (const k of Object.keys(t) as (keyof typeof t)[]) t[k] += r.spend[k];
  return { by: q.by, payerId: payer.id, rows, total: t, asOf: new Date().toISOString() };
}

export async function businessReport(deps: Deps, caller: Actor, q: BusinessQuery): Promise<BusinessReport> {
  const target = await viewedActor(deps, caller, q.accountId);
  const cur = { from: q.from, to: q.to };
  const prev = previousPeriod(q.from, q.to);
  const children = await childAccounts(deps.db, target);
  const [{ cur: c, prev: p }, spend] = await Promise.all([
    countersByChild(deps.db, target, cur, prev),
    spendOfPayers(
      deps.db,
      children.map((a) => a.id),
      cur,
      prev,
    ),
  ]);
  const rows = children.map((a) => ({
    accountId: a.id,
    account: a.account,
    level: a.level,
    current: { ...(c.get(a.id) ?? emptyCounters()), fen: spend.get(a.id)?.cur ?? 0 } as Counters,
    previous: { ...(p.get(a.id) ?? emptyCounters()), fen: spend.get(a.id)?.prev ?? 0 } as Counters,
  }));
  rows.sort(
    (x, y) => Number(y.current.dialled ?? 0) - Number(x.current.dialled ?? 0) || x.accountId - y.accountId,
  );
  return {
    from: q.from,
    to: q.to,
    previousFrom: prev.from,
    previousTo: prev.to,
    rows,
    asOf: new Date().toISOString(),
  };
}
