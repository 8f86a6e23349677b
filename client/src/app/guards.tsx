// Route guards: the shell needs a session; each menu route needs its permission.
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { authActions, selectMe, selectStatus } from '../features/auth/slice';
import { ForbiddenPanel, NoMenusPanel } from '../ui/panels';
import { useAppDispatch, useAppSelector } from './hooks';
import { groupRoutes } from './menuGroups';
import { navRoutesFor, type ShellRoute } from './routes';

export function RequireSession({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectStatus);
  const dispatch = useAppDispatch();
  const { t } = useTranslation('common');
  if (status === 'anonymous') return <Navigate to="/login" replace />;
  if (status === 'restoring') return <Spinner className="cp-center" data-testid="session-restoring" />;
  if (status === 'error')
    return (
      <NonIdealState
        icon="offline"
        title={t('restoreFailed.title')}
        description={t('restoreFailed.description')}
        action={<Button text={t('actions.retry')} onClick={() => dispatch(authActions.restoreRetried())} />}
      />
    );
  return <>{children}</>;
}

/** /rootmain alone: the side bar's first entry (a built page the account holds). */
export function ShellIndex() {
  const me = useAppSelector(selectMe);
  const first = groupRoutes(navRoutesFor(me?.menus ?? []))[0]?.routes[0];
  return first ? <Navigate to={first.path} replace /> : <NoMenusPanel />;
}

export function MenuGuard({ route }: { route: ShellRoute }) {
  const me = useAppSelector(selectMe);
  const { t } = useTranslation('menus');
  if (!me?.menus.includes(route.permission)) return <ForbiddenPanel name={t(`items.${route.key}`)} />;
  return <route.Page menuKey={route.key} />;
}

/** /crm/mycustomer and the like: the same page inside the shell, query kept. */
export function ToShell({ path }: { path: string }) {
  const { search } = useLocation();
  return <Navigate to={`${path}${search}`} replace />;
}
