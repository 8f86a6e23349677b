// The import guide (/api/imports): the template of an import and the preview of a file's first rows,
// shared by the customer import (kind customers, menu crm/mycustomer) and a task's numbers (kind
// numbers, any task menu). Each kind needs the menu of its import; nothing is stored.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { ImportKind } from '../../../../../domain/importPreview';
import { OVERVIEW_MENU, TASK_MENU } from '../../../../../domain/tasks';
import type { Deps } from '../../../deps';
import { attachment } from '../../../files/download';
import { authOf } from '../../../http/auth';
import { langOf, ok } from '../../../http/envelope';
import { forbidden } from '../../../http/errors';
import { query } from '../../../http/validate';
import { previewQuerySchema, templateQuerySchema } from './schema';
import { templateFile } from './template';
import { previewUpload } from './tools';

const MENUS: Record<ImportKind, readonly string[]> = {
  customers: ['crm/mycustomer'],
  numbers: [...Object.values(TASK_MENU), OVERVIEW_MENU],
};

function allow(ctx: Context, kind: ImportKind): void {
  if (!MENUS[kind].some((m) => authOf(ctx).menus.includes(m))) throw forbidden();
}

export function importToolsRoutes(_deps: Deps): Router {
  const r = new Router({ prefix: '/imports' });
  // A file, not an envelope.
  r.get('/template', async (ctx) => {
    const q = query(ctx, templateQuerySchema);
    allow(ctx, q.kind);
    const f = await templateFile(q.kind, q.format, q.lang ?? langOf(ctx));
    ctx.set('Content-Type', f.contentType);
    // filename* names the file in the user's language (api.download prefers it); filename is an ASCII stand-in.
    ctx.set('Content-Disposition', attachment(f.fileName));
    ctx.body = f.body;
  });
  // The kind is in the query: the menu is checked before the file is received.
  r.post('/preview', async (ctx) => {
    const q = query(ctx, previewQuerySchema);
    allow(ctx, q.kind);
    ok(ctx, await previewUpload(ctx, q.kind));
  });
  return r;
}
