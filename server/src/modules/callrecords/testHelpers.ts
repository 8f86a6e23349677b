// Shared by the call record integration tests: records written straight into calls (the media worker
// and the dial scheduler are not part of these tests), their conversation lines, and raw audio fetches.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { phoneHash } from '../../../../platform/secrets';
import { maskPhone } from '../../../../domain/format';
import type { ApiClient } from '../../../../test/apiClient';
import type { TestPlatform } from '../../../../test/harness';
import { encodeWav } from '../../../../media/src/speech/wav';

export interface CallSeed {
  accountId: number;
  phone?: string;
  [column: string]: unknown;
}

let seq = 0;

/** Inserts one ended outbound call record; returns its id and uuid. */
export async function insertCall(p: TestPlatform, s: CallSeed): Promise<{ id: number; uuid: string }> {
  const { accountId, phone = `137${String(++seq).padStart(8, '0')}`, ...over } = s;
  const uuid = randomUUID();
  const [row] = await p.db
    .knex('calls')
    .insert({
      call_uuid: uuid,
      account_id: accountId,
      bot_id: 1,
      bot_version: 1,
      phone_masked: maskPhone(phone),
      phone_hash: phoneHash(p.config.secretKey, phone),
      status: 'ended',
      ...over,
    })
    .returning('id');
  return { id: Number(row.id), uuid };
}

/** A task number row (the clear number a record was dialed from). */
export async function insertTaskNumber(
  p: TestPlatform,
  taskId: number,
  accountId: number,
  phone: string,
  name = '',
): Promise<number> {
  const [row] = await p.db
    .knex('task_numbers')
    .insert({
      task_id: taskId,
      account_id: accountId,
      phone,
      phone_hash: phoneHash(p.config.secretKey, phone),
      phone_masked: maskPhone(phone),
      name,
      state: 2,
    })
    .returning('id');
  return Number(row.id);
}

export async function insertTask(p: TestPlatform, accountId: number, name: string): Promise<number> {
  const [row] = await p.db
    .knex('tasks')
    .insert({ account_id: accountId, name, robots: 1, start_date: '2026-01-01' })
    .returning('id');
  return Number(row.id);
}

/** A small valid WAV under the recordings folder the server serves from. */
export function writeRecording(name: string): string {
  const dir = path.join(os.tmpdir(), 'callplat-recordings', 'test');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, encodeWav({ sampleRate: 8000, samples: new Int16Array(800) }));
  return file;
}

/** A raw GET (audio, files): status, headers and bytes; `headers` adds request headers (Range). */
export async function rawGet(c: ApiClient, url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${c.baseUrl}${url}`, {
    headers: { cookie: `Auth=${c.cookie}`, authorization: `Bearer ${c.token}`, ...headers },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    headers: res.headers,
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** A DELETE with a JSON body (the typed confirmation). */
export const del = <T = unknown>(c: ApiClient, url: string, body: unknown) =>
  c.request<T>('DELETE', url, body);
