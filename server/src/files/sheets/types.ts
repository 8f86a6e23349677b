// What the sheet readers (csv.ts, xlsx.ts, xls.ts) give and how they fail. A reader yields the rows of
// a file's first sheet as text cells; what the cells mean (a header row, the columns an import reads)
// is the caller's (crm/imports/parsers).

/** One row of a file; rowNo is the row as the user sees it in the file (the first row is 1). */
export interface SheetRow {
  rowNo: number;
  cells: string[];
}

/**
 * What the user reads for a file fault: a key (an import words it with reasons.ts FileFaults, an
 * upload with fileProblem.ts) and its parameters, rendered in the reader's language.
 */
export interface FileFault {
  key:
    'fileGone' | 'tooManyRows' | 'noDataRows' | 'noRows' | 'unreadableCsv' | 'unreadableWorkbook' | 'badZip';
  params?: Record<string, string | number>;
}

/**
 * The file's own fault (no phone column, corrupt workbook…): an import fails at once, no retry. The
 * message is for the log; `said`, when set, is what the user reads, in their language.
 */
export class FileFaultError extends Error {
  constructor(
    message: string,
    readonly said?: FileFault,
  ) {
    super(message);
  }
}

/** A reader that went over its memory or time cap (the .xls worker): limit in MB or seconds. */
export class ReaderCapError extends FileFaultError {
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
