import { csvField, hasControl, neutralise, stripControls } from './spreadsheet';

describe('neutralise', () => {
  it.each(['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '=', '-'])('quotes %j', (v) =>
    expect(neutralise(v)).toBe(`'${v}`),
  );

  it.each(['', '张三', '13800000000', 'a=b', ' =1', "'=1", '138****1234'])('leaves %j alone', (v) =>
    expect(neutralise(v)).toBe(v),
  );
});

describe('csvField', () => {
  it('quotes only what needs quoting, doubling quotes', () => {
    expect(['a', 'a,b', 'say "hi"', 'two\nlines', 12, null, undefined, true].map(csvField)).toEqual([
      'a',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      '12',
      '',
      '',
      'true',
    ]);
  });
});

describe('control characters', () => {
  it('finds and drops NUL, other C0 controls and DEL, keeping tab and line breaks', () => {
    expect(['张\u0000三', 'a\u0007b', 'x\u007f', '\u001bq'].map(hasControl)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['张三', 'a\tb', 'two\nlines\r\n', ''].map(hasControl)).toEqual([false, false, false, false]);
    expect(stripControls('张\u0000三\u0007\u007f\t备注\n')).toBe('张三\t备注\n');
    expect(stripControls('clean')).toBe('clean');
  });
});
