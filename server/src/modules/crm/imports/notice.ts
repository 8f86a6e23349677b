// The bell's notice when an import ends (run.ts): done with its counts, or failed. The notice names
// the job (params.importJobId), so the bell links a done import to its report (client notices/links.ts).
// It is written by the import process with the job's own pool and pushed through its emitter.
import type { Knex } from 'knex';
import { NoticeType } from '../../../../../domain/codes';
import { Events } from '../../../../../domain/events';
import { insertNotice } from '../../notices/repo';
import { jobById } from './repo';
import type { ImportDeps } from './run';

export async function importNotice(deps: ImportDeps, id: number): Promise<void> {
  const row = await jobById(deps.db, id);
  if (!row || (row.status !== 'done' && row.status !== 'failed')) return;
  const accountId = Number(row.account_id);
  const done = row.status === 'done';
  const notice = await insertNotice(deps.db as unknown as Knex, {
    accountId,
    type: NoticeType.System,
    titleKey: done ? 'importDone.title' : 'importFailed.title',
    bodyKey: done ? 'importDone.body' : 'importFailed.body',
    params: done
      ? {
          importJobId: id,
          file: String(row.file_name),
          imported: Number(row.imported),
          duplicates: Number(row.duplicates),
          invalid: Number(row.invalid),
        }
      : { importJobId: id, file: String(row.file_name) },
  });
  deps.live.toUser(accountId, Events.NoticeNew, notice);
}
