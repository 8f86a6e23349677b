// The exports queue's processor: reads the selected customers in keyset batches and streams them into
// the file (never all rows in memory), then marks the job done and leaves a notice (type 100) so the
// header bell shows the download is ready. Bull delivers at least once: a job already done or failed
// is skipped, and a re-run of an unfinished one writes its file again from the start.
import fs from 'node:fs';
import type Bull from 'bull';
import { translate, type Lang } from '../../../../../domain/messages';
import type { Deps } from '../../../deps';
import { log } from '../../../lib/log';
import { phoneHash } from '../../../../../config/secrets';
import { notify } from '../../notices/service';
import { customerCells, headerRow } from './columns';
import { downloadName, exportDir, exportFile } from './files';
import { actorOf, exportById, selectedCustomers, tagNamesOf, updateExport, type Selection } from './repo';
import { SWEEP_EVERY_MS, sweepExpired } from './sweep';
import { openWriter, type ExportFormat } from './writers';

/** Notice type "system" (SPEC §4 notice message types). */
const NOTICE_SYSTEM = 100;

const started = new WeakSet<object>();

/** Starts the exports processor of this process (once per queue, whoever calls it first), and the
 * hourly sweep of expired files (a Bull repeatable job: one process runs it at a time). */
export function processExports(deps: Deps): void {
  const q = deps.queues.exports;
  if (started.has(q)) return;
  started.add(q);
  void q.process(1, async (job: Bull.Job<{ exportJobId: number }>) => {
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    await runExport(deps, job.data.exportJobId, lastAttempt);
  });
  void q.process('sweep', () => sweepExpired(deps));
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
  await updateExport(deps.db, id, { status: 'running', rows: 0, error: null });
  const format = job.format as ExportFormat;
  const file = exportFile(id, format);
  const fileName = downloadName(id, format, new Date(job.created_at));
  // Written under a name of this run, then renamed: a second run of the same job (a stalled job
  // Bull hands out again) never writes into the file the first one is writing or has finished.
  const part = `${file}.${process.pid}-${Date.now()}.part`;
  let rows: number;
  try {
    rows = await writeFile(deps, job, part);
    await fs.promises.rename(part, file);
  } catch (e) {
    await fs.promises.rm(part, { force: true });
    if (!lastAttempt) throw e; // Bull tries again
    log.error('export failed', { id, err: String((e as Error).stack ?? e) });
    await updateExport(deps.db, id, {
      status: 'failed',
      error: `export failed: ${(e as Error).message}`,
      finished_at: deps.db.fn.now(),
    });
    return;
  }
  await updateExport(deps.db, id, {
    status: 'done',
    rows,
    file_path: file,
    file_name: fileName,
    finished_at: deps.db.fn.now(),
  });
  // The file is ready whatever happens to the notice; a lost notice is only logged.
  const lang = job.lang as Lang;
  await notify(deps, {
    accountId: Number(job.account_id),
    type: NOTICE_SYSTEM,
    title: translate(lang, 'export.readyTitle'),
    content: translate(lang, 'export.readyBody', { rows, file: fileName }),
  }).catch((e: Error) => log.error('export notice failed', { id, err: String(e.stack ?? e) }));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function writeFile(deps: Deps, job: any, file: string): Promise<number> {
  const lang = job.lang as Lang;
  const actor = await actorOf(deps.db, Number(job.account_id));
  const hash = (digits: string) => phoneHash(deps.config.secretKey, digits);
  await fs.promises.mkdir(exportDir(), { recursive: true });
  const out = openWriter(job.format as ExportFormat, file, translate(lang, 'export.sheetName'));
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
