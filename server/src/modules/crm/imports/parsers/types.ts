// The rows of an import file as the import reads them: fields by the header row (columns.ts), over the
// sheet readers of server/src/files/sheets (which fail with FileFaultError).
import { FileFaultError } from '../../../../files/sheets/types';
import { PHONE_HEADERS, type RowFields } from '../columns';

/** One data row; rowNo is the row as the user sees it in the file (the header is row 1). */
export interface ParsedRow {
  rowNo: number;
  fields: RowFields;
}

/** Sees the header row's cells as read, before any data row (the import preview, preview.ts). */
export type OnHeader = (cells: string[]) => void;

/** A header row without a phone column: names the headers it found (run.ts words it for the importer). */
export class NoPhoneColumnError extends FileFaultError {
  constructor(readonly found: string[]) {
    super(
      `no phone column in the header row (found: ${
        found
          .map((h) => h.trim())
          .filter(Boolean)
          .join(', ') || 'none'
      }; ` + `name it one of: ${PHONE_HEADERS.join(', ')})`,
    );
  }
}
