import {
  change,
  connectedRate,
  costPer,
  daysBetween,
  emptyCounters,
  previousPeriod,
  rangeDays,
  underThreshold,
} from './figures';

describe('report figures', () => {
  it('has no rate where nothing was dialled (a gap, not 0 %)', () => {
    expect(connectedRate(emptyCounters())).toBeNull();
    expect(connectedRate({ ...emptyCounters(), dialled: 4, connected: 1 })).toBe(0.25);
  });

  it('flags a line under the threshold, never a line without calls', () => {
    expect(underThreshold({ ...emptyCounters(), dialled: 10, connected: 0 }, 10)).toBe(true);
    expect(underThreshold({ ...emptyCounters(), dialled: 10, connected: 1 }, 10)).toBe(false);
    expect(underThreshold(emptyCounters(), 10)).toBe(false);
  });

  it('computes change and cost per unit', () => {
    expect(change(15, 10)).toBe(0.5);
    expect(change(5, 0)).toBeNull();
    expect(costPer(1000, 3)).toBe(333);
    expect(costPer(1000, 0)).toBeNull();
  });

  it('lists days and the previous period across month ends', () => {
    expect(daysBetween('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(rangeDays('2026-03-01', '2026-03-07')).toBe(7);
    expect(previousPeriod('2026-03-01', '2026-03-07')).toEqual({ from: '2026-02-22', to: '2026-02-28' });
  });
});
