// The phone's line: which extension, its registration (online / offline), the seat's answer mode and
// do-not-disturb from the desk, the go online / offline button, and the demo's signalling-only note.
import { Button, Callout, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Registration, SoftphoneConfigDto } from '../../../../../domain/softphone';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectSeats } from '../../seats/slice';
import { selectSoftphone, softphoneActions as A } from '../slice';

const INTENT: Record<Registration, Intent> = {
  unconfigured: Intent.NONE,
  connecting: Intent.PRIMARY,
  registered: Intent.SUCCESS,
  unregistered: Intent.NONE,
  failed: Intent.DANGER,
};

export function RegistrationTag({ state }: { state: Registration }) {
  const { t } = useTranslation('softphone');
  return (
    <Tag intent={INTENT[state]} round data-testid="softphone-registration" data-state={state}>
      {t(`registration.${state}`)}
    </Tag>
  );
}

export function SoftphoneStatus({ config }: { config: SoftphoneConfigDto }) {
  const { t } = useTranslation('softphone');
  const dispatch = useAppDispatch();
  const { registration, registrationError } = useAppSelector(selectSoftphone);
  const seat = useAppSelector(selectSeats).mine.items.find((s) => s.id === config.seatId);
  const autoAnswer = seat?.state.autoAnswer ?? config.autoAnswer;
  const online = seat?.state.online ?? config.online;
  const enabled = seat?.enabled ?? config.enabled;
  return (
    <div className="cp-softphone-status">
      <div className="cp-softphone-line">
        <strong data-testid="softphone-extension">
          {t('extension', { extension: config.extension, seat: config.seatName })}
        </strong>
        <RegistrationTag state={registration} />
        <Tag minimal>{autoAnswer ? t('answerMode.auto') : t('answerMode.manual')}</Tag>
        {seat?.state.dnd && (
          <Tag minimal intent={Intent.WARNING}>
            {t('dnd')}
          </Tag>
        )}
        {registration === 'registered' ? (
          <Button
            small
            text={t('goOffline')}
            onClick={() => dispatch(A.stopped())}
            data-testid="softphone-offline"
          />
        ) : (
          registration !== 'connecting' && (
            <Button
              small
              intent={Intent.PRIMARY}
              text={t('goOnline')}
              onClick={() => dispatch(A.started())}
              data-testid="softphone-online"
            />
          )
        )}
      </div>
      {registration === 'failed' && registrationError && (
        <Callout intent={Intent.DANGER} data-testid="softphone-registration-error">
          {t('registrationFailed', { reason: registrationError })}
        </Callout>
      )}
      {!enabled && <Callout intent={Intent.WARNING}>{t('seatDisabled')}</Callout>}
      {enabled && !online && (
        <Callout intent={Intent.WARNING} data-testid="softphone-seat-offline">
          {t('seatOffline')}
        </Callout>
      )}
      {config.simulator && (
        <Callout intent={Intent.PRIMARY} icon="info-sign" data-testid="softphone-simulator-note">
          {t('simulatorNote')}
        </Callout>
      )}
    </div>
  );
}
