// The downloadable import templates (GET /api/imports/template): the header row the import's parser
// maps (columns.ts TEMPLATE_HEADERS, every header one of its aliases), in the user's language, as
// xlsx or csv. Customers get every text field of CUSTOMER_TEXT_FIELDS; task numbers the phone and
// the name, the two columns a task-number upload reads (tasks/numbersFile.ts).
import ExcelJS from 'exceljs';
import { importFields, type ImportKind, type TemplateFormat } from '../../../../../domain/importPreview';
import { csvField } from '../../../../../domain/spreadsheet';
import { CONTENT_TYPES } from '../../../files/writers';
import { TEMPLATE_HEADERS, type Field } from './columns';
import type { ImportLang } from './reasons';

/** The columns of a kind's template, in order. */
export const templateFields: (kind: ImportKind) => readonly Field[] = importFields;

export const templateHeaders = (kind: ImportKind, lang: ImportLang): string[] =>
  templateFields(kind).map((f) => TEMPLATE_HEADERS[lang][f]);

const NAMES: Record<ImportLang, Record<ImportKind, string> & { sheet: string }> = {
  'zh-CN': { customers: '客户导入模板', numbers: '号码导入模板', sheet: '导入模板' },
  en: { customers: 'customer-import-template', numbers: 'number-import-template', sheet: 'Import template' },
};

export interface TemplateFile {
  body: Buffer;
  fileName: string;
  contentType: string;
}

export async function templateFile(
  kind: ImportKind,
  format: TemplateFormat,
  lang: ImportLang,
): Promise<TemplateFile> {
  const headers = templateHeaders(kind, lang);
  const fileName = `${NAMES[lang][kind]}.${format}`;
  const contentType = CONTENT_TYPES[format];
  // csv: UTF-8 with a BOM (Excel opens Chinese correctly), CRLF, like the exports.
  if (format === 'csv')
    return {
      body: Buffer.from(`\uFEFF${headers.map(csvField).join(',')}\r\n`, 'utf8'),
      fileName,
      contentType,
    };
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(NAMES[lang].sheet);
  ws.columns = templateFields(kind).map((f, i) => ({
    header: headers[i],
    key: f,
    width: f === 'phone' || f === 'address' ? 18 : 12,
    // The phone column is text: a number typed into it keeps every digit (no 1.38E+10).
    ...(f === 'phone' ? { style: { numFmt: '@' } } : {}),
  }));
  ws.getRow(1).font = { bold: true };
  return { body: Buffer.from(await wb.xlsx.writeBuffer()), fileName, contentType };
}
