import { csvField, neutralise } from './spreadsheet';

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
