// What the 7-day charts draw (components/WeekCharts.tsx): one point per day, the connected rate null on
// a day without dialed calls (a gap, not 0 %), and which charts have nothing to draw all week.
import { GRADE_LETTERS } from '../../../../domain/dialer/levels';
import { billedMinutes, connectRate, type DayFigures } from '../../../../domain/dashboard';

export interface WeekChartData {
  points: ({ day: string; rate: number | null; minutes: number } & DayFigures['grades'])[];
  noGrades: boolean;
  noRate: boolean;
  noMinutes: boolean;
  /** Some days have a rate and some have none: the line has gaps. */
  gaps: boolean;
}

export function weekChartData(week: DayFigures[]): WeekChartData {
  const points = week.map((d) => {
    const r = connectRate(d);
    return {
      day: d.day.slice(5),
      ...d.grades,
      rate: r === null ? null : Math.round(r * 1000) / 10,
      minutes: billedMinutes(d.billableMs),
    };
  });
  const noRate = points.every((p) => p.rate === null);
  return {
    points,
    noGrades: week.every((d) => GRADE_LETTERS.every((l) => d.grades[l] === 0)),
    noRate,
    noMinutes: points.every((p) => p.minutes === 0),
    gaps: !noRate && points.some((p) => p.rate === null),
  };
}
