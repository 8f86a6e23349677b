// /rootmain/crm/dialrecord (every call record of the subtree) and /rootmain/dialcenter/callout (the
// outbound ones): filters, the keyset-paged list, a record's conversation with its audio, and the batch
// actions (move to my customers, allocate, repeat dial, export, filtered delete).
import { Button, Callout, Intent } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallRecordView } from '../../../../../domain/callRecords';
import type { ShellPageProps } from '../../../app/routes';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { bulkScopeOf, canAct } from '../../../ui/bulkScope';
import { ListView } from '../../../ui/ListView';
import { SelectionBar } from '../../../ui/SelectionBar';
import { TypeToConfirmDialog } from '../../../ui/TypeToConfirmDialog';
import { LoadMore } from '../../../ui/LoadMore';
import '../../crm/crm.css';
import '../callrecords.css';
import { AllocateDialog, ExportDialog, MoveDialog, RepeatDialDialog } from '../components/ActionDialogs';
import { RecordDrawer } from '../components/RecordDrawer';
import { RecordFilterBar } from '../components/RecordFilterBar';
import { RecordTable } from '../components/RecordTable';
import { callRecordsActions as A, selectCallRecords, type RecordDialog } from '../slice';
import { PageHeader } from '../../../ui/PageHeader';

export const viewOfMenu = (menuKey: string): CallRecordView =>
  menuKey === 'dialcenter/callout' ? 'callout' : menuKey === 'dialcenter/callin' ? 'callin' : 'dialrecord';

export default function CallRecordsPage({ menuKey }: ShellPageProps) {
  const { t } = useTranslation(['callrecords', 'common']);
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectCallRecords);
  const view = viewOfMenu(menuKey);

  useEffect(() => {
    dispatch(A.viewEntered(view));
    dispatch(A.listRequested());
    dispatch(A.optionsRequested());
  }, [dispatch, view]);

  const scope = bulkScopeOf(s.selected.length, s.allFiltered, s.filteredTotal);
  const open = (d: RecordDialog) => dispatch(A.dialogOpened(d));
  const scopeText =
    scope.kind === 'filtered'
      ? t('common:selection.filtered', { count: scope.count })
      : t('scope.selected', { count: s.selected.length });
  const actions: [RecordDialog, string, Parameters<typeof Button>[0]['icon']][] = [
    ['move', t('actions.move'), 'people'],
    ['allocate', t('actions.allocate'), 'flows'],
    ['repeat', t('actions.repeat'), 'repeat'],
    ['export', t('actions.export'), 'export'],
  ];

  return (
    <div className="cp-page" data-testid="call-records-page" data-view={view}>
      {/* Inside the inbound page (a tab of 呼入管理) that page has the header. */}
      {view !== 'callin' && <PageHeader />}
      <RecordFilterBar
        filters={s.filters}
        options={s.options}
        onChange={(patch) => dispatch(A.filtersChanged(patch))}
        onSearch={() => dispatch(A.listRequested())}
        onReset={() => {
          dispatch(A.filtersReset());
          dispatch(A.listRequested());
        }}
      />
      <SelectionBar
        testId="records-selection"
        scope={scope}
        loaded={s.items.length}
        filteredTotal={s.filteredTotal}
        onSelectAllFiltered={() => dispatch(A.allFilteredChosen())}
        onClear={() => dispatch(A.selectionCleared())}
      >
        {actions.map(([d, text, icon]) => (
          <Button
            key={d}
            icon={icon}
            text={text}
            disabled={!canAct(scope)}
            data-testid={`records-${d}`}
            onClick={() => open(d)}
          />
        ))}
        <Button
          icon="trash"
          intent={Intent.DANGER}
          text={t('actions.delete')}
          disabled={!canAct(scope)}
          data-testid="records-delete"
          onClick={() => open('delete')}
        />
        <span data-testid="records-count">{t('loaded', { count: s.items.length })}</span>
      </SelectionBar>
      {s.error && (
        <Callout intent={Intent.DANGER} title={t('loadFailed')} data-testid="records-error">
          {s.error}
        </Callout>
      )}
      <ListView
        waiting={s.loading && s.items.length === 0}
        empty={s.items.length === 0}
        emptyIcon="phone"
        emptyText={t('empty')}
        emptyTestId="records-empty"
      >
        <RecordTable
          items={s.items}
          selected={s.selected}
          onToggle={(id) => dispatch(A.selectionToggled(id))}
          onToggleAll={(all) => dispatch(A.allSelected(all))}
          onOpen={(uuid) => dispatch(A.opened(uuid))}
          onFocus={(uuid, focus) => dispatch(A.focusRequested({ uuid, focus }))}
        />
      </ListView>
      <LoadMore
        hasMore={s.next !== null}
        loading={s.loadingMore}
        onClick={() => dispatch(A.moreRequested())}
        testId="records-more"
      />

      <RecordDrawer
        isOpen={s.openUuid !== null}
        detail={s.detail}
        loading={s.detailLoading}
        error={s.detailError}
        audio={s.audio}
        onClose={() => dispatch(A.closed())}
      />
      <MoveDialog />
      <AllocateDialog />
      <RepeatDialDialog />
      <ExportDialog />
      <TypeToConfirmDialog
        isOpen={s.dialog === 'delete'}
        testId="records-delete-dialog"
        title={t('delete.title')}
        body={
          s.result?.kind === 'delete'
            ? t('result.delete', { count: s.result.deleted })
            : `${scopeText} ${t('delete.body')}`
        }
        prompt={t('delete.prompt')}
        confirmText={t('delete.confirm')}
        cancelText={t('common:actions.cancel')}
        pending={s.saving}
        error={s.formError}
        onConfirm={(confirm) => dispatch(A.deleteRequested({ confirm }))}
        onClose={() => dispatch(A.dialogClosed())}
      />
    </div>
  );
}
