// Reports (SPEC §2 Statistics and Business center; issue 25). HTTP only.
// GET /reports/numbers, /lines, /expense, /business: figures of the caller's subtree (or `accountId`
// of it) over a day range; POST /reports/export: one of them as an xlsx/csv file, behind the export
// password; GET/PUT /reports/threshold: the platform's line statistics threshold (PUT: level 0).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { langOf, ok } from '../../http/envelope';
import { badRequest, forbidden } from '../../http/errors';
import { body, parse, query } from '../../http/validate';
import { checkPassword } from '../auth/service';
import { CONTENT_TYPES, openWriter } from '../../files/writers';
import { businessSheet, expenseSheet, lineSheet, numberSheet } from './exportSheet';
import { setThresholdPct, thresholdPct } from './repo';
import {
  businessSchema,
  expenseSchema,
  exportSchema,
  linesSchema,
  numbersSchema,
  thresholdSchema,
  type ReportKind,
} from './schema';
import { businessReport, expenseReport, lineReport, numberReport } from './service';

const MENU: Record<ReportKind, string> = {
  numbers: 'statistic/mobilestatistic',
  lines: 'statistic/sipstatistic',
  expense: 'statistic/expensereport',
  business: 'bussinesscentral/report',
};

async function sheetOf(deps: Deps, ctx: Context, kind: ReportKind, q: unknown) {
  const actor = authOf(ctx).actor;
  const lang = langOf(ctx);
  switch (kind) {
    case 'numbers': {
      const r = await numberReport(deps, actor, parse(ctx, numbersSchema, q));
      return { rows: numberSheet(r, lang), empty: !r.total.dialled && !r.total.lv71 };
    }
    case 'lines': {
      const r = await lineReport(deps, actor, parse(ctx, linesSchema, q));
      return { rows: lineSheet(r, lang), empty: !r.total.dialled };
    }
    case 'expense': {
      const r = await expenseReport(deps, actor, parse(ctx, expenseSchema, q));
      return { rows: expenseSheet(r, lang), empty: !r.total.calls };
    }
    case 'business': {
      const r = await businessReport(deps, actor, parse(ctx, businessSchema, q));
      return { rows: businessSheet(r, lang), empty: !r.rows.length };
    }
  }
}

export function reportsRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/reports' });
  r.get('/numbers', requireMenu(MENU.numbers), async (ctx) =>
    ok(ctx, await numberReport(deps, authOf(ctx).actor, query(ctx, numbersSchema))),
  );
  r.get('/lines', requireMenu(MENU.lines), async (ctx) =>
    ok(ctx, await lineReport(deps, authOf(ctx).actor, query(ctx, linesSchema))),
  );
  r.get('/expense', requireMenu(MENU.expense), async (ctx) =>
    ok(ctx, await expenseReport(deps, authOf(ctx).actor, query(ctx, expenseSchema))),
  );
  r.get('/business', requireMenu(MENU.business), async (ctx) =>
    ok(ctx, await businessReport(deps, authOf(ctx).actor, query(ctx, businessSchema))),
  );
  r.post('/export', async (ctx) => {
    const v = body(ctx, exportSchema);
    const auth = authOf(ctx);
    if (!auth.menus.includes(MENU[v.kind])) throw forbidden();
    await checkPassword(deps, auth, 'export', v.password, {
      ip: ctx.ip,
      userAgent: ctx.get('user-agent'),
      lang: langOf(ctx),
    });
    const { rows, empty } = await sheetOf(deps, ctx, v.kind, v.query);
    if (empty) throw badRequest('export.noData');
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'report-'));
    const file = path.join(dir, `report.${v.format}`);
    try {
      const w = openWriter(v.format, file, v.kind);
      for (const row of rows) await w.row(row);
      await w.close();
      const name = `${v.kind}-${new Date().toISOString().slice(0, 10)}.${v.format}`;
      ctx.set('Content-Type', CONTENT_TYPES[v.format]);
      ctx.set('Content-Disposition', `attachment; filename="${name}"`);
      ctx.body = await fs.promises.readFile(file);
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  });
  r.get('/threshold', async (ctx) => ok(ctx, { lineConnectedPct: await thresholdPct(deps.db) }));
  r.put('/threshold', async (ctx) => {
    if (authOf(ctx).actor.level !== 0) throw forbidden();
    const v = body(ctx, thresholdSchema);
    await setThresholdPct(deps.db, v.lineConnectedPct);
    ok(ctx, v);
  });
  return r;
}
