// The side bar: the built pages the account holds, in groups users know (menuGroups.ts), with icons,
// a menu search (every language), groups that fold, and an icon-only mode kept per browser.
import { Button, Classes, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { Fragment, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import {
  filterGroups,
  groupLabelKey,
  groupRoutes,
  menuKeyOfPath,
  type NavGroup,
} from '../../../app/menuGroups';
import { navRoutesFor, type ShellRoute } from '../../../app/routes';
import { selectMe } from '../../auth/slice';
import { SideBarSearch } from './SideBarSearch';
import { useMenuSearchLabels } from './useMenuSearch';
import { useSideBarPrefs } from './useSideBarPrefs';
import '../shell.css';

export function SideBar() {
  const { t } = useTranslation(['menus', 'shell']);
  const me = useAppSelector(selectMe);
  const activeKey = menuKeyOfPath(useLocation().pathname);
  const navigate = useNavigate();
  const labels = useMenuSearchLabels();
  const { prefs, toggleCollapsed, toggleGroup } = useSideBarPrefs();
  const [query, setQuery] = useState('');
  const collapsed = prefs.collapsed;
  const searching = !collapsed && query.trim() !== '';
  const all = groupRoutes(navRoutesFor(me?.menus ?? []));
  const groups = searching ? filterGroups(all, query, labels) : all;

  const go = (path: string) => (e: MouseEvent) => {
    // Keep the href for middle-click / copy link; a plain click stays in the app.
    if (e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    void navigate(path);
  };

  const item = (r: ShellRoute) => {
    const label = t(r.labelKey);
    return (
      <MenuItem
        key={r.key}
        data-testid={`menu-${r.key}`}
        icon={r.icon}
        text={collapsed ? undefined : label}
        title={collapsed ? label : undefined}
        aria-label={label}
        href={r.path}
        active={activeKey === r.key}
        onClick={go(r.path)}
      />
    );
  };

  const group = (g: NavGroup<ShellRoute>) => {
    // The home group is one entry (首页): no header above it.
    if (g.id === 'home') return <Fragment key={g.id}>{g.routes.map(item)}</Fragment>;
    if (collapsed)
      return (
        <Fragment key={g.id}>
          <MenuDivider />
          {g.routes.map(item)}
        </Fragment>
      );
    const open = searching || !prefs.closedGroups.includes(g.id);
    const holdsActive = g.routes.some((r) => r.key === activeKey);
    return (
      <Fragment key={g.id}>
        <li className="cp-nav-group" role="none">
          <Button
            variant="minimal"
            fill
            alignText="start"
            icon={g.icon}
            endIcon={open ? 'chevron-down' : 'chevron-right'}
            text={t(groupLabelKey(g.id))}
            aria-expanded={open}
            className={holdsActive && !open ? 'cp-nav-group-active' : undefined}
            data-testid={`navgroup-${g.id}`}
            data-open={open ? 'yes' : 'no'}
            disabled={searching}
            onClick={() => toggleGroup(g.id)}
          />
        </li>
        {open && g.routes.map(item)}
      </Fragment>
    );
  };

  const first = groups[0]?.routes[0];
  return (
    <nav
      className={`cp-sidebar ${Classes.ELEVATION_1}${collapsed ? ' cp-sidebar-collapsed' : ''}`}
      aria-label={t('shell:sidebar.label')}
      data-testid="sidebar"
      data-collapsed={collapsed ? 'yes' : 'no'}
    >
      <div className="cp-sidebar-top">
        {!collapsed && (
          <SideBarSearch
            value={query}
            onChange={setQuery}
            onSubmit={() => first && void navigate(first.path)}
          />
        )}
        <Button
          variant="minimal"
          icon={collapsed ? 'menu-open' : 'menu-closed'}
          aria-label={t(collapsed ? 'shell:header.expand' : 'shell:header.collapse')}
          title={t(collapsed ? 'shell:header.expand' : 'shell:header.collapse')}
          data-testid="sidebar-collapse"
          onClick={toggleCollapsed}
        />
      </div>
      <Menu className="cp-sidebar-menu">{groups.map(group)}</Menu>
      {searching && groups.length === 0 && (
        <div className={`cp-sidebar-empty ${Classes.TEXT_MUTED}`} data-testid="sidebar-no-match">
          {t('shell:sidebar.noMatch', { query: query.trim() })}
        </div>
      )}
    </nav>
  );
}
