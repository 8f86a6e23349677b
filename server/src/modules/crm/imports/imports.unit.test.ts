// Pure parts of the import: phone rules, supplier AES, header mapping, report cells, the zip check.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mapHeader, parseSex } from './columns';
import { writeText, writeXlsx, writeZipBomb } from '../../../files/fixtures';
import { importLimits } from './limits';
import { phoneHash } from '../../../../../platform/secrets';
import { phoneHasher, supplierDecrypter, supplierEncrypt } from './phone';
import { csvCell } from './report';
import { NumberSet } from './chunker';
import { chunkRows } from './run';
import { checkZip, ZipCheckError } from '../../../files/zipCheck';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imp-unit-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('decrypts the supplier format: AES-ECB/PKCS7 with a 16/24/32-byte text key, base64', () => {
  for (const key of ['0123456789abcdef', '0123456789abcdef01234567', '0123456789abcdef0123456789abcdef']) {
    const cell = supplierEncrypt(key, '13800138000');
    expect(supplierDecrypter(key)(cell)).toBe('13800138000');
  }
  // Independent vector: printf 13800138000 | openssl enc -aes-128-ecb -K <hex of "1234567890123456"> -base64
  expect(supplierEncrypt('1234567890123456', '13800138000')).toBe('BA+S5u/qDqfqu12c8W6koQ==');
  expect(supplierDecrypter('1234567890123456')('BA+S5u/qDqfqu12c8W6koQ==')).toBe('13800138000');
  expect(supplierDecrypter('0123456789abcdef')('not base64 aes')).toBeNull();
});

it('maps Chinese and English headers, first column wins', () => {
  const m = mapHeader(['姓名', ' 手机号 ', 'Company', '备注', 'remark2', '电话', '性别', 'x']);
  expect([...m.entries()]).toEqual([
    [0, 'name'],
    [1, 'phone'],
    [2, 'company'],
    [3, 'remark1'],
    [4, 'remark2'],
    [6, 'sex'],
  ]);
  expect([parseSex('男'), parseSex('female'), parseSex(''), parseSex('?')]).toEqual([0, 1, null, null]);
});

it('neutralises formulas and quotes report cells', () => {
  expect(['=1+2', '+1', '-2', '@SUM(A1)', 'a,b', 'say "hi"', '138'].map(csvCell)).toEqual([
    "'=1+2",
    "'+1",
    "'-2",
    "'@SUM(A1)",
    '"a,b"',
    '"say ""hi"""',
    '138',
  ]);
});

it('reads a real workbook directory and refuses bombs, floods of entries and non-zips', async () => {
  const ok = await checkZip(await writeXlsx(dir, 'ok.xlsx', [['phone'], [13800138000]]), importLimits);
  expect(ok.entries).toBeGreaterThan(3);
  await expect(checkZip(writeZipBomb(dir, 'bomb.xlsx'), importLimits)).rejects.toThrow(/zip bomb/);
  const saved = importLimits.maxZipEntries;
  importLimits.maxZipEntries = 2;
  try {
    await expect(checkZip(writeZipBomb(dir, 'many.xlsx', 3), importLimits)).rejects.toThrow(
      /too many zip entries/,
    );
  } finally {
    importLimits.maxZipEntries = saved;
  }
  await expect(checkZip(writeText(dir, 'x.xlsx', ['hello']), importLimits)).rejects.toBeInstanceOf(
    ZipCheckError,
  );
});

it('hashes numbers exactly like phoneHash, with the key prepared once', () => {
  const key = 'ab'.repeat(32);
  const hash = phoneHasher(key);
  for (const d of ['13800138000', '01012345678', '87654321', '', '号码'.repeat(100)])
    expect(hash(d)).toBe(phoneHash(key, d));
  expect(() => phoneHasher('ab')).toThrow();
});

it('remembers numbers seen in the file, leading zeros and all', () => {
  const s = new NumberSet();
  const n = 200_000; // several times the initial table: it grows
  // One expect per loop: 200,000 expect calls took 15 s.
  const refusedNew: number[] = [];
  for (let i = 0; i < n; i++) if (s.add(String(13800000000 + i), i + 2)) refusedNew.push(i);
  expect(refusedNew).toEqual([]);
  const acceptedAgain: number[] = [];
  for (let i = 0; i < n; i += 997) if (s.add(String(13800000000 + i)) !== i + 2) acceptedAgain.push(i);
  expect(acceptedAgain).toEqual([]);
  expect(s.add('01012345678', 7)).toBe(0);
  expect(s.add('1012345678', 8)).toBe(0);
  expect(s.add('01012345678', 9)).toBe(7); // names the row it repeats
  expect(s.add('1e5', 10)).toBe(0);
  expect(s.add('100000', 11)).toBe(0);
  expect(s.add('1e5', 12)).toBe(10);
});

it('sizes chunks from the row count', () => {
  expect(chunkRows(0)).toBe(importLimits.minChunkRows);
  expect(chunkRows(300_000)).toBe(50_000);
  expect(chunkRows(1_000_000)).toBe(importLimits.maxChunkRows);
});
