import Router from '@koa/router';
import type { Deps } from '../../deps';
import { healthReport } from './check';

export function healthRoutes(deps: Deps): Router {
  const r = new Router();
  r.get('/health', async (ctx) => {
    const report = await healthReport(deps);
    const up = report.status === 'ok';
    ctx.status = up ? 200 : 503;
    ctx.body = { code: up ? 200 : 503, message: report.status, data: report };
  });
  return r;
}
