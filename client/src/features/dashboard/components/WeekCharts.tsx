// The 7-day statistics as recharts charts: grades A–F per day (stacked), connected rate, minutes.
import { Card, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { GRADE_LETTERS } from '../../../../../domain/dialer/levels';
import { billedMinutes, connectRate, type DayFigures } from '../../../../../domain/dashboard';
import { GRADE_COLORS } from '../../../ui/gradeColors';

const HEIGHT = 220;

export function WeekCharts({ week }: { week: DayFigures[] }) {
  const { t } = useTranslation('dashboard');
  const data = week.map((d) => ({
    day: d.day.slice(5),
    ...d.grades,
    rate: (() => {
      const r = connectRate(d);
      return r === null ? 0 : Math.round(r * 1000) / 10;
    })(),
    minutes: billedMinutes(d.billableMs),
  }));
  return (
    <div className="cp-dash-charts">
      <Card data-testid="chart-grades">
        <H5>{t('charts.grades')}</H5>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            {GRADE_LETTERS.map((l) => (
              <Bar
                key={l}
                dataKey={l}
                name={l}
                stackId="g"
                fill={GRADE_COLORS[l]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Card>
      <Card data-testid="chart-rate">
        <H5>{t('charts.rate')}</H5>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <LineChart data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis domain={[0, 100]} unit="%" />
            <Tooltip />
            <Line
              type="linear"
              dataKey="rate"
              name={t('charts.rateSeries')}
              stroke="#2D72D2"
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </Card>
      <Card data-testid="chart-minutes">
        <H5>{t('charts.minutes')}</H5>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis />
            <Tooltip />
            <Bar
              dataKey="minutes"
              name={t('charts.minutesSeries')}
              fill="#238551"
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </Card>
    </div>
  );
}
