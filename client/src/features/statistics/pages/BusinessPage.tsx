// /rootmain/bussinesscentral/report: per account directly below the viewer (the merchants, for the
// super administrator), its subtree's calls and its own call spend in the range and in the period of
// the same length before it, with the change.
import { Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { change, leadsOf, type Counters } from '../../../../../domain/reports/figures';
import { DataTable } from '../../../ui/DataTable';
import { PageHeader } from '../../../ui/PageHeader';
import { AsOf } from '../components/AsOf';
import { ExportDialog } from '../components/ExportDialog';
import { ReportState } from '../components/ReportState';
import { ReportToolbar } from '../components/ReportToolbar';
import { useReport } from '../components/useReport';
import { changeText, yuanText } from '../format';
import '../statistics.css';

const FIGURES: [string, (c: Counters) => number, (n: number) => string][] = [
  ['dialled', (c) => c.dialled ?? 0, String],
  ['connected', (c) => c.connected ?? 0, String],
  ['leads', leadsOf, String],
  ['spendYuan', (c) => c.fen ?? 0, yuanText],
];

export default function BusinessPage() {
  const { t } = useTranslation('statistics');
  const { report, query, load, labels, exportOpen, setExportOpen } = useReport('business');
  const data = report.data;
  const columns = [t('by.account')];
  for (const [k] of FIGURES) columns.push(t(k), t('previous'), t('change'));
  return (
    <div className="cp-page" data-testid="business-page">
      <PageHeader />
      <ReportToolbar
        query={query}
        labels={labels}
        onChange={load}
        onExport={() => setExportOpen(true)}
        loading={report.loading}
      />
      <ReportState
        loading={report.loading}
        error={report.error}
        hasData={!!data}
        empty={!!data && data.rows.length === 0}
        onRetry={() => load(query)}
      >
        {data && (
          <>
            <Card className="cp-stat-chart" data-testid="report-chart">
              <ResponsiveContainer width="100%" height={260}>
                <BarChart
                  data={data.rows.slice(0, 30).map((r) => ({
                    key: r.account,
                    cur: r.current.dialled ?? 0,
                    prev: r.previous.dialled ?? 0,
                  }))}
                >
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="key" />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Legend />
                  <Bar
                    dataKey="cur"
                    name={t('periodCurrent', { from: data.from, to: data.to })}
                    fill="#2D72D2"
                    isAnimationActive={false}
                  />
                  <Bar
                    dataKey="prev"
                    name={t('periodPrevious', { from: data.previousFrom, to: data.previousTo })}
                    fill="#C5CBD3"
                    isAnimationActive={false}
                  />
                </BarChart>
              </ResponsiveContainer>
            </Card>
            <DataTable className="cp-stat-table" testId="report-table" columns={columns} pinFirst>
              {data.rows.map((r) => (
                <tr key={r.accountId} data-row-key={r.accountId}>
                  <td>{r.account}</td>
                  {FIGURES.flatMap(([k, of, text]) => {
                    const cur = of(r.current);
                    const prev = of(r.previous);
                    return [
                      <td key={`${k}c`}>{text(cur)}</td>,
                      <td key={`${k}p`}>{text(prev)}</td>,
                      <td key={`${k}x`}>{changeText(change(cur, prev))}</td>,
                    ];
                  })}
                </tr>
              ))}
            </DataTable>
            <AsOf asOf={data.asOf} />
          </>
        )}
      </ReportState>
      <ExportDialog kind="business" query={query} open={exportOpen} onClose={() => setExportOpen(false)} />
    </div>
  );
}
