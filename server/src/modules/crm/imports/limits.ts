// Limits of number imports. Mutable so integration tests can lower them (the server runs in-process).
import os from 'node:os';
import path from 'node:path';
import { workbookZipLimits } from '../../../files/zipCheck';

export const importLimits = {
  /** Upload size (bytes). */
  maxBytes: 50 * 1024 * 1024,
  /** Data rows per file (header excluded). */
  maxRows: 1_000_000,
  /** xlsx zip checks (files/zipCheck.ts): its caps for a workbook (tests lower them here). */
  ...workbookZipLimits,
  /**
   * The import process's caps (runJob.ts): V8 heap, resident set (polled) and wall time. A million
   * rows peak well under 1 GB of RSS and take about a minute; a process over a cap is killed and its job
   * fails with the reason, at once (the same file would hit the same cap again).
   */
  childHeapMb: 1024,
  childRssMb: 1536,
  childTimeoutMs: 10 * 60_000,
  /**
   * The caps of the process reading an uploaded task-number file (tasks/numbersFile.ts): at most
   * 100,000 numbers, answered while the user waits.
   */
  numbersChild: { heapMb: 512, rssMb: 768, timeoutMs: 60_000 },
  /** Rows the database takes at a time while the next ones are parsed (run.ts chunkRows). */
  minChunkRows: 20_000,
  maxChunkRows: 100_000,
};

/** Where uploads and reports live: IMPORT_DIR, or a folder in the OS temp dir. No config key yet. */
export const importDir = (): string => process.env.IMPORT_DIR || path.join(os.tmpdir(), 'callplat-imports');
export const jobDir = (id: number): string => path.join(importDir(), String(id));
