// Shared by the export integration tests: start an export, wait for it, download its file.
import type { Envelope } from '../../../../../domain/api';
import type { ApiClient } from '../../../../../test/apiClient';
import type { ExportJobDto } from './presenters';

export const PASSWORD = 'demo1234'; // no export password set: the login password stands in (SPEC §5)

export const startExport = (c: ApiClient, body: Record<string, unknown>) =>
  c.post<ExportJobDto>('/api/crm/exports', { password: PASSWORD, ...body });

/** Polls the export until it is done or failed. */
export async function finished(c: ApiClient, id: number, timeoutMs = 30_000): Promise<ExportJobDto> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const j = (await c.get<ExportJobDto>(`/api/crm/exports/${id}`)).body.data!;
    if (j.status === 'done' || j.status === 'failed') return j;
    if (Date.now() > end) throw new Error(`export ${id} still ${j.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function exportAndWait(c: ApiClient, body: Record<string, unknown>): Promise<ExportJobDto> {
  const r = await startExport(c, body);
  if (r.body.code !== 200) throw new Error(`export refused: ${JSON.stringify(r.body)}`);
  return finished(c, r.body.data!.exportJobId);
}

/** The file download: raw bytes, or the envelope of a refusal. */
export async function download(c: ApiClient, id: number) {
  const res = await fetch(`${c.baseUrl}/api/crm/exports/${id}/file`, {
    headers: { cookie: `Auth=${c.cookie}`, authorization: `Bearer ${c.token}` },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const envelope = (res.headers.get('content-type') ?? '').startsWith('application/json')
    ? (JSON.parse(bytes.toString('utf8')) as Envelope)
    : null;
  return { status: res.status, headers: res.headers, bytes, envelope };
}
