// The preview of an upload before it is imported (POST /api/imports/preview): the first rows as the
// import's own parsers read them, the columns they map (the phone column among them) and the header
// cells they ignore. A task-number file is read as tasks/numbersFile.ts reads it (a csv that starts
// with a number has no header row). Like every upload, the file is checked first (upload.ts) and
// parsed in a capped child process (previewChild.ts, started by tools.ts), never in the API process.
import {
  IMPORT_PREVIEW_ROWS,
  type ImportKind,
  type ImportPreviewColumn,
  type ImportPreviewDto,
} from '../../../../../domain/importPreview';
import { startsWithNumber } from '../../tasks/numbersFile';
import { mapHeader, type Field } from './columns';
import type { FileProblem } from '../../../files/fileProblem';
import { FileFaultError } from '../../../files/sheets/types';
import type { SheetFileType } from '../../../files/upload';
import { problemOf } from './fileProblem';
import type { importLimits } from './limits';
import { parseCsv } from './parsers/csv';
import { parseTxt } from './parsers/txt';
import type { OnHeader, ParsedRow } from './parsers/types';
import { parseXls } from './parsers/xls';
import { parseXlsx } from './parsers/xlsx';
import { templateFields } from './template';

export interface PreviewRequest {
  file: string;
  type: SheetFileType;
  kind: ImportKind;
  limits: typeof importLimits;
}

/** The child's answer: the preview, or the file's fault as a message key and its parameters. */
export type PreviewReply =
  { ok: true; preview: ImportPreviewDto } | { ok: false; status: number; problem: FileProblem };

const withHeader: Record<
  Exclude<SheetFileType, 'txt'>,
  (file: string, onHeader: OnHeader) => AsyncGenerator<ParsedRow>
> = { csv: parseCsv, xlsx: parseXlsx, xls: parseXls };

/** What a header row maps to for a kind: the columns read, in file order, and the cells ignored. */
export function previewColumns(
  header: string[],
  kind: ImportKind,
): { columns: ImportPreviewColumn[]; ignored: string[] } {
  const read = new Set<Field>(templateFields(kind));
  const columns = [...mapHeader(header)]
    .filter(([, f]) => read.has(f))
    .sort(([a], [b]) => a - b)
    .map(([index, field]) => ({ index, header: (header[index] ?? '').trim(), field }));
  const used = new Set(columns.map((c) => c.index));
  const ignored = header.map((h, i) => (used.has(i) ? '' : h.trim())).filter(Boolean);
  return { columns, ignored };
}

/** Reads the first `limit` data rows (in the child). */
export async function readPreview(
  file: string,
  type: SheetFileType,
  kind: ImportKind,
  limit = IMPORT_PREVIEW_ROWS,
): Promise<PreviewReply> {
  const headerless =
    type === 'txt' || (kind === 'numbers' && type === 'csv' && (await startsWithNumber(file)));
  const seen: { header?: string[] } = {};
  const rows: ParsedRow[] = [];
  let more = false;
  try {
    const parsed = headerless
      ? parseTxt(file)
      : withHeader[type as Exclude<SheetFileType, 'txt'>](file, (h) => (seen.header = h));
    for await (const r of parsed) {
      if (rows.length === limit) {
        more = true;
        break;
      }
      rows.push(r);
    }
  } catch (e) {
    if (e instanceof FileFaultError) return { ok: false, status: 400, problem: problemOf(e) };
    throw e;
  }
  const { columns, ignored } = headerless
    ? {
        columns: [
          { index: 0, header: '', field: 'phone' as const },
          { index: 1, header: '', field: 'name' as const },
        ],
        ignored: [],
      }
    : previewColumns(seen.header ?? [], kind);
  return {
    ok: true,
    preview: {
      kind,
      fileType: type,
      hasHeader: !headerless,
      columns,
      ignored,
      phoneColumn: columns.findIndex((c) => c.field === 'phone'),
      rows: rows.map((r) => ({ rowNo: r.rowNo, cells: columns.map((c) => r.fields[c.field] ?? '') })),
      more,
    },
  };
}
