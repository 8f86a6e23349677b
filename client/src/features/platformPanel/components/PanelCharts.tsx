// Calls in progress by FreeSWITCH node and by merchant as bar charts, each with its empty state.
import { Card, H5, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PanelLive } from '../../../../../domain/platformPanel';

const HEIGHT = 220;
/** Merchants drawn at most (the busiest). */
const MERCHANTS_SHOWN = 10;

function ChartCard(p: { testId: string; title: string; data: { name: string; calls: number }[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card data-testid={p.testId}>
      <H5>{p.title}</H5>
      {p.data.length === 0 ? (
        <div data-testid={`${p.testId}-empty`}>
          <NonIdealState icon="phone" title={t('panel.empty.calls')} className="cp-panel-chart-empty" />
        </div>
      ) : (
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={p.data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="calls" name={t('panel.callsSeries')} fill="#2D72D2" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </Card>
  );
}

export function PanelCharts({ live }: { live: PanelLive }) {
  const { t } = useTranslation('dashboard');
  const byNode = live.byNode
    .filter((n) => n.calls > 0)
    .map((n) => ({ name: n.node ?? t('panel.notOriginated'), calls: n.calls }));
  const byMerchant = live.byMerchant
    .slice(0, MERCHANTS_SHOWN)
    .map((m) => ({ name: m.account, calls: m.calls }));
  return (
    <div className="cp-dash-charts">
      <ChartCard testId="panel-chart-nodes" title={t('panel.byNode')} data={byNode} />
      <ChartCard testId="panel-chart-merchants" title={t('panel.byMerchant')} data={byMerchant} />
    </div>
  );
}
