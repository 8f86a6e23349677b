// The import's parsers: the header row mapped to fields (Chinese headers too), a file without a phone
// column refused, and each file type's rule for blank rows kept.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeText, writeXls, writeXlsx } from '../../../../files/fixtures';
import { FileFaultError } from '../../../../files/sheets/types';
import { parseCsv } from './csv';
import { NoPhoneColumnError, type ParsedRow } from './types';
import { parseXls } from './xls';
import { parseXlsx } from './xlsx';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsers-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function all(rows: AsyncIterable<ParsedRow>): Promise<ParsedRow[]> {
  const out: ParsedRow[] = [];
  for await (const r of rows) out.push(r);
  return out;
}

it('reads an xls by its Chinese headers, blank rows skipped, with file row numbers', async () => {
  const file = writeXls(dir, 'a.xls', [
    ['', ' '],
    ['姓名', '手机', '公司', '备注1'],
    ['张三', 13800000001, '甲公司', '老客户'],
    [],
    ['李四', '13900000002', '', ''],
  ]);
  const header: string[][] = [];
  const rows = await all(parseXls(file, (h) => header.push(h)));
  expect(header).toEqual([['姓名', '手机', '公司', '备注1']]);
  expect(rows).toEqual([
    {
      rowNo: 3,
      fields: expect.objectContaining({
        name: '张三',
        phone: '13800000001',
        company: '甲公司',
        remark1: '老客户',
      }),
    },
    { rowNo: 5, fields: expect.objectContaining({ name: '李四', phone: '13900000002' }) },
  ]);
});

it('refuses a file without a phone column, naming the headers it found', async () => {
  const xls = writeXls(dir, 'nophone.xls', [
    ['姓名', '公司'],
    ['张三', '甲'],
  ]);
  await expect(all(parseXls(xls))).rejects.toThrow(FileFaultError);
  const csv = writeText(dir, 'nophone.csv', ['姓名,公司', '张三,甲']);
  const err = await all(parseCsv(csv)).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(NoPhoneColumnError);
  expect(err).toMatchObject({ found: ['姓名', '公司'] });
});

it("keeps each type's blank rows: a csv's are rows, an xlsx skips them after its header", async () => {
  const csv = writeText(dir, 'blank.csv', ['手机,姓名', ',', '13800000001,张三']);
  expect((await all(parseCsv(csv))).map((r) => r.rowNo)).toEqual([2, 3]);
  const xlsx = await writeXlsx(dir, 'blank.xlsx', [
    ['手机', '姓名'],
    ['', ''],
    [13800000001, '张三'],
  ]);
  expect(await all(parseXlsx(xlsx))).toEqual([
    { rowNo: 3, fields: expect.objectContaining({ phone: '13800000001', name: '张三' }) },
  ]);
});
