// The delivery log: the latest pushes of the account's calls, filtered by status, with retry-now.
import { Button, H4, HTMLSelect, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import type { DeliveryStatus, PushDeliveryDto } from '../../../../../domain/pushes';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { RowAction } from '../../../ui/RowAction';
import { pushesActions as P, selectPushes } from '../slice';

const STATUS_INTENT: Record<DeliveryStatus, Intent> = {
  pending: Intent.WARNING,
  delivered: Intent.SUCCESS,
  failed: Intent.DANGER,
};

export function DeliveriesSection() {
  const { t } = useTranslation('pushes');
  const dispatch = useAppDispatch();
  const d = useAppSelector(selectPushes).deliveries;
  const load = (status: DeliveryStatus | '', more = false) =>
    dispatch(P.deliveriesRequested({ status, more }));
  const destination = (x: PushDeliveryDto) =>
    x.kind === 'task' ? t('deliveries.task', { id: x.taskId }) : (x.addressName ?? t('deliveries.removed'));
  return (
    <section className="cp-push-section">
      <div className="cp-push-bar">
        <H4 className="cp-push-grow">{t('deliveries.title')}</H4>
        <HTMLSelect
          aria-label={t('deliveries.filter')}
          data-testid="push-deliveries-status"
          value={d.status}
          onChange={(e) => load(e.currentTarget.value as DeliveryStatus | '')}
          options={[
            { value: '', label: t('deliveries.all') },
            { value: 'pending', label: t('deliveries.pending') },
            { value: 'delivered', label: t('deliveries.delivered') },
            { value: 'failed', label: t('deliveries.failed') },
          ]}
        />
        <Button
          icon="refresh"
          text={t('actions.refresh')}
          loading={d.loading}
          onClick={() => load(d.status)}
        />
      </div>
      <ListView
        waiting={d.loading && !d.loaded}
        empty={d.items.length === 0}
        emptyIcon="history"
        emptyText={t('deliveries.empty')}
        emptyTestId="push-deliveries-empty"
        more={{
          next: d.nextBefore !== null,
          icon: 'more',
          text: t('actions.more'),
          loading: d.loading,
          onMore: () => load(d.status, true),
        }}
      >
        <DataTable
          className="cp-push-table"
          testId="push-deliveries"
          columns={[
            t('deliveries.time'),
            t('deliveries.call'),
            t('deliveries.destination'),
            t('deliveries.status'),
            t('deliveries.attempts'),
            t('deliveries.lastStatus'),
            t('deliveries.lastError'),
            t('deliveries.nextAttempt'),
            '',
          ]}
        >
          {d.items.map((x) => (
            <tr key={x.id} data-testid={`push-delivery-${x.id}`}>
              <td>{formatDateTime(x.createdAt)}</td>
              <td title={x.callUuid}>{x.callUuid.slice(0, 8)}</td>
              <td title={x.url}>{destination(x)}</td>
              <td>
                <Tag minimal intent={STATUS_INTENT[x.status]}>
                  {t(`deliveries.${x.status}`)}
                </Tag>
              </td>
              <td>{x.attempts}</td>
              <td>{x.lastStatus ?? '—'}</td>
              <td className="cp-push-error">{x.lastError ?? '—'}</td>
              <td>{x.nextAttemptAt ? formatDateTime(x.nextAttemptAt) : '—'}</td>
              <td>
                {x.status !== 'delivered' && (
                  <RowAction
                    icon="repeat"
                    text={t('actions.retry')}
                    testId={`push-retry-${x.id}`}
                    onClick={() => dispatch(P.retryRequested(x.id))}
                  />
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </ListView>
    </section>
  );
}
