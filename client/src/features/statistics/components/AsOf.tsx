// "Figures as of …" under a report: the time of the answer, and the calls still being settled it includes.
import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function AsOf({ asOf, settling }: { asOf: string; settling?: number }) {
  const { t } = useTranslation('statistics');
  return (
    <div className={Classes.TEXT_MUTED} data-testid="report-asof">
      {t('asOf', { time: new Date(asOf).toLocaleString() })}
      {settling ? ` · ${t('settling', { count: settling })}` : ''}
    </div>
  );
}
