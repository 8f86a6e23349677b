// Helpers of the bots integration tests: WAV bytes, multipart uploads and raw (non-envelope) replies.
import type { BotDetail } from '../../../../domain/bot/api';
import type { ApiClient } from '../../../../test/apiClient';

/** A PCM WAV of silence. */
export function makeWav(channels: number, sampleRate: number, ms = 200, bits = 16): Buffer {
  const bytes = Math.round((sampleRate * ms) / 1000) * channels * (bits / 8);
  const b = Buffer.alloc(44 + bytes);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + bytes, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(channels, 22);
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE((sampleRate * channels * bits) / 8, 28);
  b.writeUInt16LE((channels * bits) / 8, 32);
  b.writeUInt16LE(bits, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(bytes, 40);
  return b;
}

const headersOf = (c: ApiClient): Record<string, string> => ({
  'accept-language': c.lang,
  ...(c.cookie ? { cookie: `Auth=${c.cookie}` } : {}),
  ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
});

/** Any request, reply not parsed (file downloads, audio). */
export function raw(c: ApiClient, method: string, path: string, body?: unknown): Promise<Response> {
  const headers = headersOf(c);
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(c.baseUrl + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A multipart upload of one file plus fields; the envelope reply. */
export async function upload<T = unknown>(
  c: ApiClient,
  path: string,
  file: Buffer | string,
  fileName: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), fileName);
  const res = await fetch(c.baseUrl + path, { method: 'POST', headers: headersOf(c), body: form });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; message: string; data: T | null },
  };
}

export const newBot = async (c: ApiClient, name = '测试机器人') => {
  const r = await c.post<BotDetail>('/api/bots', {
    name,
    industry: '金融',
    industrySubtype: '贷款',
    description: '',
  });
  if (r.status !== 200) throw new Error(`create bot: ${JSON.stringify(r.body)}`);
  return r.body.data!;
};
