// The account's global push addresses: list, add, edit, renew secret, test push, typed delete.
import { Button, H4, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { GRADE_LETTER } from '../../../../../domain/pushes';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { RowAction } from '../../../ui/RowAction';
import { TypeToConfirmDialog } from '../../../ui/TypeToConfirmDialog';
import { pushesActions as P, selectPushes } from '../slice';

export function AddressesSection() {
  const { t } = useTranslation('pushes');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectPushes);
  const { items } = s.addresses;
  const deleting = items.find((a) => a.id === s.deleting.id);
  return (
    <section className="cp-push-section">
      <div className="cp-push-bar">
        <H4 className="cp-push-grow">{t('addresses.title')}</H4>
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text={t('actions.add')}
          data-testid="push-add"
          onClick={() => dispatch(P.editorOpened(null))}
        />
      </div>
      <p className="cp-push-hint">{t('addresses.hint')}</p>
      <ListView
        waiting={s.addresses.loading && !s.addresses.loaded}
        empty={items.length === 0}
        emptyIcon="send-message"
        emptyText={t('addresses.empty')}
        emptyTestId="push-empty"
      >
        <DataTable
          className="cp-push-table"
          testId="push-table"
          columns={[
            t('addresses.name'),
            t('addresses.url'),
            t('addresses.grades'),
            t('addresses.enabled'),
            t('addresses.secret'),
            t('addresses.updatedAt'),
            '',
          ]}
        >
          {items.map((a) => (
            <tr key={a.id} data-testid={`push-row-${a.name}`}>
              <td>{a.name}</td>
              <td className="cp-push-url">{a.url}</td>
              <td>
                {a.grades.length ? a.grades.map((g) => GRADE_LETTER[g]).join(' ') : t('addresses.allGrades')}
              </td>
              <td>
                <Tag minimal intent={a.enabled ? Intent.SUCCESS : Intent.NONE}>
                  {a.enabled ? t('addresses.on') : t('addresses.off')}
                </Tag>
              </td>
              <td>
                {a.secretRotatedAt ? t('addresses.secretSet', { at: formatDateTime(a.secretRotatedAt) }) : ''}
              </td>
              <td>{formatDateTime(a.updatedAt)}</td>
              <td className="cp-push-actions">
                <RowAction
                  icon="edit"
                  text={t('actions.edit')}
                  testId={`push-edit-${a.id}`}
                  onClick={() => dispatch(P.editorOpened(a.id))}
                />
                <RowAction
                  icon="send-message"
                  text={t('actions.test')}
                  testId={`push-test-${a.id}`}
                  onClick={() => dispatch(P.testRequested(a.id))}
                />
                <RowAction
                  icon="key"
                  text={t('actions.rotate')}
                  testId={`push-rotate-${a.id}`}
                  onClick={() => dispatch(P.rotateRequested(a.id))}
                />
                <RowAction
                  icon="trash"
                  intent={Intent.DANGER}
                  text={t('actions.delete')}
                  testId={`push-delete-${a.id}`}
                  onClick={() => dispatch(P.deleteOpened(a.id))}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListView>
      <TypeToConfirmDialog
        isOpen={s.deleting.id !== null}
        title={t('addresses.deleteTitle')}
        body={t('addresses.deleteBody', { name: deleting?.name ?? '' })}
        prompt={t('addresses.deletePrompt')}
        confirmText={t('actions.delete')}
        cancelText={t('actions.cancel')}
        pending={s.deleting.pending}
        error={s.deleting.error}
        testId="push-delete-confirm"
        onConfirm={() => dispatch(P.deleteRequested())}
        onClose={() => dispatch(P.deleteClosed())}
      />
    </section>
  );
}
