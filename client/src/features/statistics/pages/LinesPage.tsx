// /rootmain/statistic/sipstatistic: line statistics per line (or per day of one line): attempts,
// connected rate, answer-seizure ratio, average ring time and talk minutes; a line under the platform's
// statistics threshold is flagged; the not-connected calls' SIP statuses and hangup causes below.
import { Card, H5, Intent, Tag } from '@blueprintjs/core';
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
import {
  answerSeizureRatio,
  averageRingMs,
  connectedRate,
  type Counters,
} from '../../../../../domain/reports/figures';
import { DataTable } from '../../../ui/DataTable';
import { PageHeader } from '../../../ui/PageHeader';
import { AsOf } from '../components/AsOf';
import { ExportDialog } from '../components/ExportDialog';
import { ReportState } from '../components/ReportState';
import { ReportToolbar } from '../components/ReportToolbar';
import { useReport } from '../components/useReport';
import { minutesText, pctText, pctValue, secondsText } from '../format';
import '../statistics.css';

const cells = (c: Counters) => [
  c.dialled ?? 0,
  pctText(connectedRate(c)),
  pctText(answerSeizureRatio(c)),
  secondsText(averageRingMs(c)),
  minutesText(c.talk_ms ?? 0),
];

export default function LinesPage() {
  const { t } = useTranslation('statistics');
  const { report, query, load, labels, drill, exportOpen, setExportOpen } = useReport('lines', 'line');
  const data = report.data;
  const byLine = (data?.by ?? query.by) === 'line';
  const lineName = (id: number) => data?.rows.find((r) => r.key === String(id))?.label ?? `#${id}`;
  const chart = data?.rows.map((r) => ({
    key: r.label,
    attempts: r.counters.dialled ?? 0,
    rate: pctValue(connectedRate(r.counters)),
    asr: pctValue(answerSeizureRatio(r.counters)),
  }));
  return (
    <div className="cp-page" data-testid="lines-page">
      <PageHeader />
      <ReportToolbar
        query={query}
        groups={['line', 'day']}
        labels={labels}
        onChange={load}
        onExport={() => setExportOpen(true)}
        loading={report.loading}
      />
      <ReportState
        loading={report.loading}
        error={report.error}
        hasData={!!data}
        empty={!!data && !data.total.dialled}
        onRetry={() => load(query)}
      >
        {data && (
          <>
            <Card className="cp-stat-chart" data-testid="report-chart">
              <ResponsiveContainer width="100%" height={260}>
                <ComposedChart data={chart}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="key" />
                  <YAxis yAxisId="n" allowDecimals={false} />
                  <YAxis yAxisId="r" orientation="right" domain={[0, 100]} unit="%" />
                  <Tooltip />
                  <Legend />
                  <Bar
                    yAxisId="n"
                    dataKey="attempts"
                    name={t('attempts')}
                    fill="#2D72D2"
                    isAnimationActive={false}
                  />
                  <Line
                    yAxisId="r"
                    dataKey="rate"
                    name={t('connectedRate')}
                    stroke="#238551"
                    connectNulls={false}
                    isAnimationActive={false}
                  />
                  <Line
                    yAxisId="r"
                    dataKey="asr"
                    name={t('asr')}
                    stroke="#C87619"
                    connectNulls={false}
                    isAnimationActive={false}
                  />
                </ComposedChart>
              </ResponsiveContainer>
            </Card>
            <DataTable
              className="cp-stat-table"
              testId="report-table"
              columns={[
                t(byLine ? 'by.line' : 'by.day'),
                t('attempts'),
                t('connectedRate'),
                t('asr'),
                t('avgRing'),
                t('talkMinutes'),
                '',
              ]}
              onRowClick={byLine ? (k) => drill('lineId', k, lineName(Number(k))) : undefined}
            >
              {data.rows.map((r) => (
                <tr
                  key={r.key}
                  data-row-key={r.key}
                  className={r.flagged ? 'cp-stat-flag' : undefined}
                  tabIndex={byLine ? 0 : undefined}
                >
                  <td>{r.label}</td>
                  {cells(r.counters).map((v, i) => (
                    <td key={i}>{v}</td>
                  ))}
                  <td>
                    {r.flagged && (
                      <Tag intent={Intent.DANGER} minimal data-testid="line-flag">
                        {t('underThreshold', { pct: data.thresholdPct })}
                      </Tag>
                    )}
                  </td>
                </tr>
              ))}
              <tr className="cp-stat-total" data-testid="report-total">
                <td>{t('total')}</td>
                {cells(data.total).map((v, i) => (
                  <td key={i}>{v}</td>
                ))}
                <td />
              </tr>
            </DataTable>
            <H5 className="cp-stat-subtitle">{t('causes')}</H5>
            {data.causes.length === 0 ? (
              <div data-testid="causes-empty">{t('noCauses')}</div>
            ) : (
              <DataTable
                className="cp-stat-table"
                testId="causes-table"
                columns={[t('by.line'), t('sipStatus'), t('cause'), t('count')]}
              >
                {data.causes.map((c) => (
                  <tr key={`${c.lineId}-${c.sipStatus}-${c.cause}`}>
                    <td>{lineName(c.lineId)}</td>
                    <td>{c.sipStatus || '-'}</td>
                    <td>{c.cause || '-'}</td>
                    <td>{c.n}</td>
                  </tr>
                ))}
              </DataTable>
            )}
            <AsOf asOf={data.asOf} />
          </>
        )}
      </ReportState>
      <ExportDialog kind="lines" query={query} open={exportOpen} onClose={() => setExportOpen(false)} />
    </div>
  );
}
