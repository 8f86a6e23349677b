import Router from '@koa/router';
import type { Deps } from '../../../deps';

// Work in progress (issue 3): no routes yet.
export function tagsRoutes(_deps: Deps): Router {
  return new Router();
}
