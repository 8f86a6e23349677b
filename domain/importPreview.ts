// The import guide shared by the customer import and the task-number upload: which template to
// download and what a preview of an uploaded file's first rows looks like (POST /api/imports/preview,
// server/src/modules/crm/imports/preview.ts, read by the import's own parsers).
import { CUSTOMER_TEXT_FIELDS } from './crm';

/** customers: the customer import (every text field); numbers: a task's numbers (phone and name). */
export const IMPORT_KINDS = ['customers', 'numbers'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const TEMPLATE_FORMATS = ['xlsx', 'csv'] as const;
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];

/** Data rows a preview shows. */
export const IMPORT_PREVIEW_ROWS = 5;

export type ImportField = (typeof CUSTOMER_TEXT_FIELDS)[number];

/**
 * The columns an import reads, in template order: a customer import every text field of a customer;
 * a task-number upload the phone and the name (server tasks/numbersFile.ts). The template, the
 * preview and the dialogs' column guide all take them from here.
 */
export const importFields = (kind: ImportKind): readonly ImportField[] =>
  kind === 'numbers' ? ['phone', 'name'] : CUSTOMER_TEXT_FIELDS;

/** A column of the file the import reads: where it is, its header as written, the field it fills. */
export interface ImportPreviewColumn {
  index: number;
  header: string;
  field: ImportField;
}

export interface ImportPreviewDto {
  kind: ImportKind;
  fileType: 'xlsx' | 'xls' | 'csv' | 'txt';
  /**
   * false: the file has no header row (a txt, or a task-number csv that starts with a number): each
   * line is a number, optionally followed by a name.
   */
  hasHeader: boolean;
  /** The columns the import reads, in file order. */
  columns: ImportPreviewColumn[];
  /** Header cells the import ignores (no known name, or a second column of a field). */
  ignored: string[];
  /** Index into `columns` of the phone column (always present in a preview). */
  phoneColumn: number;
  /** The first data rows: rowNo as the user sees it in the file, one cell per column of `columns`. */
  rows: { rowNo: number; cells: string[] }[];
  /** More data rows follow. */
  more: boolean;
}

/** The template's path for a kind, format and language (GET /api/imports/template). */
export const templatePath = (kind: ImportKind, format: TemplateFormat, lang: string): string =>
  `/api/imports/template?${new URLSearchParams({ kind, format, lang }).toString()}`;
