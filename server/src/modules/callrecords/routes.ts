// Call records (SPEC §2 Call records; menus crm/dialrecord = every record of the subtree,
// dialcenter/callout = outbound records). Every route takes `?view=dialrecord|callout` (default
// dialrecord) and needs that view's menu. HTTP only: parse, authorize, call the service, shape the reply.
import fs from 'node:fs';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { phoneHash } from '../../../../platform/secrets';
import { VIEW_MENU, type CallRecordView } from '../../../../domain/callRecords';
import type { Deps } from '../../deps';
import { below, scoped } from '../../db/scope';
import { authOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import { body, idParam, parse } from '../../http/validate';
import { UUID } from '../testCalls/schema';
import { attachment } from '../../files/download';
import { CONTENT_TYPES, type ExportFormat } from '../../files/writers';
import { isExpired } from '../crm/exports/presenters';
import { tasksOf } from '../tasks/repo';
import { callAudioFiles } from '../../../../domain/callRecords';
import { servableFile } from './audio';
import { byteRange } from './range';
import { findOwnCallExport, presentCallExport, startCallExport } from './export';
import { countMatching, findByUuid, linesOf, listPage } from './repo';
import {
  allocateSchema,
  deleteSchema,
  exportSchema,
  filterSchema,
  focusSchema,
  listSchema,
  repeatDialSchema,
  selectionSchema,
  viewSchema,
} from './schema';
import { allocateRecords, deleteRecords, getDetail, moveToCustomers, repeatDial, setFocus } from './service';

const viewOf = (ctx: Context): CallRecordView => ctx.state.callRecordView as CallRecordView;

/** The page asking (query `view`) and its menu: 403 without it. */
async function requireView(ctx: Context, next: Next): Promise<void> {
  const { view } = parse(ctx, viewSchema, { view: ctx.query.view });
  if (!authOf(ctx).menus.includes(VIEW_MENU[view])) throw forbidden();
  ctx.state.callRecordView = view;
  await next();
}

function uuidParam(ctx: Context): string {
  const uuid = (ctx.params as { uuid: string }).uuid;
  if (!UUID.test(uuid)) throw badRequest('badRequest', { errors: [{ path: 'uuid', message: 'uuid' }] });
  return uuid.toLowerCase();
}

export function callRecordsRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/callrecords' });
  r.use(requireView);
  const hash = (digits: string) => phoneHash(deps.config.secretKey, digits);

  r.get('/', async (ctx) => {
    const { view: _v, after, limit, ...rest } = ctx.query;
    const page = parse(ctx, listSchema, { after, limit });
    const filter = parse(ctx, filterSchema, rest);
    ok(ctx, await listPage(deps.db, authOf(ctx).actor, viewOf(ctx), filter, page, hash));
  });

  // How many records the filter matches, for the list's "all N filtered" choice (counted up to 1,000,000).
  r.get('/count', async (ctx) => {
    const { view: _v, ...rest } = ctx.query;
    const filter = parse(ctx, filterSchema, rest);
    ok(ctx, { count: await countMatching(deps.db, authOf(ctx).actor, viewOf(ctx), filter, hash, 1_000_000) });
  });

  // What the filters and batch dialogs offer: tasks and bots of the subtree, subordinates to allocate to.
  r.get('/options', async (ctx) => {
    const { actor } = authOf(ctx);
    const [tasks, bots, accounts] = await Promise.all([
      tasksOf(deps.db, actor).orderBy('t.id', 'desc').limit(500).select('t.id', 't.name', 't.status'),
      scoped(deps.db('bots'), deps.db, actor)
        .whereNull('deleted_at')
        .orderBy('id')
        .limit(500)
        .select('id', 'name'),
      below(deps.db('accounts'), actor).orderBy('id').limit(500).select('id', 'account', 'real_name'),
    ]);
    ok(ctx, {
      tasks: tasks.map((t) => ({ id: Number(t.id), name: t.name, status: t.status })),
      bots: bots.map((b) => ({ id: Number(b.id), name: b.name })),
      accounts: accounts.map((a) => ({ id: Number(a.id), account: a.account, realName: a.real_name })),
    });
  });

  r.post('/exports', async (ctx) =>
    ok(ctx, await startCallExport(deps, authOf(ctx), ctx, viewOf(ctx), body(ctx, exportSchema))),
  );
  r.get('/exports/:id', async (ctx) => {
    const row = await findOwnCallExport(deps, authOf(ctx).actor.id, idParam(ctx));
    if (!row) throw notFound();
    ok(ctx, presentCallExport(row));
  });
  r.get('/exports/:id/file', async (ctx) => {
    const row = await findOwnCallExport(deps, authOf(ctx).actor.id, idParam(ctx));
    if (row?.status !== 'done' || !row.file_path || isExpired(row)) throw notFound();
    const handle = await fs.promises.open(row.file_path, 'r').catch(() => null);
    if (!handle) throw notFound();
    const name = String(row.file_name);
    ctx.set('Content-Type', CONTENT_TYPES[row.format as ExportFormat]);
    ctx.set('Content-Disposition', attachment(name));
    ctx.body = handle.createReadStream();
  });

  r.post('/move', async (ctx) =>
    ok(ctx, await moveToCustomers(deps, authOf(ctx), viewOf(ctx), body(ctx, selectionSchema))),
  );
  r.post('/allocate', async (ctx) =>
    ok(ctx, await allocateRecords(deps, authOf(ctx), viewOf(ctx), body(ctx, allocateSchema))),
  );
  r.post('/repeat-dial', async (ctx) =>
    ok(ctx, await repeatDial(deps, authOf(ctx), viewOf(ctx), body(ctx, repeatDialSchema))),
  );
  // The filtered delete: { confirm: 'delete', ids | filter } (SPEC §5 typed word).
  r.delete('/', async (ctx) =>
    ok(ctx, await deleteRecords(deps, authOf(ctx), viewOf(ctx), body(ctx, deleteSchema))),
  );

  r.get('/:uuid', async (ctx) => ok(ctx, await getDetail(deps, authOf(ctx), viewOf(ctx), uuidParam(ctx))));
  r.post('/:uuid/focus', async (ctx) =>
    ok(ctx, await setFocus(deps, authOf(ctx), viewOf(ctx), uuidParam(ctx), body(ctx, focusSchema).focus)),
  );
  // A voice file of the record (n: index in the record's distinct files); not an envelope. Byte ranges
  // are honoured (206, or 416 for a range past the end): browsers seek and read durations with them.
  r.get('/:uuid/audio/:n', async (ctx) => {
    const uuid = uuidParam(ctx);
    const n = Number((ctx.params as { n: string }).n);
    if (!/^\d{1,4}$/.test((ctx.params as { n: string }).n)) throw badRequest();
    const row = await findByUuid(deps.db, authOf(ctx).actor, viewOf(ctx), uuid);
    if (!row) throw notFound();
    const files = callAudioFiles(row.recording_path, await linesOf(deps.db, Number(row.id)));
    const file = files[n] && (await servableFile(files[n]));
    if (!file) throw notFound();
    const handle = await fs.promises.open(file, 'r').catch(() => null);
    if (!handle) throw notFound();
    const { size } = await handle.stat();
    const range = byteRange(ctx.get('Range') || undefined, size);
    ctx.set('Accept-Ranges', 'bytes');
    ctx.set('Cache-Control', 'private, no-store');
    if (range.kind === 'unsatisfiable') {
      await handle.close();
      ctx.set('Content-Range', `bytes */${size}`);
      throw new AppError(416, 416, 'rangeNotSatisfiable');
    }
    ctx.type = 'audio/wav';
    if (range.kind === 'partial') {
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
      ctx.length = range.end - range.start + 1;
      ctx.body = handle.createReadStream({ start: range.start, end: range.end });
    } else {
      ctx.status = 200;
      ctx.length = size;
      ctx.body = handle.createReadStream();
    }
  });
  return r;
}
