// Today's or all-time call figures: dialed, connected, rate, A/B, billed minutes, average talk time.
import { Card, Classes, H5 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { avgTalkMs, billedMinutes, connectRate, type CallFigures } from '../../../../../domain/dashboard';
import {
  DURATION_UNITS_EN,
  DURATION_UNITS_ZH,
  fenToYuan,
  formatDuration,
} from '../../../../../domain/format';

export const percent = (r: number | null, none: string): string =>
  r === null ? none : `${(Math.round(r * 1000) / 10).toFixed(1)}%`;

export function CallFiguresCard(p: {
  title: string;
  testId: string;
  figures: CallFigures;
  showCharged?: boolean;
  footer?: ReactNode;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const f = p.figures;
  const none = t('fig.none');
  const avg = avgTalkMs(f);
  const units = i18n.language === 'en' ? DURATION_UNITS_EN : DURATION_UNITS_ZH;
  const items: [string, string, string | number][] = [
    ['dialed', t('fig.dialed'), f.dialed],
    ['connected', t('fig.connected'), f.connected],
    ['rate', t('fig.connectRate'), percent(connectRate(f), none)],
    ['a', t('fig.gradeA'), f.grades.A],
    ['b', t('fig.gradeB'), f.grades.B],
    ['minutes', t('fig.billedMinutes'), billedMinutes(f.billableMs).toFixed(1)],
    ['avgtalk', t('fig.avgTalk'), avg === null ? none : formatDuration(avg / 1000, units)],
  ];
  if (p.showCharged) items.push(['charged', t('fig.charged'), fenToYuan(f.chargedFen)]);
  return (
    <Card className="cp-dash-figures" data-testid={p.testId}>
      <H5>{p.title}</H5>
      <dl className="cp-dash-figure-list">
        {items.map(([key, label, value]) => (
          <div key={key}>
            <dt className={Classes.TEXT_MUTED}>{label}</dt>
            <dd data-testid={`${p.testId}-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {p.footer}
    </Card>
  );
}
