// Today's KPIs in big figures: dialed, connected rate, A and B, transfers, average talk time and
// the share of transfers abandoned (never reached a seat). One row of tiles (wallboard.css: the
// grid fits all eight at 1440 and 1920 wide; narrower, two rows of four, never one tile alone).
import { Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  abandonRate,
  averageTalkMs,
  connectedRate,
  type WallboardKpis,
} from '../../../../../domain/wallboard';
import { GRADE_COLORS } from '../../../ui/gradeColors';

const pct = (r: number | null) => (r === null ? '—' : `${(Math.round(r * 1000) / 10).toFixed(1)}%`);
const secs = (ms: number | null) => (ms === null ? '—' : `${Math.round(ms / 1000)}s`);

const ACCENT: Record<string, string> = { gradeA: GRADE_COLORS.A, gradeB: GRADE_COLORS.B };

export function KpiStrip({ kpis }: { kpis: WallboardKpis }) {
  const { t } = useTranslation('wallboard');
  const items: [string, string | number, string?][] = [
    ['dialed', kpis.dialed],
    ['connected', kpis.connected],
    ['connectedRate', pct(connectedRate(kpis))],
    ['gradeA', kpis.grades.A],
    ['gradeB', kpis.grades.B],
    ['transfers', kpis.transfers],
    ['avgTalk', secs(averageTalkMs(kpis))],
    ['abandon', pct(abandonRate(kpis)), t('kpi.abandonCount', { count: kpis.transferAbandoned })],
  ];
  return (
    <div className="cp-wall-kpis-box">
      <div className="cp-wall-kpis" data-testid="wall-kpis">
        {items.map(([key, value, sub]) => (
          <Card
            key={key}
            className="cp-wall-kpi"
            data-testid={`kpi-${key}`}
            style={ACCENT[key] ? { borderTopColor: ACCENT[key] } : undefined}
          >
            <div className="cp-wall-kpi-label">{t(`kpi.${key}`)}</div>
            <div className="cp-wall-kpi-value" data-testid={`kpi-${key}-value`}>
              {value}
            </div>
            {sub && (
              <div className="cp-wall-muted" data-testid={`kpi-${key}-sub`}>
                {sub}
              </div>
            )}
          </Card>
        ))}
      </div>
    </div>
  );
}
