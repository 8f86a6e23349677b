// Honest full-area panels: not built yet, no permission, nothing granted.
import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function NotAvailablePanel({ name }: { name: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="cp-panel" data-testid="not-available">
      <NonIdealState
        icon="build"
        title={t('notAvailable.title')}
        description={t('notAvailable.description', { name })}
      />
    </div>
  );
}

export function ForbiddenPanel({ name }: { name: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="cp-panel" data-testid="forbidden">
      <NonIdealState
        icon="lock"
        title={t('forbidden.title')}
        description={t('forbidden.description', { name })}
      />
    </div>
  );
}

export function NoMenusPanel() {
  const { t } = useTranslation('common');
  return (
    <div className="cp-panel" data-testid="no-menus">
      <NonIdealState icon="disable" title={t('noMenus.title')} description={t('noMenus.description')} />
    </div>
  );
}
