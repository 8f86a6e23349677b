// xls (old binary Excel): parsed by xlsWorker.js in a worker thread with a memory cap and a deadline,
// first worksheet only, every row as text cells (blank ones too; a header row is the caller's). A .xls
// sheet holds at most 65,536 rows, so the worker reads the sheet whole and hands rows over in chunks.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { FileFaultError, ReaderCapError, type SheetRow } from './types';

export const xlsWorkerLimits = { maxOldGenerationSizeMb: 256, deadlineMs: 60_000 };
/** A BIFF8 worksheet has at most 65,536 rows. */
export const XLS_MAX_ROWS = 65_536;

type Message =
  | { kind: 'rows'; start: number; rows: string[][] }
  | { kind: 'done'; total: number }
  | { kind: 'error'; message: string; cap?: 'memory' | 'time' };

/** All the worker's messages, in order; the worker is terminated on any way out. */
async function* workerMessages(file: string, maxRows: number): AsyncGenerator<Message> {
  const worker = new Worker(path.join(__dirname, 'xlsWorker.js'), {
    workerData: { file, maxRows },
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

/**
 * The first sheet's rows; `maxRows` bounds what the worker reads (a row or two more than the caller
 * allows tells "too many rows" without reading the rest). A sheet without a non-blank row is a
 * `noRows` fault.
 */
export async function* readXls(file: string, maxRows: number): AsyncGenerator<SheetRow> {
  let any = false;
  for await (const m of workerMessages(file, maxRows)) {
    if (m.kind === 'error') {
      if (m.cap === 'memory') throw new ReaderCapError('memory', xlsWorkerLimits.maxOldGenerationSizeMb);
      if (m.cap === 'time') throw new ReaderCapError('time', xlsWorkerLimits.deadlineMs / 1000);
      throw new FileFaultError(`the xls workbook cannot be read: ${m.message}`, {
        key: 'unreadableWorkbook',
        params: { type: 'xls', detail: m.message },
      });
    }
    if (m.kind === 'done') break;
    for (let i = 0; i < m.rows.length; i++) {
      const cells = m.rows[i] ?? [];
      if (cells.some((c) => c.trim())) any = true;
      yield { rowNo: m.start + i + 1, cells };
    }
  }
  if (!any) throw new FileFaultError('the workbook has no rows', { key: 'noRows' });
}
