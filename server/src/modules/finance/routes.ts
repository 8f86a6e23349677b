// /api/finance (issue 6 Billing): call rates of subordinates, recharges, the ledger of the subtree.
// The finance menu (bussinesscentral/financial) is required: a user may hold it without user management.
// The finance page (issue 24): GET /rates lists the subordinates with balance and rate; the ledger
// filters by time; POST /ledger/export writes the filtered ledger as xlsx/csv behind the export password.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { langOf, ok } from '../../http/envelope';
import { badRequest, fieldError, notFound } from '../../http/errors';
import { body, idParam, parse, query } from '../../http/validate';
import { checkPassword } from '../auth/service';
import { CONTENT_TYPES, openWriter } from '../../files/writers';
import { ledgerCells, ledgerHeader } from './exportSheet';
import { inSubtree, ledgerPage, ratesBelow } from './repo';
import {
  ledgerExportSchema,
  ledgerQuerySchema,
  rateSchema,
  ratesListSchema,
  rechargeSchema,
  requestId,
} from './schema';
import { readRate, recharge, setRate } from './service';

/** The idempotency key: the body's requestId, or the X-Request-Id header. A recharge needs one. */
function requestIdOf(ctx: Context, fromBody: string | undefined): string {
  if (fromBody) return fromBody;
  const header = ctx.get('x-request-id');
  if (!header) throw fieldError('requestId', 'finance.requestId');
  return parse(ctx, requestId, header);
}

/** Ledger rows read per query while exporting, and the most one export holds (newest first). */
const EXPORT_CHUNK = 1000;
const EXPORT_MAX_ROWS = 100_000;

export function financeRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/finance' });
  r.use(requireMenu('bussinesscentral/financial'));

  r.get('/rates', async (ctx) => {
    const q = query(ctx, ratesListSchema);
    const items = await ratesBelow(deps.db, authOf(ctx).actor, q);
    ok(ctx, {
      items,
      nextAfterId: items.length === q.limit ? items[items.length - 1]!.accountId : null,
    });
  });
  r.get('/rates/:id', async (ctx) => ok(ctx, await readRate(deps, authOf(ctx), idParam(ctx))));
  r.put('/rates/:id', async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await setRate(deps, authOf(ctx), id, body(ctx, rateSchema)));
  });

  r.post('/recharges', async (ctx) => {
    const v = body(ctx, rechargeSchema);
    ok(ctx, await recharge(deps, authOf(ctx), { ...v, requestId: requestIdOf(ctx, v.requestId) }));
  });

  r.get('/ledger', async (ctx) => {
    const q = query(ctx, ledgerQuerySchema);
    const actor = authOf(ctx).actor;
    if (q.accountId && !(await inSubtree(deps.db, actor, q.accountId))) throw notFound();
    ok(ctx, await ledgerPage(deps.db, actor, q));
  });

  r.post('/ledger/export', async (ctx) => {
    const v = body(ctx, ledgerExportSchema);
    const auth = authOf(ctx);
    const lang = langOf(ctx);
    await checkPassword(deps, auth, 'export', v.password, {
      ip: ctx.ip,
      userAgent: ctx.get('user-agent'),
      lang,
    });
    if (v.query.accountId && !(await inSubtree(deps.db, auth.actor, v.query.accountId))) throw notFound();
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'ledger-'));
    const file = path.join(dir, `ledger.${v.format}`);
    try {
      const w = openWriter(v.format, file, 'ledger');
      await w.row(ledgerHeader(lang));
      let rows = 0;
      let beforeId: number | undefined;
      do {
        const page = await ledgerPage(deps.db, auth.actor, { ...v.query, beforeId, limit: EXPORT_CHUNK });
        for (const e of page.items) await w.row(ledgerCells(e, lang));
        rows += page.items.length;
        beforeId = page.nextBeforeId ?? undefined;
      } while (beforeId !== undefined && rows < EXPORT_MAX_ROWS);
      await w.close();
      if (!rows) throw badRequest('export.noData');
      const name = `ledger-${new Date().toISOString().slice(0, 10)}.${v.format}`;
      ctx.set('Content-Type', CONTENT_TYPES[v.format]);
      ctx.set('Content-Disposition', `attachment; filename="${name}"`);
      ctx.body = await fs.promises.readFile(file);
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  });
  return r;
}
