// /rootmain/statistic/expensereport: what the viewed account's ledger was charged for robot calls, per
// day, task, account of the subtree (whose calls) or line: spend, billed minutes, billed calls,
// connected calls, A/B leads, cost per connected call and per lead. Its total equals the ledger.
import { Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SPEND_GROUPS, type SpendFigures } from '../../../../../domain/reports/api';
import { costPer } from '../../../../../domain/reports/figures';
import { DataTable } from '../../../ui/DataTable';
import { PageHeader } from '../../../ui/PageHeader';
import { AsOf } from '../components/AsOf';
import { ExportDialog } from '../components/ExportDialog';
import { ReportState } from '../components/ReportState';
import { ReportToolbar } from '../components/ReportToolbar';
import { FILTER_OF, useReport } from '../components/useReport';
import { minutesText, yuanText } from '../format';
import '../statistics.css';

const cells = (s: SpendFigures) => [
  yuanText(s.fen),
  minutesText(s.billableMs),
  s.calls,
  s.connected,
  s.leads,
  yuanText(costPer(s.fen, s.connected)),
  yuanText(costPer(s.fen, s.leads)),
];

export default function ExpensePage() {
  const { t } = useTranslation('statistics');
  const { report, query, load, labels, drill, exportOpen, setExportOpen } = useReport('expense', 'day');
  const data = report.data;
  const by = String(data?.by ?? query.by ?? 'day');
  // The account grouping shows whose calls; filtering by an account looks at that account's own ledger.
  const filterKey = by === 'account' ? undefined : FILTER_OF[by];
  return (
    <div className="cp-page" data-testid="expense-page">
      <PageHeader />
      <ReportToolbar
        query={query}
        groups={SPEND_GROUPS}
        labels={labels}
        onChange={load}
        onExport={() => setExportOpen(true)}
        loading={report.loading}
      />
      <ReportState
        loading={report.loading}
        error={report.error}
        hasData={!!data}
        empty={!!data && !data.total.calls}
        onRetry={() => load(query)}
      >
        {data && (
          <>
            <Card className="cp-stat-chart" data-testid="report-chart">
              <ResponsiveContainer width="100%" height={260}>
                <BarChart
                  data={data.rows.map((r) => ({
                    key: r.label,
                    yuan: r.spend.fen / 100,
                    leads: r.spend.leads,
                  }))}
                >
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="key" />
                  <YAxis yAxisId="y" />
                  <YAxis yAxisId="n" orientation="right" allowDecimals={false} />
                  <Tooltip />
                  <Legend />
                  <Bar
                    yAxisId="y"
                    dataKey="yuan"
                    name={t('spendYuan')}
                    fill="#2D72D2"
                    isAnimationActive={false}
                  />
                  <Bar
                    yAxisId="n"
                    dataKey="leads"
                    name={t('leads')}
                    fill="#238551"
                    isAnimationActive={false}
                  />
                </BarChart>
              </ResponsiveContainer>
            </Card>
            <DataTable
              className="cp-stat-table"
              testId="report-table"
              columns={[
                t(`by.${by}`),
                t('spendYuan'),
                t('billedMinutes'),
                t('billedCalls'),
                t('connected'),
                t('leads'),
                t('costPerConnected'),
                t('costPerLead'),
              ]}
              onRowClick={
                filterKey
                  ? (k) => drill(filterKey, k, data.rows.find((r) => r.key === k)?.label ?? k)
                  : undefined
              }
            >
              {data.rows.map((r) => (
                <tr key={r.key} data-row-key={r.key}>
                  <td>{r.label}</td>
                  {cells(r.spend).map((v, i) => (
                    <td key={i}>{v}</td>
                  ))}
                </tr>
              ))}
              <tr className="cp-stat-total" data-testid="report-total">
                <td>{t('total')}</td>
                {cells(data.total).map((v, i) => (
                  <td key={i}>{v}</td>
                ))}
              </tr>
            </DataTable>
            <AsOf asOf={data.asOf} />
          </>
        )}
      </ReportState>
      <ExportDialog kind="expense" query={query} open={exportOpen} onClose={() => setExportOpen(false)} />
    </div>
  );
}
