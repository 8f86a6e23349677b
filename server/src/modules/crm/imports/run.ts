// One import, file to committed rows: parse (the file type's parser, loaded when first needed), stage
// in chunks (chunker.ts), classify and insert in one transaction (stage.ts), report. It runs in the
// import process (child.ts); runJob.ts hands it the jobs. Live progress to the importer's account
// room at most every 500 ms.
import fs from 'node:fs';
import path from 'node:path';
import { ImportOption } from '../../../../../domain/crm';
import type { Deps } from '../../../deps';
import { decryptSecret } from '../../../../../platform/secrets';
import pg from 'pg';
import { stripControls } from '../../../../../domain/spreadsheet';
import { log } from '../../../../../platform/log';
import { Chunker } from './chunker';
import { importLimits, jobDir } from './limits';
import { parseCsv } from './parsers/csv';
import { parseTxt } from './parsers/txt';
import { NoPhoneColumnError, type ParsedRow } from './parsers/types';
import { PHONE_HEADERS } from './columns';
import { fillIn, reasonsFor, type Reasons } from './reasons';
import { parseXls } from './parsers/xls';
import { importNotice } from './notice';
import { supplierDecrypter } from './phone';
import { presentProgress, type ImportJobRow } from './presenters';
import { toStage, type RowContext } from './rows';
import { actorOf, aesKeyEncOf, ancestorsOf, claimJob, jobById, subtreeOf, updateJob } from './repo';
import { openStage } from './stage';
import { phoneTreeKey } from '../customers/phoneLock';
import { countLines, type SheetFileType } from '../../../files/upload';
import { FileFaultError, ReaderCapError } from '../../../files/sheets/types';
import { XLS_MAX_ROWS } from '../../../files/sheets/xls';
import { checkZip, ZipCheckError } from '../../../files/zipCheck';

const parsers: Record<SheetFileType, (file: string) => AsyncGenerator<ParsedRow>> = {
  txt: parseTxt,
  csv: parseCsv,
  // Loaded on first use: exceljs takes a quarter of a second to load, and a text import never needs it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  xlsx: (file) => (require('./parsers/xlsx') as typeof import('./parsers/xlsx')).parseXlsx(file),
  xls: parseXls,
};

/**
 * Rows per chunk: big enough that each chunk's sorted insert sweeps the dedupe index once for many
 * rows, small enough that parsing and the database overlap (and a chunk's text stays a few MB).
 */
export function chunkRows(rowsTotal: number): number {
  const { minChunkRows, maxChunkRows } = importLimits;
  return Math.max(minChunkRows, Math.min(maxChunkRows, Math.ceil(rowsTotal / 6)));
}

/** Imports at least this large refresh the customers table's planner statistics when they commit. */
export const ANALYZE_AFTER_ROWS = 10_000;

/** What an import needs of the server: the database, the config and the account rooms. */
export interface ImportDeps {
  db: Deps['db'];
  config: Deps['config'];
  live: Pick<Deps['live'], 'toUser'>;
}

async function emit(deps: ImportDeps, id: number): Promise<void> {
  const row = await jobById(deps.db, id);
  if (row) deps.live.toUser(Number(row.account_id), 'import:progress', presentProgress(row));
}

/** Runs one import to its end. Exported for tests (re-runs) and for a future CLI. */
export async function runImport(deps: ImportDeps, id: number, lastAttempt = true): Promise<void> {
  const job = await jobById(deps.db, id);
  // Conditional, so a late second delivery cannot turn a job that just finished back into running.
  if (!job || !(await claimJob(deps.db, id))) return;
  await emit(deps, id);
  try {
    await importFile(deps, job);
  } catch (e) {
    if (e instanceof NoPhoneColumnError) e.message = noPhoneColumn(reasonsFor(job.lang), e.found);
    const fileFault = e instanceof FileFaultError;
    if (!fileFault && !lastAttempt) throw e; // Bull tries again
    if (!fileFault) log.error('import failed', { id, err: String((e as Error).stack ?? e) });
    await updateJob(deps.db, id, {
      status: 'failed',
      error: jobError(reasonsFor(job.lang), e),
      finished_at: deps.db.fn.now(),
    });
  }
  await emit(deps, id);
  // The bell's notice, linking to the report; a lost notice is only logged (the job is finished).
  await importNotice(deps, id).catch((e: Error) =>
    log.error('import notice failed', { id, err: String(e.stack ?? e) }),
  );
  // The supplier's file is not kept once the job has ended (the report stays for download).
  await fs.promises.rm(job.file_path, { force: true });
}

/**
 * The job's error as the importer reads it: a file fault says what is wrong with the file (without
 * control characters: a header cell's NUL would fail the update); a database error or any other
 * failure is a clean sentence in the importer's language, never the driver's message (that is logged).
 */
export function jobError(r: Reasons, e: unknown): string {
  if (e instanceof ReaderCapError)
    return e.cap === 'memory'
      ? r.memoryCap.replace('{mb}', String(e.limit))
      : r.timeCap.replace('{s}', String(e.limit));
  if (e instanceof FileFaultError && e.said)
    return stripControls(fillIn(r[e.said.key], e.said.params)).slice(0, 2000);
  if (e instanceof FileFaultError) return stripControls(e.message).slice(0, 2000);
  if (e instanceof pg.DatabaseError) return r.dbError.replace('{code}', e.code ?? '?');
  return r.internal;
}

