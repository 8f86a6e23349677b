// The call on the desk: its state, the customer card and the live transcript (with what the customer
// is saying right now), the disposition and the quick follow-up on the customer.
import { Button, Callout, Card, H5, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import type { DeskCallDto } from '../../../../../domain/seatDesk';
import type { SeatStateDto } from '../../../../../domain/seats';
import { WRAP_UP_TIMEOUT_MS } from '../../../../../domain/transfer';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { CustomerDialog } from '../../crm/components/CustomerDialog';
import { FollowUpForm } from '../../crm/components/FollowUpForm';
import { OfferCard } from '../../../ui/OfferCard';
import { OfferTranscript } from '../../../ui/OfferTranscript';
import { seatDeskActions as D, selectSeatDesk } from '../slice';
import { DispositionForm } from './DispositionForm';

function phaseOf(call: DeskCallDto, state: SeatStateDto): 'talking' | 'wrapup' | 'ended' {
  if (call.status !== 'ended') return 'talking';
  return state.activity === 'wrapup' && state.callUuid === call.callUuid ? 'wrapup' : 'ended';
}

export function CurrentCall({ call, state }: { call: DeskCallDto; state: SeatStateDto }) {
  const { t } = useTranslation('seatdesk');
  const dispatch = useAppDispatch();
  const { partial, disposition, followUp, hangup, newCustomer } = useAppSelector(selectSeatDesk);
  const phase = phaseOf(call, state);
  // The customer's stage, or null when the call has none (the follow-up needs a customer).
  const stage = call.card.customerId === null ? null : call.customerStage;
  return (
    <Card className="cp-desk-call" data-testid="desk-call" data-call={call.callUuid} data-phase={phase}>
      <H5>
        {t('call.title')}{' '}
        <Tag
          minimal
          intent={phase === 'talking' ? Intent.SUCCESS : Intent.NONE}
          data-testid="desk-call-phase"
        >
          {t(`call.phase.${phase}`)}
        </Tag>{' '}
        <Tag
          minimal
          icon={call.origin === 'inbound' ? 'phone' : 'predictive-analysis'}
          data-testid="desk-call-origin"
        >
          {call.origin === 'inbound'
            ? t('call.origin.inbound')
            : call.taskName
              ? t('call.origin.transferTask', { task: call.taskName })
              : t('call.origin.transfer')}
        </Tag>
      </H5>
      <p className="cp-desk-muted">
        {t('call.taken', { time: call.takenAt ? formatDateTime(call.takenAt) : '—' })}
        {call.endedAt && ` · ${t('call.ended', { time: formatDateTime(call.endedAt) })}`}
      </p>
      {phase === 'talking' && (
        <Button
          intent={Intent.DANGER}
          icon="phone"
          text={t('call.hangup')}
          loading={hangup.busy}
          onClick={() => dispatch(D.hangupRequested({ callUuid: call.callUuid }))}
          data-testid="desk-hangup"
        />
      )}
      {hangup.error && (
        <Callout intent={Intent.WARNING} data-testid="desk-hangup-error">
          {hangup.error}
        </Callout>
      )}
      {phase === 'wrapup' && (
        <Callout data-testid="desk-wrapup-note">
          {t('call.wrapupNote', { s: Math.round(WRAP_UP_TIMEOUT_MS / 1000) })}
        </Callout>
      )}
      <div className="cp-desk-call-grid">
        <section>
          <OfferCard card={call.card} />
        </section>
        <section data-testid="desk-transcript">
          <OfferTranscript lines={call.transcript} />
          {partial && (
            <p className="cp-desk-partial" data-testid="desk-partial">
              {t('call.partial', { text: partial })}
            </p>
          )}
        </section>
      </div>
      <div className="cp-desk-forms">
        <section>
          <H5>{t('disposition.title')}</H5>
          <DispositionForm
            key={call.callUuid}
            stored={call.disposition}
            form={disposition}
            onSubmit={(input) => dispatch(D.dispositionRequested({ callUuid: call.callUuid, input }))}
          />
        </section>
        <section>
          <H5>{t('followUp.title')}</H5>
          {stage === null ? (
            <Callout data-testid="desk-no-customer">
              <p>{t(call.numberKnown ? 'newCustomer.prompt' : 'newCustomer.noNumber')}</p>
              {call.numberKnown && (
                <Button
                  intent={Intent.PRIMARY}
                  icon="new-person"
                  text={t('newCustomer.button')}
                  data-testid="desk-new-customer"
                  onClick={() => dispatch(D.newCustomerOpened(call.callUuid))}
                />
              )}
            </Callout>
          ) : (
            <FollowUpForm
              key={call.callUuid}
              stage={stage}
              saving={followUp.saving}
              added={followUp.saved}
              formError={followUp.error}
              serverErrors={followUp.fieldErrors}
              onSubmit={(input) => dispatch(D.followUpRequested({ callUuid: call.callUuid, input }))}
            />
          )}
          {newCustomer.outcome && stage !== null && (
            <Callout intent={Intent.SUCCESS} data-testid="desk-new-customer-saved">
              {t(`newCustomer.${newCustomer.outcome}`, { name: call.card.name })}
            </Callout>
          )}
          {followUp.saved > 0 && !followUp.saving && (
            <Callout intent={Intent.SUCCESS} data-testid="desk-follow-up-saved">
              {t('followUp.saved')}
            </Callout>
          )}
        </section>
      </div>
      <CustomerDialog
        isOpen={newCustomer.callUuid === call.callUuid}
        customer={null}
        saving={newCustomer.saving}
        formError={newCustomer.error}
        serverErrors={newCustomer.fieldErrors}
        fixedPhone={{ masked: call.card.phoneMasked, note: t('newCustomer.phoneNote') }}
        onSave={(input) => dispatch(D.newCustomerRequested({ callUuid: call.callUuid, input }))}
        onClose={() => dispatch(D.newCustomerOpened(null))}
      />
    </Card>
  );
}
