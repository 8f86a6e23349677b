import {
  RATE_MAX_FEN,
  RECHARGE_MAX_FEN,
  canManageMoney,
  crossesBelow,
  isBillingAccuracy,
  parseYuan,
  rateProblem,
} from './finance';

describe('parseYuan: recharge amounts as integer fen, no floats', () => {
  it.each([
    ['1', 100],
    ['0.01', 1],
    ['12.3', 1230],
    ['12.34', 1234],
    [' 100.50 ', 10050],
    ['007.5', 750],
    [12.34, 1234],
    [0.07, 7],
    [10_000_000, RECHARGE_MAX_FEN],
    ['10000000.00', RECHARGE_MAX_FEN],
  ])('%p -> %p fen', (input, fen) => {
    expect(parseYuan(input)).toEqual({ ok: true, fen });
  });

  it.each([
    [undefined, 'required'],
    [null, 'required'],
    ['', 'required'],
    ['  ', 'required'],
    ['abc', 'invalid'],
    ['1,000', 'invalid'],
    ['1e3', 'invalid'],
    ['.5', 'invalid'],
    ['5.', 'invalid'],
    [Number.NaN, 'invalid'],
    [Number.POSITIVE_INFINITY, 'invalid'],
    ['1.234', 'decimals'],
    [0.1 + 0.2, 'decimals'],
    ['-5', 'positive'],
    [-0.01, 'positive'],
    ['0', 'positive'],
    ['0.00', 'positive'],
    ['10000000.01', 'max'],
    ['99999999999999999999', 'max'],
    [1e21, 'invalid'],
  ])('%p is refused as %p', (input, problem) => {
    expect(parseYuan(input as string | number | null | undefined)).toEqual({ ok: false, problem });
  });
});

describe('rates', () => {
  it('accepts whole fen from 0 to the maximum', () => {
    expect(rateProblem(0)).toBeNull();
    expect(rateProblem(12)).toBeNull();
    expect(rateProblem(RATE_MAX_FEN)).toBeNull();
  });
  it('refuses everything else', () => {
    expect(rateProblem(undefined)).toBe('required');
    expect(rateProblem(-1)).toBe('invalid');
    expect(rateProblem(1.5)).toBe('invalid');
    expect(rateProblem('12')).toBe('invalid');
    expect(rateProblem(RATE_MAX_FEN + 1)).toBe('max');
  });
  it('knows the two billing accuracies', () => {
    expect([6, 60].map(isBillingAccuracy)).toEqual([true, true]);
    expect([0, 30, '6', null].map(isBillingAccuracy)).toEqual([false, false, false, false]);
  });
});

describe('low-balance crossing', () => {
  it('is true only when the change goes from at least the threshold to below it', () => {
    expect(crossesBelow(1000, 999, 1000)).toBe(true);
    expect(crossesBelow(5000, 0, 1000)).toBe(true);
    expect(crossesBelow(999, 500, 1000)).toBe(false); // already below: no second notice
    expect(crossesBelow(2000, 1000, 1000)).toBe(false); // at the threshold is not below it
    expect(crossesBelow(500, 2000, 1000)).toBe(false); // a credit
  });
});

it('lets the super administrator and merchants manage money, not ordinary users', () => {
  expect([0, 1, 2].map(canManageMoney)).toEqual([true, false, true]);
});
