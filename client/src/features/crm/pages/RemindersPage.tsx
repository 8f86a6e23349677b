// /rootmain/crm/workremain: pending or handled reminders; mark one handled; due ones arrive live.
import { Button, Classes, SegmentedControl, Tag, Intent } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { LoadMore } from '../../../ui/LoadMore';
import '../crm.css';
import { followUpDetails, phoneText, stageKey } from '../labels';
import { selectReminders } from '../slice';
import { remindersActions as R, type ReminderStatus } from '../slice/reminders';
import { PageHeader } from '../../../ui/PageHeader';

export default function RemindersPage() {
  const { t, i18n } = useTranslation('crm');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectReminders);

  useEffect(() => {
    dispatch(R.listRequested('pending'));
  }, [dispatch]);

  const pending = s.status === 'pending';
  return (
    <div className="cp-page" data-testid="reminders-page">
      <PageHeader />
      <div className="cp-crm-bar" data-testid="reminder-status" data-status={s.status}>
        <SegmentedControl
          value={s.status}
          options={[
            { value: 'pending', label: t('reminders.pending') },
            { value: 'handled', label: t('reminders.handled') },
          ]}
          onValueChange={(v) => dispatch(R.listRequested(v as ReminderStatus))}
        />
        <Button
          icon="refresh"
          text={t('actions.refresh')}
          onClick={() => dispatch(R.listRequested(s.status))}
        />
      </div>
      <ListView
        waiting={s.loading && s.items.length === 0}
        empty={s.items.length === 0}
        emptyIcon="notifications"
        emptyText={t('reminders.empty')}
        emptyTestId="reminders-empty"
      >
        <DataTable
          className="cp-crm-table"
          testId="reminder-table"
          pinLast
          columns={[
            t('reminders.remindAt'),
            t('reminders.customer'),
            t('columns.stage'),
            t('reminders.details'),
            t('columns.actions'),
          ]}
        >
          {s.items.map((r) => {
            const due = s.due.includes(r.id);
            return (
              <tr key={r.id} data-testid={`reminder-${r.id}`} className={due ? 'cp-crm-due' : undefined}>
                <td>
                  {r.remindAt ? formatDateTime(r.remindAt) : '—'}{' '}
                  {due && (
                    <Tag intent={Intent.WARNING} data-testid={`reminder-due-${r.id}`}>
                      {t('reminders.due')}
                    </Tag>
                  )}
                </td>
                <td>
                  {r.customerName ?? t('reminders.customerNo', { id: r.customerId })}{' '}
                  <span className={Classes.TEXT_MUTED}>
                    {r.customerPhone ? phoneText(r.customerPhone, r.customerPhone.includes('*')) : ''}
                  </span>
                </td>
                <td>{t(stageKey(r.stage))}</td>
                <td className="cp-crm-pre">{followUpDetails(r, i18n)}</td>
                <td>
                  {pending ? (
                    <Button
                      size="small"
                      icon="tick"
                      text={t('actions.handle')}
                      data-testid={`handle-${r.id}`}
                      onClick={() => dispatch(R.handleRequested(r.id))}
                    />
                  ) : (
                    <span className={Classes.TEXT_MUTED}>
                      {r.handledAt ? formatDateTime(r.handledAt) : ''}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      </ListView>
      <LoadMore
        hasMore={s.nextBefore !== null}
        loading={s.loading}
        onClick={() => dispatch(R.moreRequested())}
        testId="reminders-more"
      />
    </div>
  );
}
