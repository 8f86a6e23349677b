import { DEFAULT_DIAL_SETTINGS } from '../../../../domain/shields';
import { formOf, inputOf, problemsOf, yuanToFen } from './form';

describe('dialing defaults form', () => {
  it('round-trips the defaults', () => {
    const f = formOf(DEFAULT_DIAL_SETTINGS);
    expect(f).toMatchObject({ capPerDay: '1', capPerPeriod: '3', lowBalanceYuan: '10' });
    const { dayShieldLevels: _l, concurrencyQuota: _q, ...input } = DEFAULT_DIAL_SETTINGS;
    expect(inputOf(f)).toEqual(input);
    expect(problemsOf(f)).toEqual({});
  });

  it('reads an empty cap as no cap and yuan as integer fen', () => {
    const f = { ...formOf(DEFAULT_DIAL_SETTINGS), capPerDay: '', capPerPeriod: ' ', lowBalanceYuan: '12.3' };
    expect(inputOf(f)).toMatchObject({ capPerDay: null, capPerPeriod: null, lowBalanceFen: 1230 });
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('1.005')).toBeNaN();
    expect(yuanToFen('-1')).toBeNaN();
  });

  it('reports each field with the shared rules', () => {
    const f = {
      ...formOf(DEFAULT_DIAL_SETTINGS),
      callStart: '9:00',
      capPerDay: '-1',
      capPerPeriod: '2.5',
      timeZone: 'Nowhere',
      lowBalanceYuan: 'abc',
    };
    expect(problemsOf(f)).toEqual({
      callStart: 'time',
      capPerDay: 'capRange',
      capPerPeriod: 'capRange',
      timeZone: 'timeZone',
      lowBalanceYuan: 'lowBalance',
    });
  });
});
