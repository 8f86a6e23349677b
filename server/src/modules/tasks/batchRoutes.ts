// The batch task page's API (批量任务, menu dialcenter/multtask; issue 23), under /api/tasks/batch:
// the list of every kind of task the caller holds, and start/pause/stop, call periods and a number
// file applied to the ticked tasks or, explicitly, to all the filter matches. The AI-task page's bulk
// start/pause is /move with page 'tasks': open to anyone holding a kind of task (each task's kind is
// still checked), since those pages' users need not hold 批量任务. HTTP only; the rules are in
// batchService.ts. Mounted by tasksRoutes before its /:id routes.
import fs from 'node:fs';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { TASK_MENU } from '../../../../domain/tasks';
import { TASK_BATCH_IMPORT_MAX } from '../../../../domain/taskBatch';
import type { Deps } from '../../deps';
import { authOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { forbidden } from '../../http/errors';
import { body, parse, query } from '../../http/validate';
import { receiveUpload } from '../crm/imports/upload';
import {
  batchListSchema,
  batchMoveSchema,
  batchNumbersFieldsSchema,
  batchPeriodsSchema,
  type BatchTarget,
} from './batchSchema';
import { batchMove, batchNumbers, batchPeriods, checkTarget, heldKinds, kindsOf } from './batchService';
import { linesOfUpload } from './numbers';
import { listTasks } from './repo';

const holdsBatchMenu = (ctx: Context) => authOf(ctx).menus.includes(TASK_MENU.multi);

/** The page's own menu: the batch actions are 批量任务's. */
async function batchMenu(ctx: Context, next: Next): Promise<void> {
  if (!holdsBatchMenu(ctx)) throw forbidden();
  await next();
}

const targetOf = (v: { ids?: number[]; filter?: BatchTarget['filter'] }): BatchTarget =>
  v.ids ? { ids: v.ids } : { filter: v.filter! };

export function taskBatchRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/batch' });

  r.get('/', batchMenu, async (ctx) => {
    const auth = authOf(ctx);
    const q = query(ctx, batchListSchema);
    ok(ctx, await listTasks(deps.db, auth.actor, { ...q, kind: kindsOf(auth, q.kind) }));
  });
  r.post('/move', async (ctx) => {
    const auth = authOf(ctx);
    if (heldKinds(auth).length === 0) throw forbidden();
    const v = body(ctx, batchMoveSchema);
    if (v.page === 'batch' && !holdsBatchMenu(ctx)) throw forbidden();
    ok(ctx, await batchMove(deps, auth, targetOf(v), v.action, v.requestId, v.page));
  });
  r.put('/periods', batchMenu, async (ctx) => {
    const v = body(ctx, batchPeriodsSchema);
    ok(ctx, await batchPeriods(deps, authOf(ctx), targetOf(v), v));
  });
  // Multipart: "file" (txt, csv, xls or xlsx, as a single task's import), "target" (JSON: ids or
  // filter) and "requestId". The target is checked before the file is read.
  r.post('/numbers', batchMenu, async (ctx) => {
    const auth = authOf(ctx);
    const upload = await receiveUpload(ctx);
    try {
      const v = parse(ctx, batchNumbersFieldsSchema, upload.fields);
      const target = targetOf(v.target);
      await checkTarget(deps, auth, target, TASK_BATCH_IMPORT_MAX);
      const lines = await linesOfUpload(upload);
      ok(ctx, await batchNumbers(deps, auth, target, v.requestId, lines));
    } finally {
      await fs.promises.rm(upload.path, { force: true });
    }
  });
  return r;
}
