// The download's file name from Content-Disposition: filename* (RFC 5987) first, wherever it stands,
// else filename; quoted strings and escapes; nothing usable gives null.
import { filenameOf } from './contentDisposition';

const zh = '客户导出-2026-11-27.xlsx';
const ext = `filename*=UTF-8''${encodeURIComponent(zh)}`;
const ascii = `filename="${zh.replace(/[^\w.-]/g, '_')}"`;

describe('filenameOf', () => {
  it('prefers filename* after or before the ASCII filename', () => {
    expect(filenameOf(`attachment; ${ascii}; ${ext}`)).toBe(zh);
    expect(filenameOf(`attachment; ${ext}; ${ascii}`)).toBe(zh);
    expect(filenameOf(`attachment;${ext}`)).toBe(zh);
    expect(filenameOf(`attachment; FILENAME*=utf-8'zh-CN'${encodeURIComponent(zh)}`)).toBe(zh);
  });

  it('reads an ISO-8859-1 ext-value byte by byte', () => {
    expect(filenameOf("attachment; filename*=iso-8859-1'en'%A3%20rates.csv")).toBe('£ rates.csv');
  });

  it('falls back to filename when filename* is missing, malformed or in a charset it cannot read', () => {
    expect(filenameOf('attachment; filename="report.csv"')).toBe('report.csv');
    expect(filenameOf('attachment; filename=report.csv')).toBe('report.csv');
    expect(filenameOf(`attachment; filename*=UTF-8''%E5%AF; filename="fallback.csv"`)).toBe('fallback.csv');
    expect(filenameOf(`attachment; filename*=koi8-r''%F0; filename="fallback.csv"`)).toBe('fallback.csv');
    expect(filenameOf('attachment; filename*=no-quotes; filename="fallback.csv"')).toBe('fallback.csv');
  });

  it('unquotes filename: escapes, a ; inside quotes, %-escapes decoded as browsers do', () => {
    expect(filenameOf('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
    expect(filenameOf('attachment; filename="a;b.csv"; size=3')).toBe('a;b.csv');
    expect(filenameOf('attachment; filename="a%20b.wav"')).toBe('a b.wav');
    expect(filenameOf('attachment; filename="100%.csv"')).toBe('100%.csv');
  });

  it('is null without a header or a name', () => {
    expect(filenameOf(null)).toBeNull();
    expect(filenameOf('')).toBeNull();
    expect(filenameOf('attachment')).toBeNull();
    expect(filenameOf('inline; filename=""')).toBeNull();
  });
});
