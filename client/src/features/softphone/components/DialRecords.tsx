// The softphone's dial records: its own calls, newest first (GET /api/softphone/calls).
import { Button } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fenToYuan, formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { selectSoftphone, softphoneActions as A } from '../slice';

export function DialRecords() {
  const { t } = useTranslation('softphone');
  const dispatch = useAppDispatch();
  const { records, recordsLoading } = useAppSelector(selectSoftphone);
  useEffect(() => {
    dispatch(A.recordsRequested());
  }, [dispatch]);
  return (
    <div className="cp-softphone-records" data-testid="softphone-records">
      <div className="cp-softphone-records-head">
        <strong>{t('records.title')}</strong>
        <Button
          small
          icon="refresh"
          data-testid="softphone-records-refresh"
          text={t('records.refresh')}
          loading={recordsLoading}
          onClick={() => dispatch(A.recordsRequested())}
        />
      </div>
      <ListView
        waiting={recordsLoading && records.length === 0}
        empty={records.length === 0}
        emptyIcon="history"
        emptyText={t('records.empty')}
        emptyTestId="softphone-records-empty"
      >
        <DataTable
          className="cp-softphone-table"
          testId="softphone-records-table"
          columns={[
            t('records.direction'),
            t('records.number'),
            t('records.outcome'),
            t('records.startedAt'),
            t('records.talk'),
            t('records.charge'),
          ]}
        >
          {records.map((r) => (
            <tr key={r.id} data-testid={`softphone-record-${r.id}`} data-outcome={r.outcome ?? 'ongoing'}>
              <td>{t(`records.${r.direction}`)}</td>
              <td>{r.number}</td>
              <td>{r.outcome ? t(`outcomes.${r.outcome}`) : t('records.ongoing')}</td>
              <td>{formatDateTime(r.startedAt)}</td>
              <td>{t('records.seconds', { count: r.talkSeconds })}</td>
              <td data-testid={`softphone-record-${r.id}-charge`}>
                {r.chargedFen === null ? t('records.chargePending') : fenToYuan(r.chargedFen)}
              </td>
            </tr>
          ))}
        </DataTable>
      </ListView>
    </div>
  );
}
