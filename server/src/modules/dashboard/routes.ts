import Router from '@koa/router';
import type { DashboardSummary } from '../../../../domain/api';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { ok } from '../../http/envelope';

export function dashboardRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/dashboard' });
  r.get('/summary', requireMenu('dashboards/rootdashboard'), async (ctx) => {
    const id = authOf(ctx).account.id;
    const acct = await deps.db('accounts').where({ id }).first('balance_fen');
    // Lines the account owns or was assigned by its superior.
    const lines = await deps
      .db('sip_lines as l')
      .where('l.account_id', id)
      .orWhereIn('l.id', deps.db('sip_line_assignments').where('account_id', id).select('line_id'))
      .countDistinct({ n: 'l.id' })
      .first();
    const summary: DashboardSummary = {
      balanceFen: Number(acct.balance_fen),
      lineCount: Number(lines?.n ?? 0),
    };
    ok(ctx, summary);
  });
  return r;
}
