// Customer exports (menu crm/mycustomer): start one behind the export password, the caller's download
// list, one export's status, and its file. Only the owner sees or downloads an export.
import fs from 'node:fs';
import Router from '@koa/router';
import type { Deps } from '../../../deps';
import { authOf, requireMenu } from '../../../http/auth';
import { ok } from '../../../http/envelope';
import { notFound } from '../../../http/errors';
import { body, idParam, query } from '../../../http/validate';
import { isExpired, presentExport } from './presenters';
import { findOwn, listOwn } from './repo';
import { createExportSchema, listExportsSchema } from './schema';
import { startExport } from './service';
import { attachment } from '../../../files/download';
import { CONTENT_TYPES, type ExportFormat } from '../../../files/writers';

export function exportsRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/crm/exports' });
  r.use(requireMenu('crm/mycustomer'));
  r.post('/', async (ctx) =>
    ok(ctx, presentExport(await startExport(deps, authOf(ctx), ctx, body(ctx, createExportSchema)))),
  );
  r.get('/', async (ctx) => {
    const q = query(ctx, listExportsSchema);
    const items = (await listOwn(deps.db, authOf(ctx).actor.id, q)).map(presentExport);
    ok(ctx, { items, nextBeforeId: items.length === q.limit ? items[items.length - 1]!.exportJobId : null });
  });
  r.get('/:id', async (ctx) => {
    const row = await findOwn(deps.db, authOf(ctx).actor.id, idParam(ctx));
    if (!row) throw notFound();
    ok(ctx, presentExport(row));
  });
  // The file is not an envelope. Gone (expired, removed) looks the same as never there: 404.
  r.get('/:id/file', async (ctx) => {
    const row = await findOwn(deps.db, authOf(ctx).actor.id, idParam(ctx));
    if (row?.status !== 'done' || !row.file_path || isExpired(row)) throw notFound();
    const stream = await fs.promises.open(row.file_path, 'r').catch(() => null);
    if (!stream) throw notFound();
    const name = String(row.file_name);
    ctx.set('Content-Type', CONTENT_TYPES[row.format as ExportFormat]);
    ctx.set('Content-Disposition', attachment(name));
    ctx.body = stream.createReadStream();
  });
  return r;
}
