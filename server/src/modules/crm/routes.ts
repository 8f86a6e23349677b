// The customer center's routers (SPEC §2 Customers, /system/blackset), each in its own folder.
import type Router from '@koa/router';
import type { Deps } from '../../deps';
import { blacklistRoutes } from './blacklist/routes';
import { customersRoutes } from './customers/routes';
import { exportsRoutes } from './exports/routes';
import { followUpsRoutes } from './followups/routes';
import { importsRoutes } from './imports/routes';
import { importToolsRoutes } from './imports/toolRoutes';
import { seaRoutes } from './sea/routes';
import { tagsRoutes } from './tags/routes';

export const crmRoutes = (deps: Deps): Router[] =>
  [
    customersRoutes,
    tagsRoutes,
    followUpsRoutes,
    seaRoutes,
    blacklistRoutes,
    importsRoutes,
    importToolsRoutes,
    exportsRoutes,
  ].map((r) => r(deps));
