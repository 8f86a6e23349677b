// xlsx: exceljs's streaming reader, first worksheet only, every row as text cells (blank ones too; a
// header row is the caller's). Run checkZip (../zipCheck.ts) first.
import ExcelJS from 'exceljs';
import { FileFaultError, type SheetRow } from './types';

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  // Phone numbers typed into Excel are numbers: never let them turn into 1.38e10.
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown };
  if (o.richText) return o.richText.map((t) => t.text).join('');
  if (o.text !== undefined) return cellText(o.text);
  if (o.result !== undefined) return cellText(o.result);
  return '';
}

/** The first sheet's rows; a workbook whose first sheet has no row is a `noRows` fault. */
export async function* readXlsx(file: string): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let any = false;
  let first = true;
  try {
    for await (const sheet of reader) {
      if (!first) {
        for await (const _ of sheet); // later sheets are drained, not read
        continue;
      }
      first = false;
      for await (const row of sheet) {
        any = true;
        // row.values is 1-based (index 0 empty).
        yield { rowNo: row.number, cells: (row.values as unknown[]).slice(1).map(cellText) };
      }
    }
  } catch (e) {
    if (e instanceof FileFaultError) throw e;
    const detail = (e as Error).message;
    throw new FileFaultError(`the xlsx workbook cannot be read: ${detail}`, {
      key: 'unreadableWorkbook',
      params: { type: 'xlsx', detail },
    });
  }
  if (!any) throw new FileFaultError('the workbook has no rows', { key: 'noRows' });
}
