// Shared by the import integration tests: multipart upload with the session pair, waiting for a job.
import fs from 'node:fs';
import path from 'node:path';
import type { Envelope } from '../../../../../domain/api';
import type { ApiClient } from '../../../../../test/apiClient';
import type { ImportJobDto } from './presenters';

export async function upload(
  c: ApiClient,
  file: string,
  option: number,
  params?: unknown,
  lang?: 'zh-CN' | 'en',
  // The demo accounts' login password, which stands in until an export password is set.
  password = 'demo1234',
): Promise<{ status: number; body: Envelope<ImportJobDto> }> {
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  form.append('option', String(option));
  if (params !== undefined) form.append('params', JSON.stringify(params));
  if (lang) form.append('lang', lang);
  form.append('password', password);
  // The client sends its language both ways: the job's `lang` and the request's Accept-Language.
  const res = await fetch(`${c.baseUrl}/api/crm/imports`, {
    method: 'POST',
    headers: {
      cookie: `Auth=${c.cookie}`,
      authorization: `Bearer ${c.token}`,
      'accept-language': lang ?? 'zh-CN',
    },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Envelope<ImportJobDto> };
}

/** Polls the job until it is done or failed. */
export async function finished(c: ApiClient, id: number, timeoutMs = 60_000): Promise<ImportJobDto> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const j = (await c.get<ImportJobDto>(`/api/crm/imports/${id}`)).body.data!;
    if (j.status === 'done' || j.status === 'failed') return j;
    if (Date.now() > end) throw new Error(`import ${id} still ${j.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function importAndWait(
  c: ApiClient,
  file: string,
  option: number,
  params?: unknown,
  lang?: 'zh-CN' | 'en',
  password?: string,
) {
  const r = await upload(c, file, option, params, lang, password);
  if (r.body.code !== 200) throw new Error(`upload refused: ${JSON.stringify(r.body)}`);
  return finished(c, r.body.data!.importJobId);
}

export async function report(c: ApiClient, id: number) {
  const res = await fetch(`${c.baseUrl}/api/crm/imports/${id}/report`, {
    headers: { cookie: `Auth=${c.cookie}`, authorization: `Bearer ${c.token}` },
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}
