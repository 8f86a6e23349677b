// Charts that move with the events: ended calls per minute over the last hour, today's grade mix
// (grade colours: the one table in wallMode.ts; grade names: the `results` namespace).
import { Card, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { GRADE_LETTERS } from '../../../../../domain/dialer/levels';
import { minuteSeries, type WallboardKpis } from '../../../../../domain/wallboard';
import { GRADE_COLORS } from '../../../ui/gradeColors';
const HEIGHT = 220;

/** hh:mm of a minute in the board's time zone. */
const hhmm = (minute: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(minute * 60_000),
  );

interface Props {
  perMinute: Record<string, number>;
  kpis: WallboardKpis;
  now: number;
  timeZone: string;
}

export function WallCharts({ perMinute, kpis, now, timeZone }: Props) {
  const { t } = useTranslation(['wallboard', 'results']);
  const series = minuteSeries(perMinute, now).map((p) => ({ ...p, label: hhmm(p.minute, timeZone) }));
  const grades = GRADE_LETTERS.map((l) => ({
    letter: l,
    name: t(`results:grade.${l}`),
    value: kpis.grades[l],
  })).filter((g) => g.value > 0);
  return (
    <div className="cp-wall-charts">
      <Card data-testid="wall-chart-minutes">
        <H5>{t('charts.perMinute')}</H5>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={series}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" interval={9} />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="calls" name={t('charts.calls')} fill="#2D72D2" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Card>
      <Card data-testid="wall-chart-grades">
        <H5>{t('charts.grades')}</H5>
        {grades.length === 0 ? (
          <p className="cp-wall-empty">{t('charts.noGrades')}</p>
        ) : (
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <PieChart>
              <Tooltip />
              <Legend />
              <Pie
                data={grades}
                dataKey="value"
                nameKey="name"
                label={({ value }) => String(value)}
                isAnimationActive={false}
              >
                {grades.map((g) => (
                  <Cell key={g.letter} fill={GRADE_COLORS[g.letter]} data-grade={g.letter} />
                ))}
              </Pie>
            </PieChart>
          </ResponsiveContainer>
        )}
      </Card>
    </div>
  );
}
