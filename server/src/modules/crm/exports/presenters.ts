// An export_jobs row as the API shows it (the download list and the job's status).
export interface ExportJobDto {
  exportJobId: number;
  kind: 'customers' | 'calls';
  format: 'xlsx' | 'csv';
  status: 'queued' | 'running' | 'done' | 'failed' | 'expired';
  rows: number;
  fileName: string | null;
  /** Where to download the file while it is kept (status done), else null. */
  downloadUrl: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string;
}

/** An export_jobs row as pg returns it (bigint ids as text). */
export interface ExportJobRow {
  id: string;
  account_id: string;
  created_by: string;
  /** customers, or calls (call record exports share the table and the download list). */
  kind: 'customers' | 'calls';
  format: 'xlsx' | 'csv';
  lang: string;
  /** The selection the job exports (its shape is the kind's: Selection or CallSelection). */
  filter: unknown;
  status: 'queued' | 'running' | 'done' | 'failed';
  rows: number;
  file_path: string | null;
  file_name: string | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** Whether the row's file is past its keeping time. */
export const isExpired = (r: Pick<ExportJobRow, 'expires_at'>, now = Date.now()): boolean =>
  new Date(r.expires_at).getTime() <= now;

export function presentExport(r: ExportJobRow): ExportJobDto {
  const expired = r.status === 'done' && isExpired(r);
  const status = expired ? 'expired' : r.status;
  return {
    exportJobId: Number(r.id),
    kind: r.kind,
    format: r.format,
    status,
    rows: r.rows,
    fileName: r.file_name,
    downloadUrl: status === 'done' ? `/api/crm/exports/${Number(r.id)}/file` : null,
    error: r.error,
    createdAt: iso(r.created_at)!,
    finishedAt: iso(r.finished_at),
    expiresAt: iso(r.expires_at)!,
  };
}
