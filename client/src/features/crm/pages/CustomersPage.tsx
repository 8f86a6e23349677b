// /rootmain/crm/mycustomer: filter, page through, add/edit, focus, tags, batch delete, release, details.
// The batch actions sit in the shared selection bar and act on the ticked rows.
import { Button, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { bulkScopeOf, canAct } from '../../../ui/bulkScope';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { ListView } from '../../../ui/ListView';
import { SelectionBar } from '../../../ui/SelectionBar';
import { TypeToConfirmDialog } from '../../../ui/TypeToConfirmDialog';
import { selectMe } from '../../auth/slice';
import { AllocateDialog } from '../components/AllocateDialog';
import { CustomerDialog } from '../components/CustomerDialog';
import { CustomerDrawer } from '../components/CustomerDrawer';
import { CustomerFilterBar } from '../components/CustomerFilterBar';
import { CustomerTable } from '../components/CustomerTable';
import { CustomerTools } from '../components/CustomerTools';
import { ImportDialog } from '../components/ImportDialog';
import { LoadMore } from '../../../ui/LoadMore';
import { TagDialog } from '../components/TagDialog';
import '../crm.css';
import { selectCustomers, selectOpenCustomer } from '../slice';
import { allocationActions as A } from '../slice/allocation';
import { customersActions as C } from '../slice/customers';
import { importsActions as I } from '../slice/imports';
import { followUpsActions as F } from '../slice/followUps';
import { PageHeader } from '../../../ui/PageHeader';

export default function CustomersPage() {
  const { t } = useTranslation(['crm', 'common']);
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectCustomers);
  const open = useAppSelector(selectOpenCustomer);
  const menus = useAppSelector(selectMe)?.menus ?? [];
  const canRelease = menus.includes('crm/sea');
  // Targets come from GET /accounts, which needs the user-management menu.
  const canAllocate = menus.includes('system/usermanagemain');
  const [releasing, setReleasing] = useState(false);

  useEffect(() => {
    dispatch(C.listRequested());
    dispatch(C.tagsRequested());
  }, [dispatch]);

  const n = s.selected.length;
  const scope = bulkScopeOf(n, false, null);
  const close = () => dispatch(C.dialogClosed());

  return (
    <div className="cp-page" data-testid="customers-page">
      <PageHeader />
      <CustomerFilterBar
        filters={s.filters}
        tags={s.tags}
        onChange={(patch) => dispatch(C.filtersChanged(patch))}
        onSearch={() => dispatch(C.listRequested())}
        onReset={() => {
          dispatch(C.filtersReset());
          dispatch(C.listRequested());
        }}
      />
      <div className="cp-crm-bar">
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          text={t('actions.add')}
          data-testid="customer-add"
          onClick={() => dispatch(C.dialogOpened({ kind: 'edit', customer: null }))}
        />
        <Button
          icon="import"
          text={t('imports.action')}
          data-testid="customer-import"
          onClick={() => dispatch(I.opened())}
        />
        <CustomerTools selected={s.selected} tags={s.tags} />
      </div>
      <SelectionBar
        testId="customers-selection"
        scope={scope}
        loaded={s.items.length}
        onClear={() => dispatch(C.allSelected(false))}
      >
        <Button
          icon="tag"
          text={t('actions.tags')}
          disabled={!canAct(scope)}
          data-testid="customer-tags"
          onClick={() => dispatch(C.dialogOpened({ kind: 'tags' }))}
        />
        {canAllocate && (
          <Button
            icon="flows"
            text={t('allocate.action')}
            disabled={!canAct(scope)}
            data-testid="customer-allocate"
            onClick={() => dispatch(A.opened())}
          />
        )}
        {canRelease && (
          <Button
            icon="export"
            text={t('actions.release')}
            disabled={!canAct(scope)}
            data-testid="customer-release"
            onClick={() => setReleasing(true)}
          />
        )}
        <Button
          icon="trash"
          intent={Intent.DANGER}
          text={t('actions.delete')}
          disabled={!canAct(scope)}
          data-testid="customer-delete"
          onClick={() => dispatch(C.dialogOpened({ kind: 'delete' }))}
        />
        <span data-testid="customer-count">{t('customers.loaded', { count: s.items.length })}</span>
      </SelectionBar>
      <ErrorCallout error={s.error} title={t('customers.loadFailed')} testId="customers-error" />
      <ListView
        waiting={s.loading && s.items.length === 0}
        empty={s.items.length === 0}
        emptyIcon="people"
        emptyTitle={t('customers.empty')}
        emptyText={t('customers.emptyHint')}
        emptyTestId="customers-empty"
      >
        <CustomerTable
          items={s.items}
          tags={s.tags}
          selected={s.selected}
          onToggle={(id) => dispatch(C.selectionToggled(id))}
          onToggleAll={(all) => dispatch(C.allSelected(all))}
          onOpen={(id) => dispatch(F.drawerOpened(id))}
          onEdit={(customer) => dispatch(C.dialogOpened({ kind: 'edit', customer }))}
          onFocus={(id, focus) => dispatch(C.focusRequested({ id, focus }))}
        />
      </ListView>
      <LoadMore
        hasMore={s.next !== null}
        loading={s.loadingMore}
        onClick={() => dispatch(C.moreRequested())}
        testId="customers-more"
      />

      <CustomerDialog
        isOpen={s.dialog.kind === 'edit'}
        customer={s.dialog.kind === 'edit' ? s.dialog.customer : null}
        saving={s.saving}
        formError={s.formError}
        serverErrors={s.fieldErrors}
        onSave={(input) =>
          dispatch(
            C.saveRequested({ id: s.dialog.kind === 'edit' ? (s.dialog.customer?.id ?? null) : null, input }),
          )
        }
        onClose={close}
      />
      <TagDialog
        isOpen={s.dialog.kind === 'tags'}
        count={n}
        tags={s.tags}
        saving={s.saving}
        formError={s.formError}
        onCreateTag={(name) => dispatch(C.tagCreateRequested(name))}
        onApply={(add, remove) => dispatch(C.tagAssignRequested({ customerIds: s.selected, add, remove }))}
        onClose={close}
      />
      <TypeToConfirmDialog
        isOpen={s.dialog.kind === 'delete'}
        testId="delete-dialog"
        title={t('delete.title')}
        body={t('delete.body', { count: n })}
        prompt={t('delete.prompt')}
        confirmText={t('delete.confirm')}
        cancelText={t('common:actions.cancel')}
        pending={s.saving}
        error={s.formError}
        onConfirm={(confirm) => dispatch(C.deleteRequested({ ids: s.selected, confirm }))}
        onClose={close}
      />
      <ConfirmDialog
        isOpen={releasing}
        testId="release-confirm"
        icon="export"
        intent={Intent.WARNING}
        title={t('actions.release')}
        body={t('sea.releaseConfirm', { count: n })}
        confirmText={t('actions.release')}
        cancelText={t('common:actions.cancel')}
        onConfirm={() => {
          setReleasing(false);
          dispatch(C.releaseRequested(s.selected));
        }}
        onClose={() => setReleasing(false)}
      />
      {canAllocate && <AllocateDialog customerIds={s.selected} />}
      <ImportDialog />
      <CustomerDrawer customer={open} tags={s.tags} />
    </div>
  );
}
