// Platform panel (issue 25, menu bussinesscentral/systemreadpanel): the super administrator's only.
// HTTP only; after the snapshot the page follows the platform:pulse events of the room platform:panel.
// GET /   the snapshot (domain/platformPanel.ts PlatformPanelSnapshot); anyone but level 0: 403.
import Router from '@koa/router';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { ok } from '../../http/envelope';
import { panelSnapshot } from './service';

export function platformPanelRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/platform/panel' });
  r.use(requireMenu('bussinesscentral/systemreadpanel'));
  r.get('/', async (ctx) => ok(ctx, await panelSnapshot(deps, authOf(ctx).actor)));
  return r;
}
