import { billingChain, levelCharges, payable } from './settlement';

describe('billingChain', () => {
  it('is the account, then its ancestors nearest first, without the platform', () => {
    expect(billingChain(9, '/1/5/9/', [1])).toEqual([9, 5]);
    expect(billingChain(5, '/1/5/', [1])).toEqual([5]);
    expect(billingChain(9, '/1/5/9/')).toEqual([9, 5, 1]);
  });
  it('tolerates a path that does not name the account', () => {
    expect(billingChain(9, '/1/5/', [1])).toEqual([9, 5]);
  });
});

describe('levelCharges', () => {
  const rates = new Map([
    [9, { ratePerMinFen: 10, accuracy: 60 as const }],
    [5, { ratePerMinFen: 5, accuracy: 6 as const }],
  ]);
  it('charges each level at its own rate and accuracy', () => {
    // 61 s: 2 minutes x 10 = 20; 11 blocks of 6 s x 0.5 fen = 5.5 -> 6.
    expect(levelCharges(61_000, [9, 5, 1], rates)).toEqual([
      { accountId: 9, fen: 20 },
      { accountId: 5, fen: 6 },
    ]);
  });
  it('leaves out levels without a rate and charges of 0', () => {
    expect(levelCharges(0, [9, 5], rates)).toEqual([]);
    expect(levelCharges(1000, [1], rates)).toEqual([]);
  });
  it('rounds fractional milliseconds and refuses nothing for negative ones', () => {
    expect(levelCharges(-5, [9], rates)).toEqual([]);
    expect(levelCharges(0.4, [9], rates)).toEqual([]);
    expect(levelCharges(0.6, [9], rates)).toEqual([{ accountId: 9, fen: 10 }]);
  });
});

describe('payable', () => {
  it('pays in full when the balance covers it', () => {
    expect(payable(100, 30)).toEqual({ paid: 30, shortfall: 0 });
  });
  it('takes what is there and names the shortfall, never going below 0', () => {
    expect(payable(15, 20)).toEqual({ paid: 15, shortfall: 5 });
    expect(payable(0, 20)).toEqual({ paid: 0, shortfall: 20 });
    expect(payable(-3, 20)).toEqual({ paid: 0, shortfall: 20 });
  });
});
