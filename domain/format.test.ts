import {
  DURATION_UNITS_ZH,
  balanceText,
  fenToYuan,
  formatDateTime,
  formatDuration,
  maskPhone,
} from './format';

describe('balanceText', () => {
  it('gives empty text for empty or non-numeric input', () => {
    for (const v of [
      null,
      undefined,
      '',
      '   ',
      'abc',
      '12abc',
      '.',
      '-',
      '0x10',
      '1,000',
      NaN,
      Infinity,
      -Infinity,
    ])
      expect(balanceText(v)).toBe('');
  });
  it('shows less than 100,000,000 in ten-thousands with 2 decimals', () => {
    expect(balanceText(0)).toBe('0.00万');
    expect(balanceText('0')).toBe('0.00万');
    expect(balanceText(123456)).toBe('12.35万');
    expect(balanceText('50000')).toBe('5.00万');
    expect(balanceText(' 50000 ')).toBe('5.00万');
    expect(balanceText(99999999)).toBe('10000.00万');
    expect(balanceText('99999999.99')).toBe('10000.00万');
    expect(balanceText(1)).toBe('0.00万');
    expect(balanceText(50)).toBe('0.01万'); // half rounds away from zero
    expect(balanceText(49.99)).toBe('0.00万');
  });
  it('shows 100,000,000 or more in hundred-millions', () => {
    expect(balanceText(100000000)).toBe('1.00亿');
    expect(balanceText('100000000.00')).toBe('1.00亿');
    expect(balanceText(123456789012)).toBe('1234.57亿');
    expect(balanceText('1e9')).toBe('10.00亿');
  });
  it('rounds exactly where binary floats drift', () => {
    // 10050 / 1e4 = 1.005, which toFixed(2) turns into '1.00'
    expect(balanceText(10050)).toBe('1.01万');
    expect(balanceText('100500000')).toBe('1.01亿');
  });
  it('keeps the sign of negative amounts', () => {
    expect(balanceText(-123456)).toBe('-12.35万');
    expect(balanceText(-200000000)).toBe('-20000.00万');
    expect(balanceText(-1)).toBe('0.00万');
  });
  it('takes other unit words', () => {
    expect(balanceText(123456, { wan: ' x10k', yi: ' x100M' })).toBe('12.35 x10k');
    expect(balanceText(3e8, { wan: 'W', yi: 'Y' })).toBe('3.00Y');
  });
});

describe('fenToYuan', () => {
  it('formats integer fen with 2 decimals', () => {
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(100)).toBe('1.00');
    expect(fenToYuan(123456)).toBe('1234.56');
    expect(fenToYuan(-5)).toBe('-0.05');
    expect(fenToYuan(-123456)).toBe('-1234.56');
  });
  it('is exact for large amounts and bigint', () => {
    expect(fenToYuan(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(fenToYuan(12345678901234567890n)).toBe('123456789012345678.90');
  });
  it('refuses non-integers', () => {
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(() => fenToYuan(NaN)).toThrow(RangeError);
  });
});

describe('formatDateTime', () => {
  const instant = new Date('2026-01-02T03:04:05.678Z');
  it('defaults to Asia/Shanghai', () => {
    expect(formatDateTime(instant)).toBe('2026-01-02 11:04:05');
  });
  it('formats in the given zone with a 24-hour clock', () => {
    expect(formatDateTime(instant, 'UTC')).toBe('2026-01-02 03:04:05');
    expect(formatDateTime('2026-01-01T16:00:00Z', 'Asia/Shanghai')).toBe('2026-01-02 00:00:00');
    expect(formatDateTime('2026-07-01T12:00:00Z', 'America/New_York')).toBe('2026-07-01 08:00:00');
    expect(formatDateTime('2026-12-31T23:59:59Z', 'UTC')).toBe('2026-12-31 23:59:59');
  });
  it('gives empty text for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(new Date(NaN))).toBe('');
  });
});

describe('formatDuration', () => {
  it('leaves out zero parts', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(60)).toBe('1m');
    expect(formatDuration(125)).toBe('2m 5s');
    expect(formatDuration(3600)).toBe('1h');
    expect(formatDuration(3605)).toBe('1h 5s');
    expect(formatDuration(86400)).toBe('1d');
    expect(formatDuration(90061)).toBe('1d 1h 1m 1s');
  });
  it('rounds to whole seconds and rejects nonsense', () => {
    expect(formatDuration(59.6)).toBe('1m');
    expect(formatDuration(0.4)).toBe('0s');
    expect(formatDuration(-1)).toBe('');
    expect(formatDuration(NaN)).toBe('');
    expect(formatDuration(Infinity)).toBe('');
  });
  it('takes Chinese units', () => {
    expect(formatDuration(3725, DURATION_UNITS_ZH)).toBe('1小时2分5秒');
  });
});

describe('maskPhone', () => {
  it('keeps the first 3 and last 4 digits', () => {
    expect(maskPhone('13812341234')).toBe('138****1234');
    expect(maskPhone('02161234567')).toBe('021****4567');
    expect(maskPhone('1234567')).toBe('1234567'.slice(0, 3) + '4567');
    expect(maskPhone('12345')).toBe('*****');
  });
});
