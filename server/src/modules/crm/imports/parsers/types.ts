import { PHONE_HEADERS, type RowFields } from '../columns';

/** One data row; rowNo is the row as the user sees it in the file (the header is row 1). */
export interface ParsedRow {
  rowNo: number;
  fields: RowFields;
}

/** The file's own fault (no phone column, corrupt workbook…): the job fails at once, no retry. */
export class ImportFileError extends Error {}

/** A reader that went over its memory or time cap (the .xls worker): limit in MB or seconds. */
export class ReaderCapError extends ImportFileError {
  constructor(
    readonly cap: 'memory' | 'time',
    readonly limit: number,
  ) {
    super(
      cap === 'memory'
        ? `the xls workbook cannot be read: the reader went over its memory limit (${limit} MB)`
        : `the xls workbook cannot be read: reading took longer than ${limit} s`,
    );
  }
}

/** A header row without a phone column: names the headers it found (run.ts words it for the importer). */
export class NoPhoneColumnError extends ImportFileError {
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
