// The calls transferred to this seat, newest first: customer, outcome of the transfer and of the
// call, talk time and the seat's disposition.
import { Button, Card, Dialog, DialogBody, H5, Intent, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DURATION_UNITS_EN,
  DURATION_UNITS_ZH,
  formatDateTime,
  formatDuration,
} from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { GradeTag } from '../../../ui/GradeTag';
import { ListView } from '../../../ui/ListView';
import { seatDeskActions as D, selectSeatDesk } from '../slice';
import { DispositionForm } from './DispositionForm';

export function RecentCalls() {
  const { t, i18n } = useTranslation('seatdesk');
  const dispatch = useAppDispatch();
  const { recent, disposition } = useAppSelector(selectSeatDesk);
  // A call taken earlier and left without a disposition (e.g. "ready" pressed first) can get one here.
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => setTarget(null), [disposition.saved]);
  const units = i18n.language === 'en' ? DURATION_UNITS_EN : DURATION_UNITS_ZH;
  return (
    <Card className="cp-desk-recent" data-testid="desk-recent">
      <H5>{t('recent.title')}</H5>
      <ErrorCallout error={recent.error} testId="desk-recent-error" />
      <ListView
        waiting={recent.loading && recent.items.length === 0}
        empty={recent.items.length === 0}
        emptyIcon="history"
        emptyText={t('recent.empty')}
        emptyTestId="desk-recent-empty"
        more={{
          next: recent.nextBefore !== null,
          text: t('recent.more'),
          loading: recent.loading,
          testId: 'desk-recent-more',
          onMore: () => dispatch(D.recentRequested({ more: true })),
        }}
      >
        <DataTable
          className="cp-desk-table"
          testId="desk-recent-table"
          pinLast
          columns={[
            t('recent.time'),
            t('recent.customer'),
            t('recent.outcome'),
            t('recent.grade'),
            t('recent.talk'),
            t('recent.disposition'),
          ]}
        >
          {recent.items.map((c) => (
            <tr key={c.id} data-testid="desk-recent-row" data-call={c.callUuid}>
              <td>{formatDateTime(c.createdAt)}</td>
              <td>
                {c.customerName && <strong>{c.customerName} </strong>}
                {c.phoneMasked}
                {c.origin === 'inbound' && (
                  <Tag minimal className="cp-desk-origin" data-testid="desk-recent-inbound">
                    {t('call.origin.inbound')}
                  </Tag>
                )}
              </td>
              <td>
                {t(`recent.transfer.${c.transferOutcome ?? 'none'}`)}
                {' · '}
                {t(`recent.status.${c.status}`)}
              </td>
              <td>
                <GradeTag code={c.grade ?? c.resultLevel} />
              </td>
              <td>{formatDuration(Math.round(c.talkMs / 1000), units)}</td>
              <td data-testid="desk-recent-disposition">
                {c.disposition ? t(`disposition.kinds.${c.disposition}`) : t('recent.noDisposition')}
                {c.dispositionNote && <span className="cp-desk-muted"> · {c.dispositionNote}</span>}
                {!c.disposition && c.transferOutcome === 'accepted' && (
                  <Button
                    small
                    minimal
                    intent={Intent.PRIMARY}
                    text={t('recent.dispose')}
                    data-testid="desk-recent-dispose"
                    onClick={() => setTarget(c.callUuid)}
                  />
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </ListView>
      <Dialog
        isOpen={target !== null}
        title={t('disposition.title')}
        onClose={() => setTarget(null)}
        style={{ width: 520 }}
      >
        <DialogBody>
          {target && (
            <DispositionForm
              stored={null}
              form={disposition}
              onSubmit={(input) => dispatch(D.dispositionRequested({ callUuid: target, input }))}
            />
          )}
        </DialogBody>
      </Dialog>
    </Card>
  );
}
