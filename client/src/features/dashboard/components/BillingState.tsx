// The viewed account's call rate, and a hint when its calls cost it nothing (no rate of its own, or
// none at any level), so billed minutes next to a spend of 0.00 are never left unexplained.
import { Callout, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { billingHint, type DashboardBilling } from '../../../../../domain/dashboard';
import { fenToYuan } from '../../../../../domain/format';
import { Figure } from '../../../ui/StatCard';

export function RateFigure({ billing }: { billing: DashboardBilling }) {
  const { t } = useTranslation('dashboard');
  const { rate } = billing;
  if (rate === null)
    return <Figure testId="dash-rate" value={t(`rate.${billing.platform ? 'platform' : 'unset'}`)} />;
  return (
    <>
      <Figure testId="dash-rate" value={t('rate.perMinute', { price: fenToYuan(rate.ratePerMinFen) })} />
      <p className={Classes.TEXT_MUTED} data-testid="dash-rate-accuracy">
        {t('rate.accuracy', { seconds: rate.accuracyS })}
      </p>
    </>
  );
}

/** Nothing when the account pays at its own rate (or is the platform). */
export function BillingHint({ billing, billedMs }: { billing: DashboardBilling; billedMs: number }) {
  const { t } = useTranslation('dashboard');
  const hint = billingHint(billing);
  if (hint === 'rated' || hint === 'platform') return null;
  return (
    <Callout
      intent={hint === 'none' ? Intent.WARNING : Intent.PRIMARY}
      title={t(`rate.hint.${hint}.title`)}
      className="cp-dash-hint"
      data-testid="dash-rate-hint"
      data-hint={hint}
    >
      {t(`rate.hint.${hint}.body`)}
      {billedMs > 0 && ` ${t('rate.hint.unbilled')}`}
    </Callout>
  );
}
