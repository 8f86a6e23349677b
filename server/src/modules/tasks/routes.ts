// AI tasks (SPEC §2 AI tasks, Dial center single/multi task; menus dialcenter/singletask and
// dialcenter/multtask by the task's kind, call/calling for the run overview). HTTP only: parse,
// authorize, call the service, shape the reply.
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { OVERVIEW_MENU, TASK_MENU } from '../../../../domain/tasks';
import type { Deps } from '../../deps';
import { authOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { forbidden } from '../../http/errors';
import { body, idParam, query } from '../../http/validate';
import { requireTypedDelete } from '../../http/confirm';
import {
  dialZone,
  listNumbers,
  listTasks,
  numberSources,
  ownerOf,
  pickerOptions,
  runningTasks,
  statusLog,
} from './repo';
import { uploadedLines } from './numbers';
import { billingOf } from './startChecks';
import {
  addNumbersSchema,
  copySchema,
  kindQuerySchema,
  listSchema,
  numbersQuerySchema,
  overviewSchema,
  removeNumbersSchema,
  taskSchema,
} from './schema';
import {
  actOn,
  addNumbers,
  copyTask,
  createTask,
  deleteTask,
  editTask,
  numberCounts,
  previewAdd,
  reachable,
  readTask,
  requireKind,
} from './service';
import { removeNumbers } from './repo';
import { taskProgress } from '../../dialer/progress';
import { taskBatchRoutes } from './batchRoutes';

const TASK_MENUS = [...Object.values(TASK_MENU), OVERVIEW_MENU];

/** Any of the task menus; each route then checks the one it needs. */
async function anyTaskMenu(ctx: Context, next: Next): Promise<void> {
  if (!TASK_MENUS.some((m) => authOf(ctx).menus.includes(m))) throw forbidden();
  await next();
}

export function tasksRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/tasks' });
  r.use(anyTaskMenu);

  r.get('/', async (ctx) => {
    const q = query(ctx, listSchema);
    requireKind(authOf(ctx), q.kind);
    ok(ctx, await listTasks(deps.db, authOf(ctx).actor, q));
  });
  r.get('/overview', async (ctx) => {
    const auth = authOf(ctx);
    if (!auth.menus.includes(OVERVIEW_MENU)) throw forbidden();
    const rows = await runningTasks(deps.db, auth.actor, query(ctx, overviewSchema).scope === 'own');
    // The live run overview as of now; the dial scheduler's task:progress events keep it current.
    const progress = await taskProgress(
      deps.db,
      rows.map((x) => x.id),
    );
    ok(
      ctx,
      rows.map((x) => ({ ...x, progress: progress.get(x.id) ?? null })),
    );
  });
  r.get('/options', async (ctx) => {
    const auth = authOf(ctx);
    requireKind(auth, query(ctx, kindQuerySchema).kind);
    const owner = (await ownerOf(deps.db, auth.actor.id))!;
    const ds = await deps
      .db('dial_settings')
      .where('account_id', owner.id)
      .first('time_zone as dial_tz', 'call_start as dial_start', 'call_end as dial_end');
    ok(ctx, {
      ...(await pickerOptions(deps.db, owner)),
      aiSeats: owner.aiSeats,
      ...dialZone(ds ?? {}),
      billing: await billingOf(deps.db, owner),
    });
  });
  // The numbers step of a task not created yet: the picker's choices and the count preview.
  r.get('/numbers/sources', async (ctx) => ok(ctx, await numberSources(deps.db, authOf(ctx).actor)));
  r.post('/numbers/preview', async (ctx) =>
    ok(ctx, await previewAdd(deps, authOf(ctx), null, body(ctx, addNumbersSchema))),
  );
  r.post('/numbers/preview/upload', async (ctx) =>
    ok(ctx, await previewAdd(deps, authOf(ctx), null, { source: 'lines', lines: await uploadedLines(ctx) })),
  );
  r.post('/', async (ctx) => ok(ctx, await createTask(deps, authOf(ctx), body(ctx, taskSchema))));

  // The batch page's routes (batchRoutes.ts) before the /:id ones, which would take "batch" for an id.
  r.use(taskBatchRoutes(deps).routes());

  r.get('/:id', async (ctx) => ok(ctx, await readTask(deps, authOf(ctx), idParam(ctx))));
  r.put('/:id', async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await editTask(deps, authOf(ctx), id, body(ctx, taskSchema)));
  });
  r.post('/:id/copy', async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await copyTask(deps, authOf(ctx), id, body(ctx, copySchema).name));
  });
  r.delete('/:id', async (ctx) => {
    const id = idParam(ctx);
    requireTypedDelete(ctx);
    await deleteTask(deps, authOf(ctx), id);
    ok(ctx);
  });
  for (const action of ['start', 'pause', 'stop'] as const)
    r.post(`/:id/${action}`, async (ctx) => ok(ctx, await actOn(deps, authOf(ctx), idParam(ctx), action)));
  r.get('/:id/log', async (ctx) => {
    const id = idParam(ctx);
    await reachable(deps.db, authOf(ctx), id);
    ok(ctx, await statusLog(deps.db, authOf(ctx).actor, id));
  });

  r.get('/:id/numbers', async (ctx) => {
    const id = idParam(ctx);
    const q = query(ctx, numbersQuerySchema);
    await reachable(deps.db, authOf(ctx), id);
    const page = await listNumbers(deps.db, authOf(ctx).actor, id, q);
    ok(ctx, { ...page, counts: await numberCounts(deps, id) });
  });
  r.post('/:id/numbers', async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await addNumbers(deps, authOf(ctx), id, body(ctx, addNumbersSchema)));
  });
  r.post('/:id/numbers/preview', async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await previewAdd(deps, authOf(ctx), id, body(ctx, addNumbersSchema)));
  });
  // txt, csv, xls or xlsx, read by the customer import's parsers (numbers.ts uploadedLines).
  r.post('/:id/numbers/upload', async (ctx) => {
    const id = idParam(ctx);
    await reachable(deps.db, authOf(ctx), id);
    const lines = await uploadedLines(ctx);
    ok(ctx, await addNumbers(deps, authOf(ctx), id, { source: 'lines', lines }));
  });
  r.post('/:id/numbers/preview/upload', async (ctx) => {
    const id = idParam(ctx);
    await reachable(deps.db, authOf(ctx), id);
    const lines = await uploadedLines(ctx);
    ok(ctx, await previewAdd(deps, authOf(ctx), id, { source: 'lines', lines }));
  });
  r.post('/:id/numbers/remove', async (ctx) => {
    const id = idParam(ctx);
    const { ids } = body(ctx, removeNumbersSchema);
    await reachable(deps.db, authOf(ctx), id);
    const removed = await removeNumbers(deps.db, authOf(ctx).actor, id, ids);
    ok(ctx, { removed, counts: await numberCounts(deps, id) });
  });
  return r;
}
