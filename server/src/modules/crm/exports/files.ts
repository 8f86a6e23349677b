// Where export files live: EXPORT_DIR, or a folder in the OS temp dir (no config key yet, like imports).
import os from 'node:os';
import path from 'node:path';
import type { ExportFormat } from '../../../files/writers';

export const exportDir = (): string => process.env.EXPORT_DIR || path.join(os.tmpdir(), 'callplat-exports');
export const exportFile = (id: number, format: ExportFormat): string =>
  path.join(exportDir(), `export-${id}.${format}`);

/** The name the browser saves: customers-<yyyyMMdd-HHmmss>-<id>.<format> (UTC). */
export const downloadName = (id: number, format: ExportFormat, at = new Date()): string =>
  `customers-${at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${id}.${format}`;
