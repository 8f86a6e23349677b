// xls (old binary Excel): parsed by xlsWorker.js in a worker thread with a memory cap and a deadline,
// first worksheet only, header row mapped like csv and xlsx. A .xls sheet holds at most 65,536 rows,
// so the worker reads the sheet whole and hands rows over in chunks.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { hasPhone, mapHeader, pick, type Field } from '../columns';
import { importLimits } from '../limits';
import { ImportFileError, NoPhoneColumnError, ReaderCapError, type OnHeader, type ParsedRow } from './types';

export const xlsWorkerLimits = { maxOldGenerationSizeMb: 256, deadlineMs: 60_000 };
/** A BIFF8 worksheet has at most 65,536 rows. */
export const XLS_MAX_ROWS = 65_536;

type Message =
  | { kind: 'rows'; start: number; rows: string[][] }
  | { kind: 'done'; total: number }
  | { kind: 'error'; message: string; cap?: 'memory' | 'time' };

/** All the worker's messages, in order; the worker is terminated on any way out. */
async function* workerMessages(file: string): AsyncGenerator<Message> {
  const worker = new Worker(path.join(__dirname, 'xlsWorker.js'), {
    workerData: { file, maxRows: importLimits.maxRows },
    // Young generation and code bounded too: the old-generation cap alone leaves them to grow.
    resourceLimits: {
      maxOldGenerationSizeMb: xlsWorkerLimits.maxOldGenerationSizeMb,
      maxYoungGenerationSizeMb: 32,
      codeRangeSizeMb: 64,
    },
  });
  const queue: Message[] = [];
  let wake: (() => void) | null = null;
  const push = (m: Message) => {
    queue.push(m);
    wake?.();
  };
  worker.on('message', push);
  worker.on('error', (e: Error & { code?: string }) =>
    push({
      kind: 'error',
      message: e.message,
      cap: e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : undefined,
    }),
  );
  worker.on('exit', (code) => push({ kind: 'error', message: `the reader stopped (exit ${code})` }));
  const deadline = setTimeout(
    () => push({ kind: 'error', message: 'deadline', cap: 'time' }),
    xlsWorkerLimits.deadlineMs,
  );
  try {
    for (;;) {
      if (!queue.length) await new Promise<void>((r) => (wake = r));
      wake = null;
      const m = queue.shift()!;
      yield m;
      if (m.kind !== 'rows') return;
    }
  } finally {
    clearTimeout(deadline);
    await worker.terminate();
  }
}

export async function* parseXls(file: string, onHeader?: OnHeader): AsyncGenerator<ParsedRow> {
  let header: Map<number, Field> | undefined;
  for await (const m of workerMessages(file)) {
    if (m.kind === 'error') {
      if (m.cap === 'memory') throw new ReaderCapError('memory', xlsWorkerLimits.maxOldGenerationSizeMb);
      if (m.cap === 'time') throw new ReaderCapError('time', xlsWorkerLimits.deadlineMs / 1000);
      throw new ImportFileError(`the xls workbook cannot be read: ${m.message}`, {
        key: 'unreadableWorkbook',
        params: { type: 'xls', detail: m.message },
      });
    }
    if (m.kind === 'done') break;
    for (let i = 0; i < m.rows.length; i++) {
      const cells = m.rows[i] ?? [];
      if (!header) {
        if (cells.every((c) => !c.trim())) continue;
        header = mapHeader(cells);
        if (!hasPhone(header)) throw new NoPhoneColumnError(cells);
        onHeader?.(cells);
        continue;
      }
      if (cells.every((c) => !c.trim())) continue;
      yield { rowNo: m.start + i + 1, fields: pick(cells, header) };
    }
  }
  if (!header) throw new ImportFileError('the workbook has no rows', { key: 'noRows' });
}
