// The import guide's pure parts: a template's header row maps back to every column through the
// parser's own mapping, and the preview reads the first rows with the phone column the import uses.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { IMPORT_PREVIEW_ROWS } from '../../../../../domain/importPreview';
import { FIELDS, mapHeader } from './columns';
import { writeText, writeXls, writeXlsx } from '../../../files/fixtures';
import { previewColumns, readPreview, type PreviewReply } from './preview';
import { templateFields, templateFile, templateHeaders } from './template';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imp-preview-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const okOf = (r: PreviewReply) => {
  if (!r.ok) throw new Error(r.problem.key);
  return r.preview;
};

describe('templates', () => {
  it.each(['zh-CN', 'en'] as const)('a %s template header maps every column to its field', (lang) => {
    for (const kind of ['customers', 'numbers'] as const) {
      const m = mapHeader(templateHeaders(kind, lang));
      expect([...m.values()]).toEqual([...templateFields(kind)]);
    }
    expect(templateFields('customers')).toEqual(FIELDS);
    expect(templateFields('numbers')).toEqual(['phone', 'name']);
  });

  it('writes a csv with a BOM and the header row in the language, and an xlsx with a text phone column', async () => {
    const csv = await templateFile('customers', 'csv', 'zh-CN');
    expect(csv.fileName).toBe('客户导入模板.csv');
    expect(csv.body.toString('utf8')).toBe(
      '\uFEFF姓名,手机号码,联系人,性别,公司名称,地址,备注1,备注2,备注3,备注4,备注5,来源\r\n',
    );
    const x = await templateFile('numbers', 'xlsx', 'en');
    expect(x.fileName).toBe('number-import-template.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['phone', 'name']);
    expect(ws.getColumn(1).numFmt).toBe('@');
    // The template itself previews as a file with the phone column and no rows.
    const file = path.join(dir, 'tpl.xlsx');
    fs.writeFileSync(file, x.body);
    const p = okOf(await readPreview(file, 'xlsx', 'numbers'));
    expect(p).toMatchObject({ phoneColumn: 0, rows: [], more: false, hasHeader: true });
  });
});

describe('preview', () => {
  it('finds the phone column wherever it is and by any of its names, and lists the ignored headers', () => {
    const { columns, ignored } = previewColumns(
      ['编号', '客户姓名', ' 联系电话 ', '手机', '微信', '备注'],
      'customers',
    );
    expect(columns).toEqual([
      { index: 1, header: '客户姓名', field: 'name' },
      { index: 2, header: '联系电话', field: 'phone' },
      { index: 5, header: '备注', field: 'remark1' },
    ]);
    // The second phone column is not read: the first one wins, as in the import.
    expect(ignored).toEqual(['编号', '手机', '微信']);
    // Task numbers read the phone and the name only.
    expect(previewColumns(['公司', 'Phone', '姓名'], 'numbers')).toEqual({
      columns: [
        { index: 1, header: 'Phone', field: 'phone' },
        { index: 2, header: '姓名', field: 'name' },
      ],
      ignored: ['公司'],
    });
  });

  it('reads the first rows of a csv and says more follow; phoneColumn indexes the columns', async () => {
    const lines = ['序号,姓名,联系电话,地址'];
    for (let i = 0; i < 8; i++) lines.push(`${i + 1},客户${i},1380000000${i},北京`);
    const p = okOf(await readPreview(writeText(dir, 'a.csv', lines), 'csv', 'customers'));
    expect(p.columns.map((c) => c.field)).toEqual(['name', 'phone', 'address']);
    expect(p.phoneColumn).toBe(1);
    expect(p.ignored).toEqual(['序号']);
    expect(p.rows).toHaveLength(IMPORT_PREVIEW_ROWS);
    expect(p.rows[0]).toEqual({ rowNo: 2, cells: ['客户0', '13800000000', '北京'] });
    expect(p.more).toBe(true);
  });

  it('reads xlsx and xls like the import (numbers as digits), and a short file has no more rows', async () => {
    const rows = [
      ['Name', 'Mobile'],
      ['张三', 13800138000],
      ['李四', '13900139000'],
    ];
    for (const [type, file] of [
      ['xlsx', await writeXlsx(dir, 'b.xlsx', rows)],
      ['xls', writeXls(dir, 'b.xls', rows)],
    ] as const) {
      const p = okOf(await readPreview(file, type, 'customers'));
      expect({ type, cols: p.columns, rows: p.rows.map((r) => r.cells), more: p.more }).toEqual({
        type,
        cols: [
          { index: 0, header: 'Name', field: 'name' },
          { index: 1, header: 'Mobile', field: 'phone' },
        ],
        rows: [
          ['张三', '13800138000'],
          ['李四', '13900139000'],
        ],
        more: false,
      });
    }
  });

  it('a txt, and a task-number csv that starts with a number, have no header row', async () => {
    const txt = okOf(
      await readPreview(writeText(dir, 'c.txt', ['13800000001 张三', '13800000002']), 'txt', 'customers'),
    );
    expect(txt).toMatchObject({ hasHeader: false, phoneColumn: 0 });
    expect(txt.rows.map((r) => r.cells)).toEqual([
      ['13800000001', '张三'],
      ['13800000002', ''],
    ]);
    const csv = okOf(await readPreview(writeText(dir, 'd.csv', ['13800000003,王五']), 'csv', 'numbers'));
    expect(csv).toMatchObject({ hasHeader: false, rows: [{ rowNo: 1, cells: ['13800000003', '王五'] }] });
  });

  it('answers the file fault: no phone column (with the headers found), an unreadable workbook', async () => {
    const r = await readPreview(writeText(dir, 'e.csv', ['姓名,地址', '张三,北京']), 'csv', 'customers');
    expect(r).toMatchObject({
      ok: false,
      status: 400,
      problem: { key: 'upload.noPhoneColumn', vars: { found: '姓名, 地址' } },
    });
    const bad = writeText(dir, 'f.xlsx', ['not a workbook']);
    expect(await readPreview(bad, 'xlsx', 'customers')).toMatchObject({
      ok: false,
      status: 400,
      problem: { key: 'upload.unreadableWorkbook', vars: { type: 'xlsx' } },
    });
  });
});
