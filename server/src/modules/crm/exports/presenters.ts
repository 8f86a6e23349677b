// An export_jobs row as the API shows it (the download list and the job's status).
export interface ExportJobDto {
  exportJobId: number;
  kind: 'customers';
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

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** Whether the row's file is past its keeping time. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const isExpired = (r: any, now = Date.now()): boolean => new Date(r.expires_at).getTime() <= now;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function presentExport(r: any): ExportJobDto {
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
