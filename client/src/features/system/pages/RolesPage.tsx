// /rootmain/system/rolesmain: the roles the account made (editable) and its own role (read-only, from
// its superior); each grants menus, and an account never grants a menu it does not hold.
import { Button, Intent, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { menuLabelKey } from '../../../app/menuGroups';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { PageHeader } from '../../../ui/PageHeader';
import { RowAction } from '../../../ui/RowAction';
import { selectMe } from '../../auth/slice';
import { RoleDeleteConfirm } from '../components/RoleDeleteConfirm';
import { RoleDialog } from '../components/RoleDialog';
import { selectSystem, systemActions as S } from '../slice';
import '../system.css';

export default function RolesPage() {
  const { t } = useTranslation(['system', 'menus']);
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMe);
  const s = useAppSelector(selectSystem);
  useEffect(() => {
    dispatch(S.rolesRequested());
  }, [dispatch]);
  return (
    <div className="cp-page" data-testid="roles-page">
      <PageHeader>
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          text={t('roles.add')}
          data-testid="role-add"
          onClick={() => dispatch(S.roleEditorOpened(null))}
        />
      </PageHeader>
      <ListView
        waiting={!s.rolesLoaded}
        empty={s.roles.length === 0}
        emptyIcon="shield"
        emptyText={t('roles.empty')}
        emptyTestId="roles-empty"
      >
        <DataTable
          className="cp-sys-table"
          testId="roles-table"
          columns={[t('roles.name'), t('roles.description'), t('roles.menus'), t('fields.actions')]}
        >
          {s.roles.map((r) => {
            const mine = r.ownerId === me?.id;
            return (
              <tr key={r.id} data-testid={`role-row-${r.name}`}>
                <td>
                  {r.name}{' '}
                  {!mine && (
                    <Tag minimal intent={Intent.WARNING} data-testid={`role-readonly-${r.name}`}>
                      {t('roles.fromSuperior')}
                    </Tag>
                  )}
                </td>
                <td>{r.description || '—'}</td>
                <td className="cp-sys-menu-cell" data-testid={`role-menus-${r.name}`}>
                  {t('roles.menuCount', { count: r.menus.length })}
                  {': '}
                  {r.menus.map((k) => t(menuLabelKey(k))).join('、')}
                </td>
                <td className="cp-sys-actions">
                  {mine && (
                    <>
                      <RowAction
                        icon="edit"
                        text={t('actions.edit')}
                        testId={`role-edit-${r.name}`}
                        onClick={() => dispatch(S.roleEditorOpened(r.id))}
                      />
                      <RowAction
                        icon="trash"
                        intent={Intent.DANGER}
                        text={t('actions.delete')}
                        testId={`role-delete-${r.name}`}
                        onClick={() => dispatch(S.roleDeleteOpened(r.id))}
                      />
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      </ListView>
      <RoleDialog />
      <RoleDeleteConfirm />
    </div>
  );
}
