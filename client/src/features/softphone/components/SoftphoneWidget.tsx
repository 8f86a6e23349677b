// The compact softphone on every page of the shell but the personal center, for accounts that work an extension seat: the
// registration, and an incoming or current call with its buttons; the full phone is in the personal
// center.
import { Button, Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { menuPath } from '../../../../../domain/menus';
import { useAppSelector } from '../../../app/hooks';
import { selectSoftphone } from '../slice';
import { CallControls } from './CallControls';
import { MicProblemNote } from './MicProblemNote';
import { RegistrationTag } from './SoftphoneStatus';
import '../softphone.css';

export function SoftphoneWidget() {
  const { t } = useTranslation('softphone');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { config, registration, call, micProblem } = useAppSelector(selectSoftphone);
  // The personal center shows the full phone.
  if (!config || pathname === menuPath('mymain/main')) return null;
  return (
    <Card className="cp-softphone-widget" elevation={2} data-testid="softphone-widget">
      <div className="cp-softphone-line">
        <Button
          minimal
          small
          icon="phone"
          title={t('widget.open')}
          onClick={() => void navigate(`${menuPath('mymain/main')}?tab=softphone`)}
          data-testid="softphone-widget-open"
        >
          {config.extension}
        </Button>
        <RegistrationTag state={registration} />
      </div>
      {call && <CallControls call={call} compact />}
      {micProblem && <MicProblemNote problem={micProblem} />}
    </Card>
  );
}
