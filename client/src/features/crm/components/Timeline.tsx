// The follow-up timeline of one customer, newest first; stage changes read "stage A → stage B".
import { Classes, NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ContactMethod, RecordType, type FollowUpDto } from '../../../../../domain/crm';
import { formatDateTime } from '../../../../../domain/format';
import { contactKey, followUpDetails, parseStageChange, stageKey } from '../labels';

function Details({ r }: { r: FollowUpDto }) {
  const { t } = useTranslation('crm');
  const change = r.contactMethod === ContactMethod.SysEvent ? parseStageChange(r.details) : null;
  if (change)
    return (
      <div>{t('drawer.stageChange', { from: t(stageKey(change.from)), to: t(stageKey(change.to)) })}</div>
    );
  return <div className="cp-crm-pre">{followUpDetails(r, t)}</div>;
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
