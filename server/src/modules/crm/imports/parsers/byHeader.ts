// A sheet's rows (server/src/files/sheets) as an import reads them: the header row mapped to fields
// (columns.ts), refused without a phone column, then each data row's fields. Where the header is and
// which rows are skipped is each file type's, as it always was: csv's header is its first record and
// every record after it is a row; xlsx's header is its first row and blank rows after it are skipped;
// xls skips blank rows before the header too.
import type { SheetRow } from '../../../../files/sheets/types';
import { hasPhone, mapHeader, pick, type Field } from '../columns';
import { NoPhoneColumnError, type OnHeader, type ParsedRow } from './types';

export interface HeaderRules {
  /** Blank rows before the header are skipped (else the first row is the header, blank or not). */
  skipBlankBeforeHeader: boolean;
  /** Blank rows after the header are skipped (else each is a row of empty fields). */
  skipBlankRows: boolean;
}

const blank = (cells: string[]) => cells.every((c) => !c.trim());

export async function* byHeader(
  rows: AsyncIterable<SheetRow>,
  rules: HeaderRules,
  onHeader?: OnHeader,
): AsyncGenerator<ParsedRow> {
  let header: Map<number, Field> | undefined;
  for await (const { rowNo, cells } of rows) {
    if (!header) {
      if (rules.skipBlankBeforeHeader && blank(cells)) continue;
      header = mapHeader(cells);
      if (!hasPhone(header)) throw new NoPhoneColumnError(cells);
      onHeader?.(cells);
      continue;
    }
    if (rules.skipBlankRows && blank(cells)) continue;
    yield { rowNo, fields: pick(cells, header) };
  }
}
