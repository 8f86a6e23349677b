// The personal center's web softphone: status, the dial form (SPEC §5 number rule, checked again by
// the API), the current call with its controls and keypad, and the dial records.
import { Button, Callout, Card, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dialNumberProblem } from '../../../../../domain/softphone';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectSoftphone, softphoneActions as A } from '../slice';
import { CallControls } from './CallControls';
import { MicProblemNote } from './MicProblemNote';
import { DialRecords } from './DialRecords';
import { SoftphoneStatus } from './SoftphoneStatus';
import '../softphone.css';

export function SoftphonePanel() {
  const { t } = useTranslation('softphone');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectSoftphone);
  const [number, setNumber] = useState('');
  const [touched, setTouched] = useState(false);
  if (!s.config) {
    return (
      <Card data-testid="softphone-panel">
        <Callout intent={Intent.WARNING} data-testid="softphone-unavailable">
          {t('noSeat', { reason: s.configError ?? t('registration.unconfigured') })}
        </Callout>
      </Card>
    );
  }
  const problem = touched ? dialNumberProblem(number) : undefined;
  const error = problem ? t(`validation.${problem}`) : s.dialError;
  const busy = s.call !== null && s.call.phase !== 'ended';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (dialNumberProblem(number)) return;
    dispatch(A.dialRequested(number));
  };
  return (
    <Card className="cp-softphone" data-testid="softphone-panel">
      <SoftphoneStatus config={s.config} />
      <form className="cp-softphone-dial" onSubmit={submit} noValidate>
        <FormGroup
          label={t('number')}
          labelFor="softphone-number"
          intent={error ? Intent.DANGER : Intent.NONE}
          helperText={error ? <span data-testid="softphone-number-error">{error}</span> : undefined}
        >
          <InputGroup
            id="softphone-number"
            value={number}
            placeholder={t('numberPlaceholder')}
            intent={error ? Intent.DANGER : Intent.NONE}
            onChange={(e) => setNumber(e.currentTarget.value)}
            onBlur={() => setTouched(number !== '')}
            data-testid="softphone-number"
            rightElement={
              <Button
                type="submit"
                intent={Intent.SUCCESS}
                icon="phone"
                text={t('dial')}
                loading={s.dialing}
                disabled={busy}
                data-testid="softphone-dial"
              />
            }
          />
        </FormGroup>
      </form>
      {s.call && <CallControls call={s.call} />}
      {s.micProblem && <MicProblemNote problem={s.micProblem} />}
      <DialRecords />
    </Card>
  );
}
