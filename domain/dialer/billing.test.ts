import fc from 'fast-check';
import { billableBlocks, chainCharges, chargeFen, lowBalance } from './billing';

describe('billableBlocks', () => {
  it('rounds started blocks up', () => {
    expect(billableBlocks(0, 6)).toBe(0);
    expect(billableBlocks(1, 6)).toBe(1);
    expect(billableBlocks(6000, 6)).toBe(1);
    expect(billableBlocks(6001, 6)).toBe(2);
    expect(billableBlocks(59_999, 60)).toBe(1);
    expect(billableBlocks(60_000, 60)).toBe(1);
    expect(billableBlocks(60_001, 60)).toBe(2);
    expect(billableBlocks(Number.MAX_SAFE_INTEGER, 6)).toBe(1_501_199_875_791);
  });
  it('rejects bad input', () => {
    expect(() => billableBlocks(-1, 6)).toThrow(RangeError);
    expect(() => billableBlocks(1.5, 6)).toThrow(RangeError);
    expect(() => billableBlocks(1000, 30 as 6)).toThrow(RangeError);
  });
});

describe('chargeFen', () => {
  it('per minute', () => {
    expect(chargeFen(0, 12, 60)).toBe(0);
    expect(chargeFen(1, 12, 60)).toBe(12);
    expect(chargeFen(61_000, 12, 60)).toBe(24);
  });
  it('per 6 s: a tenth of the rate per block, rounded up once', () => {
    expect(chargeFen(6000, 10, 6)).toBe(1);
    expect(chargeFen(13_000, 5, 6)).toBe(2); // 3 blocks * 0.5 = 1.5 -> 2
    expect(chargeFen(60_000, 12, 6)).toBe(12); // 10 blocks = a minute
    expect(chargeFen(61_000, 12, 6)).toBe(14); // 11 blocks * 1.2 = 13.2 -> 14
    expect(chargeFen(6000, 1, 6)).toBe(1);
    expect(chargeFen(60_000, 0, 6)).toBe(0);
  });
  it('rejects bad rates and overflow', () => {
    expect(() => chargeFen(1000, -1, 6)).toThrow(RangeError);
    expect(() => chargeFen(1000, 0.5, 6)).toThrow(RangeError);
    expect(() => chargeFen(Number.MAX_SAFE_INTEGER, 1_000_000, 60)).toThrow(RangeError);
  });
  it('is monotonic in talk time and never negative (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 * 3_600_000 }),
        fc.integer({ min: 0, max: 3_600_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom<6 | 60>(6, 60),
        (talk, extra, rate, acc) => {
          const a = chargeFen(talk, rate, acc);
          const b = chargeFen(talk + extra, rate, acc);
          return a >= 0 && b >= a && Number.isSafeInteger(a);
        },
      ),
    );
  });
  it('per 6 s never charges more than per minute (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 * 3_600_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (talk, rate) => chargeFen(talk, rate, 6) <= chargeFen(talk, rate, 60),
      ),
    );
  });
});

describe('chainCharges', () => {
  it('charges each level its own rate', () => {
    expect(
      chainCharges(
        95_000,
        [
          { accountId: 1, ratePerMinuteFen: 5 },
          { accountId: 7, ratePerMinuteFen: 8 },
        ],
        6,
      ),
    ).toEqual([
      { accountId: 1, fen: 8 }, // 16 blocks * 0.5
      { accountId: 7, fen: 13 }, // 16 blocks * 0.8 = 12.8 -> 13
    ]);
    expect(chainCharges(95_000, [], 60)).toEqual([]);
  });
});

describe('lowBalance', () => {
  it('is strictly below the threshold', () => {
    expect(lowBalance(999, 1000)).toBe(true);
    expect(lowBalance(1000, 1000)).toBe(false);
  });
});
