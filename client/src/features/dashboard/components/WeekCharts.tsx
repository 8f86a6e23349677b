// The 7-day statistics as recharts charts: grades A–F per day (stacked), connected rate, minutes.
// A day without dialed calls has no rate: the line leaves a gap there (not 0 %). A chart with nothing
// to draw in the whole week says so instead of showing empty axes.
import { Card, Classes, H5, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
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
import type { DayFigures } from '../../../../../domain/dashboard';
import { GRADE_COLORS } from '../../../ui/gradeColors';
import { weekChartData } from '../weekChart';

const HEIGHT = 220;

/** A chart card, or its empty state when the week has nothing for it. */
function ChartCard(p: { testId: string; title: string; empty: string | null; children: ReactNode }) {
  return (
    <Card data-testid={p.testId}>
      <H5>{p.title}</H5>
      {p.empty === null ? (
        p.children
      ) : (
        <div data-testid={`${p.testId}-empty`}>
          <NonIdealState icon="timeline-bar-chart" title={p.empty} className="cp-dash-chart-empty" />
        </div>
      )}
    </Card>
  );
}

export function WeekCharts({ week }: { week: DayFigures[] }) {
  const { t } = useTranslation('dashboard');
  const { points: data, noGrades, noRate, noMinutes, gaps } = weekChartData(week);
  return (
    <div className="cp-dash-charts">
      <ChartCard
        testId="chart-grades"
        title={t('charts.grades')}
        empty={noGrades ? t('charts.empty.grades') : null}
      >
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
      </ChartCard>
      <ChartCard testId="chart-rate" title={t('charts.rate')} empty={noRate ? t('charts.empty.rate') : null}>
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
              connectNulls={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
        {gaps && (
          <p className={Classes.TEXT_MUTED} data-testid="chart-rate-gaps">
            {t('charts.gapNote')}
          </p>
        )}
      </ChartCard>
      <ChartCard
        testId="chart-minutes"
        title={t('charts.minutes')}
        empty={noMinutes ? t('charts.empty.minutes') : null}
      >
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
      </ChartCard>
    </div>
  );
}
