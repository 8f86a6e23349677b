import { emptyFigures, type DayFigures } from '../../../../domain/dashboard';
import { weekChartData } from './weekChart';

const day = (d: string, over: Partial<DayFigures> = {}): DayFigures => ({
  ...emptyFigures(),
  day: d,
  ...over,
});

describe('weekChartData', () => {
  it('leaves a gap (null), not 0 %, on a day without dialed calls', () => {
    const r = weekChartData([
      day('2026-11-20', { dialed: 4, connected: 1, billableMs: 60_000 }),
      day('2026-11-21'),
      day('2026-11-22', { dialed: 2, connected: 0 }),
    ]);
    expect(r.points.map((p) => p.rate)).toEqual([25, null, 0]);
    expect(r.points.map((p) => p.day)).toEqual(['11-20', '11-21', '11-22']);
    expect(r).toMatchObject({ noRate: false, gaps: true, noMinutes: false, noGrades: true });
  });

  it('says every chart is empty for a week without calls', () => {
    const r = weekChartData(['2026-11-20', '2026-11-21'].map((d) => day(d)));
    expect(r).toMatchObject({ noGrades: true, noRate: true, noMinutes: true, gaps: false });
  });

  it('has grades when any day has one', () => {
    const f = emptyFigures();
    const r = weekChartData([day('2026-11-20', { dialed: 1, connected: 1, grades: { ...f.grades, B: 1 } })]);
    expect(r).toMatchObject({ noGrades: false, noRate: false, gaps: false });
  });
});