/** The job's error for a header row without a phone column, in the importer's language. */
export const noPhoneColumn = (r: Reasons, found: string[]): string =>
  r.noPhoneColumn
    .replace(
      '{found}',
      found
        .map((h) => h.trim())
        .filter(Boolean)
        .join(', ') || '—',
    )
    .replace('{names}', PHONE_HEADERS.join(', '));

/**
 * Option 4: the supplier's decrypter when the importer has set a key; otherwise undefined (a plain
 * file needs none: its numbers are encrypted here, and only non-number cells need the key).
 */
async function supplierDecrypterOf(deps: ImportDeps, job: ImportJobRow): Promise<RowContext['decrypt']> {
  if (job.option !== ImportOption.DedupeEncrypted) return undefined;
  const enc = await aesKeyEncOf(deps.db, Number(job.account_id));
  return enc ? supplierDecrypter(decryptSecret(deps.config.secretKey, enc)) : undefined;
}

async function importFile(deps: ImportDeps, job: ImportJobRow): Promise<void> {
  const id = Number(job.id);
  const file = job.file_path;
  const type = job.file_type as keyof typeof parsers;
  if (!fs.existsSync(file))
    throw new FileFaultError('the uploaded file is no longer available', { key: 'fileGone' });
  const actor = await actorOf(deps.db, Number(job.account_id));
  // Option 4's decrypter, the hasher: built once for the file.
  const reasons = reasonsFor(job.lang);
  const ctx: RowContext = {
    option: job.option,
    secretKey: deps.config.secretKey,
    decrypt: await supplierDecrypterOf(deps, job),
    reasons,
  };
  const zip =
    type === 'xlsx'
      ? await checkZip(file, importLimits).catch((e: Error) => {
          throw e instanceof ZipCheckError
            ? new FileFaultError(e.message, { key: 'badZip', params: { detail: e.message } })
            : e;
        })
      : undefined;
  // A cheap newline count gives the progress bar its total for text files (workbooks: known at the end).
  const rowsTotal = zip || type === 'xls' ? 0 : await countLines(file);
  await updateJob(deps.db, id, { rows_total: rowsTotal });
  const stage = await openStage(deps.config.databaseUrl, {
    jobId: id,
    accountId: actor.id,
    subtreeIds: await subtreeOf(deps.db, actor),
    ancestorIds: ancestorsOf(actor),
    treeKey: phoneTreeKey(actor.path),
    reasons,
    removeIf: job.option === ImportOption.DedupeRemoveByCondition ? job.params : undefined,
  });
  if (!stage) return; // another run finished it while we waited for its lock
  // One chunk in the database while the next is parsed: Node and PostgreSQL work at the same time.
  let storing: Promise<void> = Promise.resolve();
  const chunker = new Chunker(
    // xlsx: a row of a few cells inflates to roughly 100 bytes of sheet XML.
    chunkRows(zip ? Math.ceil(zip.unzippedBytes / 100) : type === 'xls' ? XLS_MAX_ROWS : rowsTotal),
    async (chunk) => {
      await storing;
      await stage.copyChunk(chunk); // then the chunker may fill its buffer again
      storing = stage.storeChunk();
      storing.catch(() => undefined); // surfaced by the next chunk or after the last
    },
    reasons.repeatsRow,
  );
  try {
    let n = 0;
    let lastTick = Date.now();
    for await (const row of parsers[type](file)) {
      if (++n > importLimits.maxRows)
        throw new FileFaultError(`the file has more than ${importLimits.maxRows} data rows`, {
          key: 'tooManyRows',
          params: { max: importLimits.maxRows },
        });
      const busy = chunker.add(toStage(row, ctx));
      if (busy) await busy; // only when a full chunk waits for the one before it
      if ((n & 1023) === 0) {
        // Socket writes happen only when the event loop polls: a parse that never yields starves the
        // COPY of the chunk before (its 16 MB took up to a second to reach the database).
        await new Promise((resolve) => setImmediate(resolve));
        if (Date.now() - lastTick >= 500) {
          lastTick = Date.now();
          await updateJob(deps.db, id, { rows_done: n });
          await emit(deps, id);
        }
      }
    }
    if (n === 0) throw new FileFaultError('the file has no data rows', { key: 'noDataRows' });
    await chunker.end();
    await storing;
    await updateJob(deps.db, id, { rows_done: n });
    const counters = await stage.finish(path.join(jobDir(id), 'report.csv'), chunker.counters);
    // A big import changes the table at once; autovacuum refreshes the statistics only later, and until
    // then the planner can pick a filtered-list plan that grows with the table (seen in the customers
    // bench right after a bulk load). Refreshing them now is a sample of the table, a second or two.
    if (counters.imported >= ANALYZE_AFTER_ROWS) await stage.client.query('ANALYZE customers');
  } finally {
    // On any failure the transaction is still open: ending the session rolls it back (a half-done
    // COPY included), so nothing of this run stays.
    await stage.client.end().catch(() => undefined);
  }
}
