// The .xls reader: the first sheet's rows as text cells, numbers kept as digits, blank rows passed on,
// row numbers as the user sees them, and clear errors for corrupt or empty workbooks and for a reader
// over its deadline or memory cap.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeXls as writeXlsFile } from '../fixtures';
import { readXls, xlsWorkerLimits } from './xls';
import { FileFaultError, ReaderCapError, type SheetRow } from './types';

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xls-test-'))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const writeXls = (name: string, rows: unknown[][]): string => writeXlsFile(dir, name, rows);

async function all(file: string, maxRows = 1000): Promise<SheetRow[]> {
  const out: SheetRow[] = [];
  for await (const r of readXls(file, maxRows)) out.push(r);
  return out;
}

it('reads the first sheet with numeric phones as digits and file row numbers', async () => {
  const file = writeXls('a.xls', [
    ['姓名', '手机', '公司'],
    ['张三', 13800000001, '甲公司'],
    [],
    ['李四', '13900000002', ''],
  ]);
  const rows = await all(file);
  expect(rows.map((r) => r.rowNo)).toEqual([1, 2, 3, 4]);
  expect(rows[0]!.cells).toEqual(['姓名', '手机', '公司']);
  expect(rows[1]!.cells).toEqual(['张三', '13800000001', '甲公司']);
  expect(rows[2]!.cells.every((c) => c === '')).toBe(true);
  expect(rows[3]!.cells.slice(0, 2)).toEqual(['李四', '13900000002']);
});

it('reads no more than a row or two past maxRows', async () => {
  const file = writeXls('many.xls', [['手机'], ...Array.from({ length: 50 }, (_, i) => [13800000000 + i])]);
  expect((await all(file, 10)).length).toBeLessThanOrEqual(12);
});

it('refuses a corrupt file with a clear error', async () => {
  const file = path.join(dir, 'corrupt.xls');
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 7)]),
  );
  await expect(all(file)).rejects.toThrow(/xls workbook cannot be read/);
});

it('says a workbook without a non-blank row has no rows', async () => {
  const err = await all(writeXls('blank.xls', [[''], ['  ']])).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(FileFaultError);
  expect(err).toMatchObject({ said: { key: 'noRows' } });
});

it('gives up when the reader passes its deadline', async () => {
  const file = writeXls('slow.xls', [['手机'], ...Array.from({ length: 3000 }, (_, i) => [13800000000 + i])]);
  const saved = xlsWorkerLimits.deadlineMs;
  xlsWorkerLimits.deadlineMs = 1;
  try {
    await expect(all(file)).rejects.toThrow(/longer than/);
  } finally {
    xlsWorkerLimits.deadlineMs = saved;
  }
});

it('gives up with a memory-cap error when the reader goes over its heap cap', async () => {
  const file = writeXls('fat.xls', [['手机'], ...Array.from({ length: 3000 }, (_, i) => [13800000000 + i])]);
  const saved = xlsWorkerLimits.maxOldGenerationSizeMb;
  xlsWorkerLimits.maxOldGenerationSizeMb = 2; // too small to even load SheetJS
  try {
    const err = await all(file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReaderCapError);
    expect(err).toMatchObject({ cap: 'memory', limit: 2 });
    expect((err as Error).message).toMatch(/went over its memory limit \(2 MB\)/);
  } finally {
    xlsWorkerLimits.maxOldGenerationSizeMb = saved;
  }
});
