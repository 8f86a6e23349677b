// The softphone's dial records: its own calls, newest first (GET /api/softphone/calls).
import { Button, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fenToYuan, formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
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
      {records.length === 0 ? (
        <NonIdealState icon="history" description={t('records.empty')} />
      ) : (
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>{t('records.direction')}</th>
              <th>{t('records.number')}</th>
              <th>{t('records.outcome')}</th>
              <th>{t('records.startedAt')}</th>
              <th>{t('records.talk')}</th>
              <th>{t('records.charge')}</th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
