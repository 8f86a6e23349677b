// The sheet writers: csv with a BOM, CRLF lines and RFC 4180 quoting; xlsx read back as written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { openWriter } from './writers';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'writers-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('writes a csv Excel opens: BOM, CRLF, quoted where needed', async () => {
  const file = path.join(dir, 'a.csv');
  const w = openWriter('csv', file, 'ignored');
  await w.row(['姓名', 'note']);
  await w.row(['张三, "甲"', 42]);
  await w.close();
  expect(fs.readFileSync(file, 'utf8')).toBe('\uFEFF姓名,note\r\n"张三, ""甲""",42\r\n');
});

it('writes an xlsx sheet with text and numbers as they were', async () => {
  const file = path.join(dir, 'a.xlsx');
  const w = openWriter('xlsx', file, '客户');
  await w.row(['手机', 'score']);
  await w.row(['13800000001', 7]);
  await w.close();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.getWorksheet('客户')!;
  expect(ws.getRow(1).values).toEqual([undefined, '手机', 'score']);
  expect(ws.getRow(2).values).toEqual([undefined, '13800000001', 7]);
});
