// Call record exports, on the customer exports' machinery: the export password (checkPassword), an
// export_jobs row (kind 'calls', in the caller's download list, kept 7 days and swept the same way),
// a job on the exports queue (named 'calls'), the streaming writers, and a notice when it is ready.
// Rows are read in keyset batches (id order), never all at once.
import fs from 'node:fs';
import type { Context } from 'koa';
import { phoneHash } from '../../../../platform/secrets';
import type { CallRecordView } from '../../../../domain/callRecords';
import type { Lang } from '../../../../domain/messages';
import type { Deps } from '../../deps';
import { langOf } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { checkPassword } from '../auth/service';
import type { AuthContext } from '../auth/sessions';
import { exportDir } from '../crm/exports/files';
import { runExportJob } from '../crm/exports/runJob';
import { presentExport, type ExportJobDto, type ExportJobRow } from '../crm/exports/presenters';
import { KEEP_DAYS, actorOf, exportById, nextExportId } from '../crm/exports/repo';
import { openWriter } from '../../files/writers';
import { exportHeader, exportCells, EXPORT_WORDS } from './columns';
import { applyFilter, records, ROW_COLUMNS, withNames } from './repo';
import type { RecordRow } from './rows';
import type { ExportInput, Filter } from './schema';
import { assertSelection } from './service';

export const EXPORT_JOB = 'calls';

interface CallSelection {
  view: CallRecordView;
  filter?: Filter;
  ids?: number[];
}

export type CallExportDto = Omit<ExportJobDto, 'kind'> & { kind: 'calls' };

export const presentCallExport = (r: ExportJobRow): CallExportDto => {
  const dto = presentExport(r);
  return {
    ...dto,
    kind: 'calls',
    downloadUrl: dto.downloadUrl && `/api/callrecords/exports/${dto.exportJobId}/file`,
  };
};

const hashOf = (deps: Deps) => (d: string) => phoneHash(deps.config.secretKey, d);

function selectionQuery(deps: Deps, actor: Parameters<typeof records>[1], sel: CallSelection) {
  const q = applyFilter(withNames(records(deps.db, actor, sel.view)), sel.filter ?? {}, hashOf(deps));
  if (sel.ids) q.whereIn('k.id', sel.ids);
  return q;
}

export async function startCallExport(
  deps: Deps,
  auth: AuthContext,
  ctx: Context,
  view: CallRecordView,
  v: ExportInput,
): Promise<CallExportDto> {
  const lang = langOf(ctx);
  await checkPassword(deps, auth, 'export', v.password, {
    ip: ctx.ip,
    userAgent: ctx.get('user-agent'),
    lang,
  });
  const sel: CallSelection = {
    view,
    ...(v.filter ? { filter: v.filter } : {}),
    ...(v.ids ? { ids: [...new Set(v.ids)] } : {}),
  };
  await assertSelection(deps, auth, view, sel);
  if (!(await selectionQuery(deps, auth.actor, sel).first('k.id'))) throw badRequest('export.noData');
  const id = await nextExportId(deps.db);
  const [row] = await deps
    .db('export_jobs')
    .insert({
      id,
      account_id: auth.actor.id,
      created_by: auth.actor.id,
      kind: 'calls',
      format: v.format,
      lang,
      filter: JSON.stringify(sel),
      status: 'queued',
      expires_at: deps.db.raw(`now() + interval '${KEEP_DAYS} days'`),
    })
    .returning('*');
  await deps.queues.exports.add(
    EXPORT_JOB,
    { exportJobId: id },
    { jobId: `export:${id}`, attempts: 3, backoff: { type: 'exponential', delay: 5000 } },
  );
  return presentCallExport(row);
}

/** One of the caller's own call exports, or undefined. */
export const findOwnCallExport = (deps: Deps, accountId: number, id: number) =>
  deps.db('export_jobs').where({ id, account_id: accountId, kind: 'calls' }).first();

/** Runs one call export to its end; a job already done or failed is skipped (at-least-once). */
export async function runCallExport(deps: Deps, id: number, lastAttempt = true): Promise<void> {
  const job = await exportById(deps.db, id);
  if (!job || job.kind !== 'calls' || job.status === 'done' || job.status === 'failed') return;
  const format = job.format;
  const at = new Date(job.created_at);
  await runExportJob(deps, {
    id,
    accountId: Number(job.account_id),
    format,
    fileName: `calls-${at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${id}.${format}`,
    write: (file) => writeFile(deps, job, file),
    bodyKey: 'exportReady.callsBody',
    logName: 'call export',
    lastAttempt,
  });
}

async function writeFile(deps: Deps, job: ExportJobRow, file: string): Promise<number> {
  const lang = job.lang as Lang;
  const actor = await actorOf(deps.db, Number(job.account_id));
  const sel = job.filter as CallSelection;
  await fs.promises.mkdir(exportDir(), { recursive: true });
  const out = openWriter(job.format, file, EXPORT_WORDS[lang].sheet);
  let rows = 0;
  try {
    await out.row(exportHeader(lang));
    let after = 0;
    for (;;) {
      const batch = await selectionQuery(deps, actor, sel)
        .where('k.id', '>', after)
        .orderBy('k.id')
        .limit(2000)
        .select<RecordRow[]>([
          ...ROW_COLUMNS,
          deps.db.raw("coalesce(nullif(c.name, ''), tn.name, '') as name"),
        ]);
      for (const r of batch) await out.row(exportCells(r, lang));
      rows += batch.length;
      if (batch.length < 2000) break;
      after = Number(batch[batch.length - 1]!.id);
    }
  } finally {
    await out.close();
  }
  return rows;
}
