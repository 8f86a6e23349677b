// Test helpers of the push tests: a receiver on loopback that records each request and answers with
// scripted statuses, a finished call written straight into the tables, and a wait for a delivery.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Statuses for the next requests, in order; afterwards 200. */
  script(...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let statuses: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'ok' : `status ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    script: (...s) => void (statuses = s),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An ended call of `accountId` with a two-line conversation; returns its id. */
export async function insertEndedCall(
  db: Knex,
  accountId: number,
  over: { grade?: number | null; taskId?: number | null; customerId?: number | null } = {},
): Promise<number> {
  const grade = over.grade === undefined ? 21 : over.grade;
  const [row] = await db('calls')
    .insert({
      call_uuid: crypto.randomUUID(),
      account_id: accountId,
      task_id: over.taskId ?? null,
      customer_id: over.customerId ?? null,
      bot_id: 1,
      bot_version: 1,
      phone_masked: '138****0001',
      phone_hash: crypto.randomBytes(32).toString('hex'),
      status: 'ended',
      result_level: grade ?? 66,
      grade,
      talk_ms: grade === null ? 0 : 42_000,
      total_ms: 45_000,
      rounds: grade === null ? 0 : 2,
      created_at: new Date('2026-11-23T02:00:00Z'),
      answered_at: grade === null ? null : new Date('2026-11-23T02:00:03Z'),
      ended_at: new Date('2026-11-23T02:00:45Z'),
    })
    .returning('id');
  const id = Number(row.id);
  if (grade !== null)
    await db('conversation_lines').insert([
      { call_id: id, seq: 1, khtype: 'robot', khcontent: '您好，请问是张先生吗？' },
      { call_id: id, seq: 2, khtype: 'customer', khcontent: '是的', khvoicepath: ['/rec/1.wav'] },
    ]);
  return id;
}

/** Polls the call's delivery rows until `done` holds (the sender works in the background). */
export async function waitForDeliveries(
  db: Knex,
  callId: number,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  done: (rows: any[]) => boolean,
  timeoutMs = 10_000,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<any[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db('push_deliveries').where({ call_id: callId }).orderBy('id');
    if (done(rows)) return rows;
    if (Date.now() > until) throw new Error(`deliveries of call ${callId}: ${JSON.stringify(rows)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
