// The .xls reader: header mapping, numbers kept as digits, blank rows skipped, row numbers as the
// user sees them, and clear errors for corrupt or phone-less workbooks and for a reader over its deadline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeXls as writeXlsFile } from '../fixtures';
import { parseXls, xlsWorkerLimits } from './xls';
import { ImportFileError, ReaderCapError, type ParsedRow } from './types';

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xls-test-'))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const writeXls = (name: string, rows: unknown[][]): string => writeXlsFile(dir, name, rows);

async function all(file: string): Promise<ParsedRow[]> {
  const out: ParsedRow[] = [];
  for await (const r of parseXls(file)) out.push(r);
  return out;
}

it('reads the first sheet with Chinese headers, numeric phones as digits and file row numbers', async () => {
  const file = writeXls('a.xls', [
    ['姓名', '手机', '公司', '备注1'],
    ['张三', 13800000001, '甲公司', '老客户'],
    [],
    ['李四', '13900000002', '', ''],
  ]);
  const rows = await all(file);
  expect(rows).toEqual([
    {
      rowNo: 2,
      fields: expect.objectContaining({
        name: '张三',
        phone: '13800000001',
        company: '甲公司',
        remark1: '老客户',
      }),
    },
    { rowNo: 4, fields: expect.objectContaining({ name: '李四', phone: '13900000002' }) },
  ]);
});

it('refuses a workbook without a phone column', async () => {
  const file = writeXls('nophone.xls', [
    ['姓名', '公司'],
    ['张三', '甲'],
  ]);
  await expect(all(file)).rejects.toThrow(ImportFileError);
});

it('refuses a corrupt file with a clear error', async () => {
  const file = path.join(dir, 'corrupt.xls');
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 7)]),
  );
  await expect(all(file)).rejects.toThrow(/xls workbook cannot be read/);
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
