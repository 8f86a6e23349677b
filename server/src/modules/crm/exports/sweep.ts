// Files are kept KEEP_DAYS (repo.ts): an hourly sweep removes the files of expired exports. The rows
// stay in the download list, shown as expired.
import fs from 'node:fs';
import type { Deps } from '../../../deps';

export const SWEEP_EVERY_MS = 3_600_000;

/** Removes expired export files; returns how many. Safe to run twice or from several processes. */
export async function sweepExpired(deps: Deps): Promise<number> {
  const rows: { id: string; file_path: string }[] = await deps
    .db('export_jobs')
    .whereNotNull('file_path')
    .where('expires_at', '<=', deps.db.fn.now())
    .limit(1000)
    .select('id', 'file_path');
  for (const r of rows) {
    await fs.promises.rm(r.file_path, { force: true });
    await deps.db('export_jobs').where({ id: r.id }).update({ file_path: null });
  }
  return rows.length;
}
