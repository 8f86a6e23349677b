// /error404: where unknown paths land, with a way back home (the dashboard, or login when logged out).
import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { HOME_PATH, PUBLIC_PATHS } from '../../../app/routes';
import { selectStatus } from '../../auth/slice';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const status = useAppSelector(selectStatus);
  const navigate = useNavigate();
  const home = status === 'anonymous' ? PUBLIC_PATHS.login : HOME_PATH;
  return (
    <div className="cp-fullpage" data-testid="not-found-page">
      <NonIdealState
        icon="search"
        title={`404 · ${t('notFound.title')}`}
        description={t('notFound.description')}
        action={
          <Button
            intent={Intent.PRIMARY}
            icon="home"
            text={t('actions.backHome')}
            data-testid="back-home"
            onClick={() => void navigate(home, { replace: true })}
          />
        }
      />
    </div>
  );
}
