// The customer drawer: details (with the call results), the add-follow-up form, the timeline with
// "load more", and the customer's calls with transcript and audio.
import { Button, Classes, Drawer, DrawerSize, H5 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerDto, TagDto } from '../../../../../domain/crm';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { phoneText, stageKey } from '../labels';
import { selectFollowUps } from '../slice';
import { followUpsActions as F } from '../slice/followUps';
import { GradeTag } from '../../../ui/GradeTag';
import { CustomerCalls } from './CustomerCalls';
import { FollowUpForm } from './FollowUpForm';
import { LoadMore } from '../../../ui/LoadMore';
import { TagList } from './TagList';
import { Timeline } from './Timeline';

function Details({ c, tags }: { c: CustomerDto; tags: TagDto[] }) {
  const { t } = useTranslation('crm');
  const rows: [string, ReactNode][] = [
    [t('form.name'), c.name],
    [t('form.phone'), phoneText(c.phone, c.phoneHidden)],
    [t('form.stage'), <span data-testid="drawer-stage">{t(stageKey(c.stage))}</span>],
    [t('form.contact'), c.contact],
    [t('form.sex'), t(`sex.${c.sex ?? 'none'}`)],
    [t('form.company'), c.company],
    [t('form.address'), c.address],
    [t('form.source'), c.source],
    [t('columns.tags'), <TagList ids={c.tagIds} tags={tags} />],
    [t('columns.lastFollowUp'), c.lastFollowUpAt ? formatDateTime(c.lastFollowUpAt) : '—'],
    [t('columns.grade'), c.grade === null ? '' : <GradeTag code={c.grade} testId="drawer-grade" />],
    [t('drawer.lastResult'), c.lastResult === null ? '' : <GradeTag code={c.lastResult} />],
    [t('drawer.intention'), c.intentionLabel],
    [t('drawer.llmGrade'), c.llmGrade ?? ''],
    [t('columns.lastCalled'), c.lastCalledAt ? formatDateTime(c.lastCalledAt) : ''],
    [t('columns.callCount'), <span data-testid="drawer-call-count">{c.callCount}</span>],
    ...c.remarks.flatMap((r, i): [string, ReactNode][] => (r ? [[t('form.remark', { n: i + 1 }), r]] : [])),
  ];
  return (
    <dl className="cp-crm-details" data-testid="drawer-details">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className={Classes.TEXT_MUTED}>{label}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CustomerDrawer({ customer, tags }: { customer: CustomerDto | null; tags: TagDto[] }) {
  const { t } = useTranslation(['crm', 'common']);
  const dispatch = useAppDispatch();
  const fu = useAppSelector(selectFollowUps);
  return (
    <Drawer
      isOpen={customer !== null}
      onClose={() => dispatch(F.drawerClosed())}
      title={customer ? `${t('drawer.title')} · ${customer.name}` : t('drawer.title')}
      icon="person"
      size={DrawerSize.STANDARD}
    >
      {customer && (
        <div className="cp-crm-drawer" data-testid="customer-drawer" data-customer={customer.id}>
          <H5>{t('drawer.details')}</H5>
          <Details c={customer} tags={tags} />
          <H5>{t('drawer.addTitle')}</H5>
          <FollowUpForm
            stage={customer.stage}
            saving={fu.saving}
            added={fu.added}
            formError={fu.formError}
            serverErrors={fu.fieldErrors}
            onSubmit={(input) => dispatch(F.addRequested({ customerId: customer.id, input }))}
          />
          <H5 className="cp-crm-gap">{t('drawer.calls')}</H5>
          <CustomerCalls />
          <H5 className="cp-crm-gap">{t('drawer.timeline')}</H5>
          <Timeline items={fu.items} />
          <LoadMore
            hasMore={fu.nextBefore !== null}
            loading={fu.loading}
            onClick={() => dispatch(F.moreRequested())}
            testId="timeline-more"
          />
          <Button
            icon="cross"
            text={t('common:actions.close')}
            data-testid="drawer-close"
            onClick={() => dispatch(F.drawerClosed())}
          />
        </div>
      )}
    </Drawer>
  );
}
