// Running one export_jobs row to its end, shared by the customer and the call record exports: marks
// it running, writes the file under a name of this run and renames it (a second run of the same job,
// a stalled job Bull hands out again, never writes into the file the first one is writing or has
// finished), then marks it done and leaves a notice (type 100) so the header bell shows the download
// is ready. A failure is retried by Bull; the last attempt marks the job failed.
import fs from 'node:fs';
import type { NoticeKey } from '../../../../../domain/notices';
import type { Deps } from '../../../deps';
import { log } from '../../../../../platform/log';
import { notify } from '../../notices/service';
import { exportFile } from './files';
import { updateExport } from './repo';
import type { ExportFormat } from '../../../files/writers';

/** Notice type "system" (SPEC §4 notice message types). */
const NOTICE_SYSTEM = 100;

export async function runExportJob(
  deps: Deps,
  o: {
    id: number;
    accountId: number;
    format: ExportFormat;
    /** The download's file name. */
    fileName: string;
    /** Writes every row into the file and returns how many it wrote. */
    write(file: string): Promise<number>;
    /** The notice's body key (notices' exportReady.*). */
    bodyKey: NoticeKey;
    /** How the log names this kind of export. */
    logName: string;
    lastAttempt: boolean;
  },
): Promise<void> {
  const { id } = o;
  await updateExport(deps.db, id, { status: 'running', rows: 0, error: null });
  const file = exportFile(id, o.format);
  const part = `${file}.${process.pid}-${Date.now()}.part`;
  let rows: number;
  try {
    rows = await o.write(part);
    await fs.promises.rename(part, file);
  } catch (e) {
    await fs.promises.rm(part, { force: true });
    if (!o.lastAttempt) throw e; // Bull tries again
    log.error(`${o.logName} failed`, { id, err: String((e as Error).stack ?? e) });
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
    file_name: o.fileName,
    finished_at: deps.db.fn.now(),
  });
  // The file is ready whatever happens to the notice; a lost notice is only logged. The file is in
  // the requester's language; the notice is in whatever language its reader has chosen.
  await notify(deps, {
    accountId: o.accountId,
    type: NOTICE_SYSTEM,
    titleKey: 'exportReady.title',
    bodyKey: o.bodyKey,
    // exportId: the bell links the notice to this file (client notices/links.ts).
    params: { rows, file: o.fileName, exportId: id },
  }).catch((e: Error) => log.error(`${o.logName} notice failed`, { id, err: String(e.stack ?? e) }));
}

/**
 * Marks an export that is still queued or running as failed (a finished one stays as it is): Bull
 * gave its job up after it stalled again and again, so nothing else will finish it.
 */
export async function failUnfinishedExport(deps: Deps, id: number, why: string): Promise<void> {
  const n = await deps
    .db('export_jobs')
    .where({ id })
    .whereIn('status', ['queued', 'running'])
    .update({ status: 'failed', error: `export failed: ${why}`, finished_at: deps.db.fn.now() });
  if (n) log.error('export failed', { id, err: why });
}
