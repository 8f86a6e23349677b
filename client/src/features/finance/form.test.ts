import { parseRateYuan, rateProblems, rechargeProblems, serverProblems } from './form';
import { dayRangeIso, ledgerQuery } from './query';

const good = { accountId: 3, amount: '12.5', description: '', confirm: true };

describe('recharge form (the API rule, domain/finance.ts parseYuan)', () => {
  it('accepts a good recharge', () => {
    expect(rechargeProblems(good)).toEqual({});
    expect(rechargeProblems({ ...good, amount: '10000000' })).toEqual({});
  });

  it.each([
    ['', 'recharge.errors.amountRequired'],
    ['abc', 'recharge.errors.amountInvalid'],
    ['0', 'recharge.errors.amountPositive'],
    ['-5', 'recharge.errors.amountPositive'],
    ['1.234', 'recharge.errors.amountDecimals'],
    ['10000000.01', 'recharge.errors.amountMax'],
  ])('refuses the amount %p', (amount, key) => {
    expect(rechargeProblems({ ...good, amount }).amount).toBe(key);
  });

  it('needs an account, the confirmation and a short description', () => {
    expect(
      rechargeProblems({ ...good, accountId: null, confirm: false, description: 'x'.repeat(201) }),
    ).toEqual({
      accountId: 'recharge.errors.accountRequired',
      confirm: 'recharge.errors.confirm',
      description: 'recharge.errors.descriptionLong',
    });
  });
});

describe('rate form', () => {
  it('reads yuan per minute as whole fen', () => {
    expect(parseRateYuan('0.15')).toEqual({ ok: true, fen: 15 });
    expect(parseRateYuan('0')).toEqual({ ok: true, fen: 0 });
    expect(parseRateYuan('1000')).toEqual({ ok: true, fen: 100_000 });
    expect(parseRateYuan(' 2.5 ')).toEqual({ ok: true, fen: 250 });
  });

  it.each([
    ['', 'rates.errors.required'],
    ['0.155', 'rates.errors.invalid'],
    ['-1', 'rates.errors.invalid'],
    ['1e3', 'rates.errors.invalid'],
    ['1000.01', 'rates.errors.max'],
  ])('refuses %p', (text, problem) => {
    expect(parseRateYuan(text)).toEqual({ ok: false, problem });
  });

  it('needs a billing accuracy of 6 or 60 seconds', () => {
    expect(rateProblems({ rate: '1', accuracyS: '6' })).toEqual({});
    expect(rateProblems({ rate: '1', accuracyS: '30' })).toEqual({ accuracyS: 'rates.errors.accuracy' });
  });
});

it('maps the API field errors onto the form', () => {
  expect(
    serverProblems([
      { path: 'amount', message: 'A' },
      { path: 'amount', message: 'B' },
      { path: 'ratePerMinFen', message: 'C' },
    ]),
  ).toEqual({ amount: 'A', rate: 'C' });
});

describe('ledger query', () => {
  it('sends local days as instants, the whole last day included', () => {
    const r = dayRangeIso('2026-11-01', '2026-11-27');
    expect(r.from).toBe(new Date(2026, 10, 1, 0, 0, 0, 0).toISOString());
    expect(r.to).toBe(new Date(2026, 10, 27, 23, 59, 59, 999).toISOString());
    expect(dayRangeIso('', '')).toEqual({});
  });

  it('asks the records view for recharges only, the ledger for the chosen kind', () => {
    const f = { accountId: 3, kind: 'call' as const, from: '', to: '' };
    expect(ledgerQuery('records', f)).toEqual({ accountId: 3, kind: 'recharge' });
    expect(ledgerQuery('ledger', f)).toEqual({ accountId: 3, kind: 'call' });
    expect(ledgerQuery('ledger', { ...f, accountId: null, kind: '' })).toEqual({});
  });
});
