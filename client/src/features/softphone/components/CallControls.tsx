// The current call: what it is (incoming, dialing, on a call) and its buttons: answer / reject while it
// rings in, hang up, mute, hold, and the DTMF keypad during the call.
import { Button, ButtonGroup, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { softphoneActions as A, type PhoneCall } from '../slice';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

export function CallControls({ call, compact = false }: { call: PhoneCall; compact?: boolean }) {
  const { t } = useTranslation('softphone');
  const dispatch = useAppDispatch();
  // A call accepted in the transfer pop-up is being answered by the phone itself: no second answer.
  const connecting = call.phase === 'incoming' && call.accepted;
  const ringingIn = call.phase === 'incoming' && !call.accepted;
  const active = call.phase === 'active';
  const live = call.phase !== 'ended';
  return (
    <div className="cp-softphone-call" data-testid="softphone-call" data-phase={call.phase}>
      <Tag
        large
        intent={ringingIn ? Intent.WARNING : active ? Intent.SUCCESS : Intent.NONE}
        icon={ringingIn ? 'phone' : 'phone-call'}
        data-testid="softphone-phase"
      >
        {t(connecting ? 'phase.connecting' : `phase.${call.phase}`, { number: call.number })}
      </Tag>
      <ButtonGroup>
        {ringingIn && (
          <>
            <Button
              intent={Intent.SUCCESS}
              icon="phone"
              text={t('answer')}
              onClick={() => dispatch(A.answerRequested())}
              data-testid="softphone-answer"
            />
            <Button
              intent={Intent.DANGER}
              icon="cross"
              text={t('reject')}
              onClick={() => dispatch(A.rejectRequested())}
              data-testid="softphone-reject"
            />
          </>
        )}
        {live && !ringingIn && (
          <Button
            intent={Intent.DANGER}
            icon="stop"
            text={t('hangup')}
            onClick={() => dispatch(A.hangupRequested())}
            data-testid="softphone-hangup"
          />
        )}
        {active && (
          <>
            <Button
              icon={call.muted ? 'volume-up' : 'volume-off'}
              text={call.muted ? t('unmute') : t('mute')}
              active={call.muted}
              onClick={() => dispatch(A.muteToggled())}
              data-testid="softphone-mute"
            />
            <Button
              icon={call.held ? 'play' : 'pause'}
              text={call.held ? t('resume') : t('hold')}
              active={call.held}
              loading={call.holding}
              onClick={() => dispatch(A.holdToggled())}
              data-testid="softphone-hold"
            />
          </>
        )}
      </ButtonGroup>
      {active && !compact && (
        <div className="cp-softphone-keypad" aria-label={t('keypad')} data-testid="softphone-keypad">
          {KEYS.map((k) => (
            <Button
              key={k}
              text={k}
              onClick={() => dispatch(A.dtmfSent(k))}
              data-testid={`softphone-key-${k === '*' ? 'star' : k === '#' ? 'hash' : k}`}
            />
          ))}
        </div>
      )}
      {call.digits && <div data-testid="softphone-digits">{t('digitsSent', { digits: call.digits })}</div>}
    </div>
  );
}
