// The user menu in the header: who is logged in, change password, log out.
import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { authActions, selectAuth } from '../../auth/slice';
import { ChangePasswordDialog } from './ChangePasswordDialog';

export function UserMenu() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const { me, user } = useAppSelector(selectAuth);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const name = user?.username || me?.account || '';

  const menu = (
    <Menu>
      <MenuDivider title={me?.realName || name} />
      <MenuItem
        icon="key"
        data-testid="menu-change-password"
        text={t('header.changePassword')}
        onClick={() => setPasswordOpen(true)}
      />
      <MenuItem
        icon="log-out"
        data-testid="menu-logout"
        text={t('header.logout')}
        onClick={() => dispatch(authActions.logoutRequested())}
      />
    </Menu>
  );

  return (
    <>
      <PopoverNext content={menu} placement="bottom-end">
        <Button
          variant="minimal"
          icon="user"
          endIcon="caret-down"
          text={name}
          aria-label={t('header.userMenu')}
          data-testid="user-menu"
        />
      </PopoverNext>
      <ChangePasswordDialog isOpen={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}
