// The shell header: product name, notices bell, language switch, user menu.
import { Alignment, Navbar, NavbarGroup, NavbarHeading, NavbarDivider } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../ui/LanguageSwitch';
import { NoticeBell } from '../../notices/components/NoticeBell';
import { SeatDeskLink } from '../../seatdesk/components/SeatDeskLink';
import { UserMenu } from './UserMenu';

export function AppHeader() {
  const { t } = useTranslation('common');
  return (
    <Navbar className="cp-header" data-testid="header">
      <NavbarGroup align={Alignment.START}>
        <NavbarHeading data-testid="app-name">{t('appName')}</NavbarHeading>
      </NavbarGroup>
      <NavbarGroup align={Alignment.END}>
        <SeatDeskLink />
        <NoticeBell />
        <NavbarDivider />
        <LanguageSwitch />
        <NavbarDivider />
        <UserMenu />
      </NavbarGroup>
    </Navbar>
  );
}
