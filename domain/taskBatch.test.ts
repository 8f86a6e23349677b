import { periodProblems } from './taskBatch';

describe('periodProblems (the task form rules for a batch edit)', () => {
  it('accepts good periods and names the field at fault otherwise', () => {
    expect(periodProblems(['09:00-12:00', '14:00-18:00'], ['10:00-10:15'])).toEqual({});
    expect(periodProblems([], [])).toEqual({ callPeriods: 'required' });
    expect(periodProblems(['  '], [])).toEqual({ callPeriods: 'required' });
    expect(periodProblems(['25:00-26:00'], [])).toEqual({ callPeriods: 'period.format' });
    expect(periodProblems(['09:00-12:00', '11:00-13:00'], [])).toEqual({ callPeriods: 'period.overlap' });
    expect(periodProblems(['09:00-12:00'], ['bad'])).toEqual({ noCallPeriods: 'period.format' });
  });
});
