// A customer export, run by the exports queue's consumer (server/src/processors/exports.ts): reads the
// selected customers in keyset batches and streams them into the file (never all rows in memory), then
// marks the job done and leaves a notice (type 100) so the header bell shows the download is ready
// (runJob.ts). Bull delivers at least once: a job already done or failed is skipped, and a re-run of an
// unfinished one writes its file again from the start.
import fs from 'node:fs';
import { translate, type Lang } from '../../../../../domain/messages';
import type { Deps } from '../../../deps';
import { phoneHash } from '../../../../../platform/secrets';
import { customerCells, headerRow } from './columns';
import { downloadName, exportDir } from './files';
import { runExportJob } from './runJob';
import { actorOf, exportById, selectedCustomers, tagNamesOf, type Selection } from './repo';
import { openWriter } from '../../../files/writers';
import type { ExportJobRow } from './presenters';

/** Runs one customer export to its end (the exports consumer; tests run it again to see a re-run). */
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
