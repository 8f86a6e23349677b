// The follow-up timeline of one customer, newest first; stage changes read "stage A → stage B"; an
// AI-visit record shows its call's grade.
import { Button, Classes, NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ContactMethod, RecordType, type FollowUpDto } from '../../../../../domain/crm';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { GradeTag } from '../../../ui/GradeTag';
import { selectCustomerCalls } from '../slice';
import { customerCallsActions as K } from '../slice/customerCalls';
import { contactKey, followUpDetails, parseStageChange, stageKey } from '../labels';

function Details({ r }: { r: FollowUpDto }) {
  const { t, i18n } = useTranslation(['crm', 'reasons']);
  const change = r.contactMethod === ContactMethod.SysEvent ? parseStageChange(r.details) : null;
  if (change)
    return (
      <div>{t('drawer.stageChange', { from: t(stageKey(change.from)), to: t(stageKey(change.to)) })}</div>
    );
  return <div className="cp-crm-pre">{followUpDetails(r, i18n)}</div>;
}

/** Opens the record's call in the drawer's calls list (when that list has loaded it). */
function ViewCall({ callId }: { callId: number }) {
  const { t } = useTranslation('crm');
  const dispatch = useAppDispatch();
  const uuid = useAppSelector(selectCustomerCalls).items.find((c) => c.id === callId)?.callUuid;
  if (!uuid) return null;
  return (
    <Button
      size="small"
      variant="minimal"
      icon="phone"
      text={t('drawer.viewCall')}
      data-testid={`follow-up-call-${callId}`}
      onClick={() => dispatch(K.callToggled(uuid))}
    />
  );
}

export function Timeline({ items }: { items: FollowUpDto[] }) {
  const { t } = useTranslation('crm');
  if (items.length === 0) return <NonIdealState icon="history" description={t('drawer.empty')} />;
  return (
    <ul className="cp-crm-timeline" data-testid="timeline">
      {items.map((r) => (
        <li key={r.id} data-testid={`follow-up-${r.id}`} data-method={r.contactMethod}>
          <div>
            <Tag minimal>{t(`recordType.${r.recordType}`)}</Tag>{' '}
            <Tag minimal>{t(contactKey(r.contactMethod))}</Tag> <Tag minimal>{t(stageKey(r.stage))}</Tag>{' '}
            {r.recordType === RecordType.FollowUp && r.callId !== null && (
              // An AI-visit record: the call's grade (its reason below, the call in the calls list).
              <>
                <GradeTag code={r.resultLevel} testId={`follow-up-grade-${r.id}`} />{' '}
                <ViewCall callId={r.callId} />{' '}
              </>
            )}
            <small className={Classes.TEXT_MUTED}>{formatDateTime(r.createdAt)}</small>
          </div>
          <Details r={r} />
          {r.recordType === RecordType.Reminder && r.remindAt && (
            <small className={Classes.TEXT_MUTED}>
              {t('drawer.remindAtShort', { time: formatDateTime(r.remindAt) })}
              {r.handledAt ? ` · ${t('drawer.handled')}` : ''}
            </small>
          )}
        </li>
      ))}
    </ul>
  );
}
