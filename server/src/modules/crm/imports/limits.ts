// Limits of number imports. Mutable so integration tests can lower them (the server runs in-process).
import os from 'node:os';
import path from 'node:path';

export const importLimits = {
  /** Upload size (bytes). */
  maxBytes: 50 * 1024 * 1024,
  /** Data rows per file (header excluded). */
  maxRows: 1_000_000,
  /** xlsx zip checks, before any inflating: a workbook has a few dozen entries. */
  maxZipEntries: 1000,
  /** Sum of the zip's declared uncompressed sizes; 1M rows of a few columns inflate to ~200 MB. */
  maxUnzippedBytes: 1024 * 1024 * 1024,
  /** Rows the database takes at a time while the next ones are parsed (run.ts chunkRows). */
  minChunkRows: 20_000,
  maxChunkRows: 100_000,
};

export const IMPORT_FILE_TYPES = ['xlsx', 'xls', 'csv', 'txt'] as const;
export type ImportFileType = (typeof IMPORT_FILE_TYPES)[number];

/** Where uploads and reports live: IMPORT_DIR, or a folder in the OS temp dir. No config key yet. */
export const importDir = (): string => process.env.IMPORT_DIR || path.join(os.tmpdir(), 'callplat-imports');
export const jobDir = (id: number): string => path.join(importDir(), String(id));
