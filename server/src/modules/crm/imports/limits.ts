// Limits of number imports. Mutable so integration tests can lower them (the server runs in-process).
import os from 'node:os';
import path from 'node:path';

export const importLimits = {
  /** Upload size (bytes). */
  maxBytes: 50 * 1024 * 1024,
  /** Data rows per file (header excluded). */
  maxRows: 1_000_000,
  /** xlsx zip checks (zipCheck.ts): a workbook has a few dozen entries. */
  maxZipEntries: 1000,
  /**
   * Bytes the whole xlsx may inflate to, counted while inflating (declared sizes are checked first and
   * must match). 1M rows of a few columns inflate to ~100-200 MB of sheet XML; 512 MB leaves room for
   * wide sheets, and a 50 MB upload of honest XML (10:1 or less) stays far below it.
   */
  maxUnzippedBytes: 512 * 1024 * 1024,
  /**
   * Inflated : compressed ratio an entry may reach beyond the floor below. Sheet XML deflates 5-30:1;
   * zeros or a repeated string deflate ~1000:1, the mark of a bomb.
   */
  maxZipRatio: 100,
  /** Up to this many inflated bytes an entry may have any ratio (small, very regular parts). */
  zipRatioFloorBytes: 16 * 1024 * 1024,
  /**
   * The import process's caps (processor.ts): V8 heap, resident set (polled) and wall time. A million
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

export const IMPORT_FILE_TYPES = ['xlsx', 'xls', 'csv', 'txt'] as const;
export type ImportFileType = (typeof IMPORT_FILE_TYPES)[number];

/** Where uploads and reports live: IMPORT_DIR, or a folder in the OS temp dir. No config key yet. */
export const importDir = (): string => process.env.IMPORT_DIR || path.join(os.tmpdir(), 'callplat-imports');
export const jobDir = (id: number): string => path.join(importDir(), String(id));
