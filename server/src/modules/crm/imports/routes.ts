// Number imports (menu crm/mycustomer): upload, status, list, report download, supplier AES key.
import fs from 'node:fs';
import Router from '@koa/router';
import type { Deps } from '../../../deps';
import { authOf, requireMenu } from '../../../http/auth';
import { ok } from '../../../http/envelope';
import { notFound } from '../../../http/errors';
import { body, idParam, query } from '../../../http/validate';
import { presentJob } from './presenters';
import { aesKeyEncOf, findScoped, listOwn } from './repo';
import { aesKeySchema, listImportsSchema } from './schema';
import { setAesKey, startImport } from './service';

export function importsRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/crm/imports' });
  r.use(requireMenu('crm/mycustomer'));
  r.post('/', async (ctx) => ok(ctx, presentJob(await startImport(deps, authOf(ctx), ctx))));
  r.get('/', async (ctx) => {
    const q = query(ctx, listImportsSchema);
    const items = (await listOwn(deps.db, authOf(ctx).actor, q)).map(presentJob);
    ok(ctx, { items, nextBeforeId: items.length === q.limit ? items[items.length - 1]!.importJobId : null });
  });
  // Whether a supplier key is set (the key itself is never sent back).
  r.get('/aes-key', async (ctx) => {
    ok(ctx, { configured: (await aesKeyEncOf(deps.db, authOf(ctx).actor.id)) !== null });
  });
  r.put('/aes-key', async (ctx) => {
    await setAesKey(deps, authOf(ctx), body(ctx, aesKeySchema).key);
    ok(ctx, { configured: true });
  });
  r.get('/:id', async (ctx) => {
    const row = await findScoped(deps.db, authOf(ctx).actor, idParam(ctx));
    if (!row) throw notFound();
    ok(ctx, presentJob(row));
  });
  // The report is a file, not an envelope.
  r.get('/:id/report', async (ctx) => {
    const row = await findScoped(deps.db, authOf(ctx).actor, idParam(ctx));
    if (!row?.report_path || !fs.existsSync(row.report_path)) throw notFound();
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="import-${row.id}-report.csv"`);
    ctx.body = fs.createReadStream(row.report_path);
  });
  return r;
}
