import type { ImportJobDto } from '../../../../../domain/crm';
import type { ImportProgress } from '../../../../../domain/events';

export type { ImportJobDto };

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const presentProgress = (r: any): ImportProgress => ({
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const presentJob = (r: any): ImportJobDto => ({
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
