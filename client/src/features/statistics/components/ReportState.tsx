// What a report shows besides its figures: the first load, an error with retry, or an empty range.
import { Button, Callout, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ReportState(p: {
  loading: boolean;
  error: string | null;
  hasData: boolean;
  empty: boolean;
  onRetry(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('statistics');
  if (p.error)
    return (
      <Callout intent={Intent.DANGER} title={t('loadFailed')} data-testid="report-error">
        {p.error} <Button size="small" text={t('retry')} onClick={p.onRetry} />
      </Callout>
    );
  if (!p.hasData) return p.loading ? <Spinner data-testid="report-loading" /> : null;
  if (p.empty)
    return (
      <NonIdealState
        icon="timeline-bar-chart"
        title={t('empty.title')}
        description={t('empty.body')}
        data-testid="report-empty"
      />
    );
  return <>{p.children}</>;
}
