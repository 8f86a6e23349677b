// /rootmain/system/usermanagemain: the editor's subtree as a searchable tree and a table, with add,
// edit, enable/disable, password reset and typed delete.
import { Button, Callout, InputGroup, Intent, Switch, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AccountDto } from '../../../../../domain/api';
import { menuPath } from '../../../../../domain/menus';
import { fenToYuan } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectMe } from '../../auth/slice';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { PageHeader } from '../../../ui/PageHeader';
import { RowAction } from '../../../ui/RowAction';
import { PasswordDialog } from '../components/PasswordDialog';
import { UserDeleteConfirm } from '../components/UserDeleteConfirm';
import { UserDialog } from '../components/UserDialog';
import { UserTree } from '../components/UserTree';
import { MAX_ACCOUNTS } from '../sagas';
import { selectSystem, systemActions as S } from '../slice';
import { visibleRows } from '../tree';
import '../system.css';

function StateTag({ a }: { a: AccountDto }) {
  const { t } = useTranslation('system');
  if (a.expired) return <Tag intent={Intent.WARNING}>{t('state.expired')}</Tag>;
  return a.disabled ? (
    <Tag intent={Intent.DANGER}>{t('state.disabled')}</Tag>
  ) : (
    <Tag intent={Intent.SUCCESS}>{t('state.enabled')}</Tag>
  );
}

function UserRow({ a }: { a: AccountDto }) {
  const { t } = useTranslation('system');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // The user info page, for those whose role grants it.
  const canShow = (useAppSelector(selectMe)?.menus ?? []).includes('system/usershow');
  return (
    <tr data-testid={`user-row-${a.account}`}>
      <td>{a.account}</td>
      <td>{a.realName}</td>
      <td>{t(`levels.${a.level}`)}</td>
      <td>{a.roleName ?? '—'}</td>
      <td>{a.position || '—'}</td>
      <td>{a.phone || '—'}</td>
      <td>{a.aiSeats}</td>
      <td>{a.totalAuthorization}</td>
      <td>{a.expiresAt.slice(0, 10)}</td>
      <td data-testid={`user-state-${a.account}`}>
        <StateTag a={a} />
      </td>
      <td className="cp-num">{fenToYuan(a.balanceFen)}</td>
      <td>{a.remark || '—'}</td>
      <td className="cp-sys-actions">
        <Switch
          inline
          checked={!a.disabled}
          label={a.disabled ? t('users.disable') : t('users.enable')}
          data-testid={`user-enabled-${a.account}`}
          onChange={(e) => dispatch(S.disabledRequested({ id: a.id, disabled: !e.currentTarget.checked }))}
        />
        {canShow && (
          <RowAction
            icon="id-number"
            text={t('info.action')}
            testId={`user-info-${a.account}`}
            onClick={() => navigate(`${menuPath('system/usershow')}?accountId=${a.id}`)}
          />
        )}
        <RowAction
          icon="edit"
          text={t('actions.edit')}
          testId={`user-edit-${a.account}`}
          onClick={() => dispatch(S.editorOpened({ kind: 'user', id: a.id }))}
        />
        <RowAction
          icon="key"
          text={t('users.resetPassword')}
          testId={`user-password-${a.account}`}
          onClick={() => dispatch(S.passwordOpened(a.id))}
        />
        <RowAction
          icon="trash"
          intent={Intent.DANGER}
          text={t('actions.delete')}
          testId={`user-delete-${a.account}`}
          onClick={() => dispatch(S.deleteOpened({ kind: 'user', id: a.id }))}
        />
      </td>
    </tr>
  );
}

export default function UsersPage() {
  const { t } = useTranslation('system');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectSystem);
  useEffect(() => {
    dispatch(S.usersRequested());
  }, [dispatch]);
  const rows = visibleRows(s.users.items, s.nodeId, s.q);
  return (
    <div className="cp-page" data-testid="users-page">
      <PageHeader>
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          text={t('users.add')}
          data-testid="user-add"
          onClick={() => dispatch(S.editorOpened({ kind: 'user', id: null }))}
        />
      </PageHeader>
      {s.users.items.length >= MAX_ACCOUNTS && (
        <Callout intent={Intent.WARNING}>{t('users.truncated', { count: MAX_ACCOUNTS })}</Callout>
      )}
      <div className="cp-sys-layout">
        <aside className="cp-sys-tree" data-testid="user-tree" aria-label={t('users.treeTitle')}>
          <InputGroup
            leftIcon="search"
            placeholder={t('users.search')}
            value={s.q}
            data-testid="user-search"
            onValueChange={(v) => dispatch(S.queryChanged(v))}
          />
          <UserTree items={s.users.items} />
        </aside>
        <section className="cp-sys-main">
          <ListView
            waiting={s.users.loading && !s.users.loaded}
            empty={rows.length === 0}
            emptyIcon="people"
            emptyText={t('users.empty')}
            emptyTestId="users-empty"
          >
            <DataTable
              className="cp-sys-table"
              testId="users-table"
              columns={[
                t('fields.account'),
                t('fields.realName'),
                t('fields.level'),
                t('fields.role'),
                t('fields.position'),
                t('fields.phone'),
                t('fields.aiSeats'),
                t('fields.totalAuthorization'),
                t('fields.expiresAt'),
                t('fields.state'),
                t('fields.balance'),
                t('fields.remark'),
                t('fields.actions'),
              ]}
            >
              {rows.map((a) => (
                <UserRow key={a.id} a={a} />
              ))}
            </DataTable>
          </ListView>
        </section>
      </div>
      <UserDialog />
      <PasswordDialog />
      <UserDeleteConfirm />
    </div>
  );
}
