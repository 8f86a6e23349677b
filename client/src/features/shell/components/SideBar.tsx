// The side bar: the route table filtered by the account's menus, grouped by area.
import { Classes, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { areaLabelKey, groupByArea, routesFor } from '../../../app/routes';
import { selectMe } from '../../auth/slice';

export function SideBar() {
  const { t } = useTranslation('menus');
  const me = useAppSelector(selectMe);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const groups = groupByArea(routesFor(me?.menus ?? []));

  return (
    <nav className={`cp-sidebar ${Classes.ELEVATION_1}`} data-testid="sidebar">
      <Menu>
        {groups.map(({ area, routes }) => (
          <Fragment key={area}>
            <MenuDivider title={t(areaLabelKey(area))} />
            {routes.map((r) => (
              <MenuItem
                key={r.key}
                data-testid={`menu-${r.key}`}
                text={t(r.labelKey)}
                href={r.path}
                active={pathname === r.path}
                onClick={(e) => {
                  // Keep the href for middle-click / copy link; a plain click stays in the app.
                  if (e.ctrlKey || e.metaKey || e.shiftKey) return;
                  e.preventDefault();
                  void navigate(r.path);
                }}
              />
            ))}
          </Fragment>
        ))}
      </Menu>
    </nav>
  );
}
