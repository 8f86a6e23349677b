// xlsx: exceljs's streaming reader, first worksheet only, header row mapped like csv. Run checkZip first.
import ExcelJS from 'exceljs';
import { hasPhone, mapHeader, pick, type Field } from '../columns';
import { ImportFileError, NoPhoneColumnError, type OnHeader, type ParsedRow } from './types';

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

export async function* parseXlsx(file: string, onHeader?: OnHeader): AsyncGenerator<ParsedRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let header: Map<number, Field> | undefined;
  let first = true;
  try {
    for await (const sheet of reader) {
      if (!first) {
        for await (const _ of sheet); // later sheets are drained, not read
        continue;
      }
      first = false;
      for await (const row of sheet) {
        // row.values is 1-based (index 0 empty).
        const cells = (row.values as unknown[]).slice(1).map(cellText);
        if (!header) {
          header = mapHeader(cells);
          if (!hasPhone(header)) throw new NoPhoneColumnError(cells);
          onHeader?.(cells);
          continue;
        }
        if (cells.every((c) => !c.trim())) continue;
        yield { rowNo: row.number, fields: pick(cells, header) };
      }
    }
  } catch (e) {
    if (e instanceof ImportFileError) throw e;
    const detail = (e as Error).message;
    throw new ImportFileError(`the xlsx workbook cannot be read: ${detail}`, {
      key: 'unreadableWorkbook',
      params: { type: 'xlsx', detail },
    });
  }
  if (!header) throw new ImportFileError('the workbook has no rows', { key: 'noRows' });
}
