import { PHONE_HEADERS, type RowFields } from '../columns';

/** One data row; rowNo is the row as the user sees it in the file (the header is row 1). */
export interface ParsedRow {
  rowNo: number;
  fields: RowFields;
}

/** Sees the header row's cells as read, before any data row (the import preview, preview.ts). */
export type OnHeader = (cells: string[]) => void;

/**
 * What the importer reads for a file fault: a key of the import's words (reasons.ts FileFaults) and
 * its parameters, rendered in the importer's language (run.ts jobError).
 */
export interface FileFault {
  key:
    'fileGone' | 'tooManyRows' | 'noDataRows' | 'noRows' | 'unreadableCsv' | 'unreadableWorkbook' | 'badZip';
  params?: Record<string, string | number>;
}

/**
 * The file's own fault (no phone column, corrupt workbook…): the job fails at once, no retry. The
 * message is for the log; `said`, when set, is what the importer reads, in their language.
 */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly said?: FileFault,
  ) {
    super(message);
  }
}

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
