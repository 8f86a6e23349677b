import type { ImportJobDto } from '../../../../../domain/crm';
import type { ImportProgress } from '../../../../../domain/events';

export type { ImportJobDto };

/** An import_jobs row as pg returns it (bigint ids as text). */
export interface ImportJobRow {
  id: string;
  account_id: string;
  created_by: string;
  /** customers | blacklist */
  target: string;
  file_name: string;
  file_type: string;
  file_path: string;
  option: number;
  /** Option 3's removal conditions (schema.ts removeIf); {} for the other options. */
  params: { calledWithinDays?: number; grades?: number[] };
  status: ImportProgress['status'];
  rows_total: number;
  rows_done: number;
  imported: number;
  updated: number;
  duplicates: number;
  invalid: number;
  blacklisted: number;
  removed: number;
  report_path: string | null;
  error: string | null;
  lang: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export const presentProgress = (r: ImportJobRow): ImportProgress => ({
  importJobId: Number(r.id),
  status: r.status,
  rowsDone: r.rows_done,
  rowsTotal: r.rows_total,
  imported: r.imported,
  updated: r.updated ?? 0,
  duplicates: r.duplicates,
  invalid: r.invalid,
  blacklisted: r.blacklisted,
  removed: r.removed,
  ...(r.error ? { error: r.error } : {}),
});

export const presentJob = (r: ImportJobRow): ImportJobDto => ({
  ...presentProgress(r),
  fileName: r.file_name,
  fileType: r.file_type,
  option: r.option,
  params: r.params ?? {},
  hasReport: Boolean(r.report_path),
  createdAt: iso(r.created_at)!,
  startedAt: iso(r.started_at),
  finishedAt: iso(r.finished_at),
});
