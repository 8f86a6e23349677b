// The exports queue's processor: reads the selected customers in keyset batches and streams them into
// the file (never all rows in memory), then marks the job done and leaves a notice (type 100) so the
// header bell shows the download is ready. Bull delivers at least once: a job already done or failed
// is skipped, and a re-run of an unfinished one writes its file again from the start.
import fs from 'node:fs';
import type Bull from 'bull';
import { translate, type Lang } from '../../../../../domain/messages';
import type { Deps } from '../../../deps';
import { log } from '../../../../../platform/log';
import { phoneHash } from '../../../../../platform/secrets';
import { customerCells, headerRow } from './columns';
import { downloadName, exportDir } from './files';
import { actorOf, exportById, selectedCustomers, tagNamesOf, type Selection } from './repo';
import { failUnfinishedExport, runExportJob } from './runJob';
import { SWEEP_EVERY_MS, sweepExpired } from './sweep';
import { openWriter } from './writers';
import type { ExportJobRow } from './presenters';
import { onStalledOut, stoppedProcessing } from '../../../../../platform/queue';
import { EXPORT_JOB, runCallExport } from '../../callrecords/export';

const started = new WeakSet<object>();

/** Starts the exports processor of this process (customer and call-record exports, once per queue),
 * and the hourly sweep of expired files (a Bull repeatable job: one process runs it at a time). */
export function processExports(deps: Deps): void {
  const q = deps.queues.exports;
  if (started.has(q)) return;
  started.add(q);
  // One consumer for every job of the queue (customer exports, call-record exports, the sweep): each
  // process() call is a consumer loop of its own on Bull's one blocking connection, and closing several
  // at shutdown left an unhandled "Connection is closed.".
  q.process('*', 1, async (job: Bull.Job<{ exportJobId: number }>) => {
    if (job.name === 'sweep') return sweepExpired(deps);
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (job.name === EXPORT_JOB) return runCallExport(deps, job.data.exportJobId, lastAttempt);
    await runExport(deps, job.data.exportJobId, lastAttempt);
  }).catch(stoppedProcessing(q));
  onStalledOut(q, async (job, why) => {
    if (job.name !== 'sweep') await failUnfinishedExport(deps, job.data.exportJobId, why);
  });
  q.add(
    'sweep',
    { exportJobId: 0 },
    {
      repeat: { every: SWEEP_EVERY_MS },
      jobId: 'exports-sweep',
      removeOnComplete: true,
      removeOnFail: 100,
    },
  ).catch((e: Error) => log.error('exports sweep not scheduled', { err: String(e.stack ?? e) }));
}

/** Runs one export to its end. Exported for tests (re-runs). */
export async function runExport(deps: Deps, id: number, lastAttempt = true): Promise<void> {
  const job = await exportById(deps.db, id);
  if (!job || job.status === 'done' || job.status === 'failed') return;
  const format = job.format;
  await runExportJob(deps, {
    id,
    accountId: Number(job.account_id),
    format,
    fileName: downloadName(id, format, new Date(job.created_at)),
    write: (file) => writeFile(deps, job, file),
    bodyKey: 'exportReady.customersBody',
    logName: 'export',
    lastAttempt,
  });
}

async function writeFile(deps: Deps, job: ExportJobRow, file: string): Promise<number> {
  const lang = job.lang as Lang;
  const actor = await actorOf(deps.db, Number(job.account_id));
  const hash = (digits: string) => phoneHash(deps.config.secretKey, digits);
  await fs.promises.mkdir(exportDir(), { recursive: true });
  const out = openWriter(job.format, file, translate(lang, 'export.sheetName'));
  let rows = 0;
  try {
    await out.row(headerRow(lang));
    for await (const batch of selectedCustomers(deps.db, actor, job.filter as Selection, hash)) {
      const tags = await tagNamesOf(
        deps.db,
        batch.map((c) => Number(c.id)),
      );
      for (const c of batch) await out.row(customerCells(c, tags.get(Number(c.id)) ?? [], lang));
      rows += batch.length;
    }
  } finally {
    await out.close();
  }
  return rows;
}
