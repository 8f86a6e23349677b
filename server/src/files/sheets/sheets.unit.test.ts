// The csv and xlsx readers: every row as text cells with the row number the user sees; GBK text
// decoded; numbers typed into Excel kept as digits; unreadable and empty files said as faults.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeText, writeXlsx } from '../fixtures';
import { readCsv } from './csv';
import { FileFaultError, type SheetRow } from './types';
import { readXlsx } from './xlsx';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheets-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function all(rows: AsyncIterable<SheetRow>): Promise<SheetRow[]> {
  const out: SheetRow[] = [];
  for await (const r of rows) out.push(r);
  return out;
}

it('reads a csv with any of its separators, empty lines skipped, GBK decoded', async () => {
  const utf8 = writeText(dir, 'a.csv', ['\uFEFF手机,姓名', '', '13800000001;张三', ',,']);
  expect(await all(readCsv(utf8))).toEqual([
    { rowNo: 1, cells: ['手机', '姓名'] },
    { rowNo: 3, cells: ['13800000001', '张三'] },
    { rowNo: 4, cells: ['', '', ''] },
  ]);
  const gbk = path.join(dir, 'gbk.csv');
  // "手机\n" in GBK.
  fs.writeFileSync(gbk, Buffer.from([0xca, 0xd6, 0xbb, 0xfa, 0x0a]));
  expect(await all(readCsv(gbk))).toEqual([{ rowNo: 1, cells: ['手机'] }]);
});

it('says a csv it cannot parse is unreadable', async () => {
  const file = writeText(dir, 'bad.csv', ['a,"b', 'c']);
  const err = await all(readCsv(file)).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(FileFaultError);
  expect(err).toMatchObject({ said: { key: 'unreadableCsv' } });
});

it("reads an xlsx's first sheet, numbers as digits, and says an empty one has no rows", async () => {
  const file = await writeXlsx(dir, 'a.xlsx', [
    ['手机', '姓名'],
    [13800000001, '张三'],
  ]);
  expect(await all(readXlsx(file))).toEqual([
    { rowNo: 1, cells: ['手机', '姓名'] },
    { rowNo: 2, cells: ['13800000001', '张三'] },
  ]);
  const empty = await writeXlsx(dir, 'empty.xlsx', []);
  await expect(all(readXlsx(empty))).rejects.toMatchObject({ said: { key: 'noRows' } });
  const broken = writeText(dir, 'broken.xlsx', ['not a zip']);
  await expect(all(readXlsx(broken))).rejects.toMatchObject({ said: { key: 'unreadableWorkbook' } });
});
