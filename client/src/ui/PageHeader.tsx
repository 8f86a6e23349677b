// Every shell page's header: breadcrumbs (side-bar group › page [› detail]) and the title, which is
// the side-bar label of the page's menu (one label per menu), so the two can never disagree.
// The menu comes from the URL; a page under a menu (a bot's editor) passes its own `detail` title.
import { Breadcrumb, Classes, H3 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { groupLabelKey, menuKeyOfPath, menuLabelKey, navGroupOf } from '../app/menuGroups';
import { menuPath } from '../../../domain/menus';
import './pageHeader.css';

export function PageHeader({
  detail,
  className,
  children,
}: {
  detail?: string;
  className?: string;
  /** Shown after the title on its row (live state, a primary action …). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('menus');
  const navigate = useNavigate();
  const key = menuKeyOfPath(useLocation().pathname);
  if (!key) return null;
  const group = navGroupOf(key);
  const label = t(menuLabelKey(key));
  const crumbs: { text: string; link?: boolean; testId: string }[] = [];
  // 首页 is a group of one: no "首页 › 首页" above its title.
  if (group !== 'home' || detail !== undefined) {
    if (group !== 'home') crumbs.push({ text: t(groupLabelKey(group)), testId: 'crumb-group' });
    crumbs.push({
      text: label,
      link: detail !== undefined,
      testId: 'crumb-page',
    });
  }
  if (detail !== undefined) crumbs.push({ text: detail, testId: 'crumb-detail' });
  return (
    <header className={`cp-page-header ${className ?? ''}`} data-testid="page-header" data-menu={key}>
      {crumbs.length > 0 && (
        <ul className={`${Classes.BREADCRUMBS} cp-page-crumbs`} data-testid="page-crumbs">
          {crumbs.map((c, i) => (
            <li key={c.testId} data-testid={c.testId}>
              <Breadcrumb
                text={c.text}
                current={i === crumbs.length - 1}
                href={c.link ? menuPath(key) : undefined}
                onClick={
                  c.link
                    ? (e) => {
                        e.preventDefault();
                        void navigate(menuPath(key));
                      }
                    : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
      <div className="cp-page-header-row">
        <H3 className="cp-page-title" data-testid="page-header-title">
          {detail ?? label}
        </H3>
        {children}
      </div>
    </header>
  );
}
