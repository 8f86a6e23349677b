import type { RowFields } from '../columns';

/** One data row; rowNo is the row as the user sees it in the file (the header is row 1). */
export interface ParsedRow {
  rowNo: number;
  fields: RowFields;
}

/** The file's own fault (no phone column, corrupt workbook…): the job fails at once, no retry. */
export class ImportFileError extends Error {}

export const NO_PHONE_COLUMN = 'no phone column in the header row (手机/电话/手机号/phone/mobile)';
