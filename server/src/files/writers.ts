// Streaming writers of a sheet file (the customer, call record, ledger and report exports): rows go to
// disk as they come, nothing is held whole.
// csv: UTF-8 with a BOM (so Excel opens Chinese correctly), CRLF lines, RFC 4180 quoting.
// xlsx: exceljs' streaming WorkbookWriter (inline strings, each row committed at once).
import { csvField } from '../../../domain/spreadsheet';
import { once } from 'node:events';
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';

export type ExportFormat = 'xlsx' | 'csv';

/** A cell as written: text (neutralised by the caller, domain/spreadsheet.ts) or a number. */
export type Cell = string | number;

export interface SheetWriter {
  row(cells: Cell[]): Promise<void>;
  close(): Promise<void>;
}

function csvWriter(file: string): SheetWriter {
  const out = fs.createWriteStream(file);
  let failed: Error | undefined;
  out.on('error', (e) => (failed = e));
  out.write('\uFEFF');
  return {
    async row(cells) {
      if (failed) throw failed;
      if (!out.write(cells.map(csvField).join(',') + '\r\n')) await once(out, 'drain');
    },
    async close() {
      out.end();
      await finished(out);
    },
  };
}

function xlsxWriter(file: string, sheetName: string): SheetWriter {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: false,
    useStyles: false,
  });
  const ws = wb.addWorksheet(sheetName);
  return {
    async row(cells) {
      ws.addRow(cells).commit();
    },
    async close() {
      ws.commit();
      await wb.commit();
    },
  };
}

export const openWriter = (format: ExportFormat, file: string, sheetName: string): SheetWriter =>
  format === 'csv' ? csvWriter(file) : xlsxWriter(file, sheetName);

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
