// /rootmain/system/blackset: the platform blacklist and the account's own; add and remove numbers (the
// removal sits in the shared selection bar, shown where the list is editable).
import { Button, Callout, Classes, InputGroup, Intent, SegmentedControl } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { bulkScopeOf, canAct } from '../../../ui/bulkScope';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { SelectAllBox, SelectBox } from '../../../ui/selectionCells';
import { SelectionBar } from '../../../ui/SelectionBar';
import { selectMe } from '../../auth/slice';
import { BlacklistAddDialog } from '../components/BlacklistAddDialog';
import { LoadMore } from '../../../ui/LoadMore';
import '../crm.css';
import { selectBlacklist } from '../slice';
import { blacklistActions as B, type BlacklistScope } from '../slice/blacklist';
import { PageHeader } from '../../../ui/PageHeader';

export default function BlacklistPage() {
  const { t } = useTranslation(['crm', 'common']);
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectBlacklist);
  const isSuper = useAppSelector(selectMe)?.level === 0;
  const [removing, setRemoving] = useState(false);
  const editable = s.scope === 'account' || isSuper;
  const scope = bulkScopeOf(s.selected.length, false, null);

  useEffect(() => {
    dispatch(B.listRequested());
  }, [dispatch]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    dispatch(B.listRequested());
  };
  return (
    <div className="cp-page" data-testid="blacklist-page">
      <PageHeader />
      <form className="cp-crm-bar" onSubmit={search}>
        {/* Only the super administrator reads the platform list; everyone else sees its own. */}
        {isSuper && (
          <SegmentedControl
            data-testid="blacklist-scope"
            value={s.scope}
            options={[
              { value: 'account', label: t('blacklist.account') },
              { value: 'platform', label: t('blacklist.platform') },
            ]}
            onValueChange={(v) => {
              dispatch(B.scopeChanged(v as BlacklistScope));
              dispatch(B.listRequested());
            }}
          />
        )}
        <InputGroup
          data-testid="blacklist-filter-phone"
          placeholder={t('blacklist.phone')}
          value={s.phone}
          maxLength={12}
          onValueChange={(v) => dispatch(B.phoneChanged(v.replace(/\D/g, '')))}
        />
        <Button type="submit" icon="search" text={t('actions.search')} data-testid="blacklist-search" />
        <span className="cp-crm-grow" />
        {editable && (
          <Button
            icon="add"
            intent={Intent.PRIMARY}
            text={t('blacklist.add')}
            data-testid="blacklist-add"
            onClick={() => dispatch(B.addOpened(true))}
          />
        )}
      </form>
      {editable ? (
        <SelectionBar
          testId="blacklist-selection"
          scope={scope}
          loaded={s.items.length}
          onClear={() => dispatch(B.allSelected(false))}
        >
          <Button
            icon="trash"
            intent={Intent.DANGER}
            text={t('blacklist.remove')}
            disabled={!canAct(scope)}
            data-testid="blacklist-remove"
            onClick={() => setRemoving(true)}
          />
        </SelectionBar>
      ) : (
        <Callout className="cp-crm-bar">{t('blacklist.readOnly')}</Callout>
      )}
      <ListView
        waiting={s.loading && s.items.length === 0}
        empty={s.items.length === 0}
        emptyIcon="disable"
        emptyText={t('blacklist.empty')}
        emptyTestId="blacklist-empty"
      >
        <DataTable
          className="cp-crm-table"
          testId="blacklist-table"
          pinFirst={editable}
          columns={[
            ...(editable
              ? [
                  <SelectAllBox
                    key="select"
                    label={t('columns.select')}
                    count={s.items.length}
                    selected={s.selected.length}
                    onToggleAll={(all) => dispatch(B.allSelected(all))}
                    testId="blacklist-select-all"
                  />,
                ]
              : []),
            t('blacklist.phone'),
            t('blacklist.reason'),
            t('blacklist.createdAt'),
          ]}
        >
          {s.items.map((e) => (
            <tr
              key={e.id}
              data-testid={`blacklist-row-${e.phone}`}
              className={s.selected.includes(e.id) ? 'cp-dt-selected' : undefined}
            >
              {editable && (
                <td>
                  <SelectBox
                    id={e.id}
                    label={t('columns.select')}
                    checked={s.selected.includes(e.id)}
                    onToggle={() => dispatch(B.selectionToggled(e.id))}
                    testId={`blacklist-select-${e.phone}`}
                  />
                </td>
              )}
              <td>{e.phone}</td>
              <td>{e.reason}</td>
              <td className={Classes.TEXT_MUTED}>{formatDateTime(e.createdAt)}</td>
            </tr>
          ))}
        </DataTable>
      </ListView>
      <LoadMore
        hasMore={s.nextAfter !== null}
        loading={s.loading}
        onClick={() => dispatch(B.moreRequested())}
        testId="blacklist-more"
      />
      <BlacklistAddDialog />
      <ConfirmDialog
        isOpen={removing}
        testId="blacklist-remove-confirm"
        icon="trash"
        intent={Intent.DANGER}
        title={t('blacklist.remove')}
        body={t('blacklist.removeConfirm', { count: s.selected.length })}
        confirmText={t('blacklist.remove')}
        cancelText={t('common:actions.cancel')}
        onConfirm={() => {
          setRemoving(false);
          dispatch(B.removeRequested(s.selected));
        }}
        onClose={() => setRemoving(false)}
      />
    </div>
  );
}
