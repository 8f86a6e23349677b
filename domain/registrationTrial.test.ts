import { trialProblems } from './registrationTrial';

describe('registration trial setting', () => {
  it('accepts whole numbers in range, 0 seats and 0 balance included', () => {
    expect(trialProblems({ aiSeats: 2, days: 30, balanceFen: 1000 })).toEqual([]);
    expect(trialProblems({ aiSeats: 0, days: 1, balanceFen: 0 })).toEqual([]);
    expect(trialProblems({ aiSeats: 1000, days: 3650, balanceFen: 1_000_000_000 })).toEqual([]);
  });

  it('names every field out of range or not a whole number', () => {
    expect(trialProblems({ aiSeats: -1, days: 0, balanceFen: 1_000_000_001 })).toEqual([
      'aiSeats',
      'days',
      'balanceFen',
    ]);
    expect(trialProblems({ aiSeats: 1.5, days: '30', balanceFen: null })).toEqual([
      'aiSeats',
      'days',
      'balanceFen',
    ]);
  });
});
