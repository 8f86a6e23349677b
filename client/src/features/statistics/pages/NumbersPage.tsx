// /rootmain/statistic/mobilestatistic: number statistics of the caller's subtree per day, task, bot,
// line or account: dialled, connected and its rate (a day without calls is a gap, not 0 %), the result
// mix, grades A–F, the SPEC §9 hang-up and dialogue-round buckets and transfers, a chart and a table.
import { Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { REPORT_GROUPS, type ReportRow } from '../../../../../domain/reports/api';
import { HANGUP_BUCKETS, ROUND_BUCKETS } from '../../../../../domain/reports/buckets';
import { GRADE_KEYS, NUMBERS_RESULT_CODES as RESULTS } from '../../../../../domain/reports/columns';
import { GRADE_LETTERS as LETTERS } from '../../../../../domain/dialer/levels';
import { connectedRate, type Counters } from '../../../../../domain/reports/figures';
import { DataTable } from '../../../ui/DataTable';
import { PageHeader } from '../../../ui/PageHeader';
import { AsOf } from '../components/AsOf';
import { ExportDialog } from '../components/ExportDialog';
import { ReportState } from '../components/ReportState';
import { ReportToolbar } from '../components/ReportToolbar';
import { FILTER_OF, useReport } from '../components/useReport';
import { pctText, pctValue } from '../format';
import '../statistics.css';
import { gradeColor } from '../../../ui/gradeColors';

export function NumbersChart({ rows }: { rows: ReportRow[] }) {
  const { t } = useTranslation('statistics');
  const data = rows.map((r) => ({
    key: r.label,
    rate: pctValue(connectedRate(r.counters)),
    ...Object.fromEntries(GRADE_KEYS.map((g, i) => [LETTERS[i], r.counters[g] ?? 0])),
    other: (r.counters.dialled ?? 0) - (r.counters.connected ?? 0),
  }));
  return (
    <Card className="cp-stat-chart" data-testid="report-chart">
      <ResponsiveContainer width="100%" height={260}>
        <ComposedChart data={data}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="key" />
          <YAxis yAxisId="n" allowDecimals={false} />
          <YAxis yAxisId="r" orientation="right" domain={[0, 100]} unit="%" />
          <Tooltip />
          <Legend />
          {LETTERS.map((l) => (
            <Bar
              key={l}
              yAxisId="n"
              dataKey={l}
              name={l}
              stackId="g"
              fill={gradeColor(l)}
              isAnimationActive={false}
            />
          ))}
          <Bar
            yAxisId="n"
            dataKey="other"
            name={t('notConnected')}
            stackId="g"
            fill="#C5CBD3"
            isAnimationActive={false}
          />
          <Line
            yAxisId="r"
            dataKey="rate"
            name={t('connectedRate')}
            stroke="#2D72D2"
            connectNulls={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </Card>
  );
}

function cells(c: Counters) {
  return [
    c.dialled,
    c.connected,
    pctText(connectedRate(c)),
    ...RESULTS.map((r) => c[`lv${r}`]),
    ...GRADE_KEYS.map((g) => c[g]),
    ...HANGUP_BUCKETS.map((b) => c[`h_${b}`]),
    ...ROUND_BUCKETS.map((b) => c[`k_${b}`]),
    c.xfer,
    c.xfer_accepted,
    c.xfer_noseat,
    c.xfer_timeout,
    c.xfer_other,
  ];
}

export default function NumbersPage() {
  const { t } = useTranslation(['statistics', 'results']);
  const { report, query, load, labels, drill, exportOpen, setExportOpen } = useReport('numbers', 'day');
  const data = report.data;
  const by = String(data?.by ?? query.by ?? 'day');
  const filterKey = FILTER_OF[by];
  const columns = [
    t(`by.${by}`),
    t('dialled'),
    t('connected'),
    t('connectedRate'),
    ...RESULTS.map((r) => t(`results:level.${r}`)),
    ...LETTERS,
    ...HANGUP_BUCKETS.map((b) => t(`hangup.${b}`)),
    ...ROUND_BUCKETS.map((b) => t(`rounds.${b}`)),
    t('transfers'),
    t('transfer.accepted'),
    t('transfer.noSeat'),
    t('transfer.timeout'),
    t('transfer.other'),
  ];
  return (
    <div className="cp-page" data-testid="numbers-page">
      <PageHeader />
      <ReportToolbar
        query={query}
        groups={REPORT_GROUPS}
        labels={labels}
        onChange={load}
        onExport={() => setExportOpen(true)}
        loading={report.loading}
      />
      <ReportState
        loading={report.loading}
        error={report.error}
        hasData={!!data}
        empty={!!data && !data.total.dialled && !data.total.lv71}
        onRetry={() => load(query)}
      >
        {data && (
          <>
            <NumbersChart rows={data.rows} />
            <DataTable
              className="cp-stat-table"
              testId="report-table"
              columns={columns}
              pinFirst
              onRowClick={
                filterKey
                  ? (k) => drill(filterKey, k, data.rows.find((r) => r.key === k)?.label ?? k)
                  : undefined
              }
            >
              {data.rows.map((r) => (
                <tr key={r.key} data-row-key={r.key} tabIndex={filterKey ? 0 : undefined}>
                  <td>{r.label}</td>
                  {cells(r.counters).map((v, i) => (
                    <td key={i}>{v ?? 0}</td>
                  ))}
                </tr>
              ))}
              <tr className="cp-stat-total" data-testid="report-total">
                <td>{t('total')}</td>
                {cells(data.total).map((v, i) => (
                  <td key={i}>{v ?? 0}</td>
                ))}
              </tr>
            </DataTable>
            <AsOf asOf={data.asOf} settling={data.settling} />
          </>
        )}
      </ReportState>
      <ExportDialog kind="numbers" query={query} open={exportOpen} onClose={() => setExportOpen(false)} />
    </div>
  );
}
