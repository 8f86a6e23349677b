// The import report (CSV): a summary block, then one line per row that was not imported.
// Cells starting with = + - @ (or a tab/CR) are prefixed with ' so spreadsheets never run them.
import fs from 'node:fs';
import { csvField, neutralise } from '../../../../../domain/spreadsheet';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** A report cell: user text made safe for spreadsheets, then quoted for CSV. */
export const csvCell = (v: string | number): string => csvField(neutralise(String(v)));

export interface Counters {
  imported: number;
  /** Numbers already customers (called before) whose customer the file updated. */
  updated: number;
  duplicates: number;
  invalid: number;
  blacklisted: number;
  removed: number;
}

/**
 * Writes the summary, then appends the stream `details()` opens (CSV lines `row,phone,result,reason`,
 * already safe). The stream is opened only once the file is there, so a failed write leaves no query
 * running without an error listener.
 */
export async function writeReport(file: string, c: Counters, details: () => Readable): Promise<void> {
  const head =
    ['result,count', ...Object.entries(c).map(([k, v]) => `${k},${v}`), '', 'row,phone,result,reason'].join(
      '\n',
    ) + '\n';
  await fs.promises.writeFile(file, '\uFEFF' + head); // BOM: Excel opens UTF-8 Chinese correctly
  await pipeline(details(), fs.createWriteStream(file, { flags: 'a' }));
}
