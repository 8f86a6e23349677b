// /rootmain/dialcenter/callblackmanage: the account's call blacklist — masked numbers, reason, who and
// when; search by the full number or its visible digits; add one, import a file, remove (typed delete).
import { Button, Callout, Checkbox, Classes, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { blacklistSearch } from '../../../../../domain/shields';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { RowAction } from '../../../ui/RowAction';
import { TypeToConfirmDialog } from '../../../ui/TypeToConfirmDialog';
import { BlacklistAddDialog } from '../components/BlacklistAddDialog';
import { BlacklistImportDialog } from '../components/BlacklistImportDialog';
import { selectShields, shieldsActions as A } from '../slice';
import '../shields.css';
import { PageHeader } from '../../../ui/PageHeader';

export default function CallBlacklistPage() {
  const { t } = useTranslation('shields');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectShields);
  const l = s.blacklist;
  const [phone, setPhone] = useState('');
  const [searchError, setSearchError] = useState(false);
  useEffect(() => {
    dispatch(A.listRequested({ list: 'blacklist', phone: '' }));
  }, [dispatch]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    const bad = phone.trim() !== '' && blacklistSearch(phone) === null;
    setSearchError(bad);
    if (!bad) dispatch(A.listRequested({ list: 'blacklist', phone: phone.trim() }));
  };
  const allChecked = l.items.length > 0 && l.selected.length === l.items.length;
  return (
    <div className="cp-page" data-testid="cbl-page">
      <PageHeader />
      <Callout icon="info-sign">{t('blacklist.intro')}</Callout>
      <form className="cp-shd-bar" onSubmit={search}>
        <InputGroup
          data-testid="cbl-search"
          placeholder={t('blacklist.search')}
          value={phone}
          maxLength={20}
          intent={searchError ? Intent.DANGER : Intent.NONE}
          onValueChange={setPhone}
        />
        <Button type="submit" icon="search" text={t('ui.search')} data-testid="cbl-search-submit" />
        {searchError && (
          <span className={Classes.INTENT_DANGER} data-testid="cbl-search-error">
            {t('blacklist.searchInvalid')}
          </span>
        )}
        <span className="cp-shd-grow" />
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          text={t('blacklist.add')}
          data-testid="cbl-add"
          onClick={() => dispatch(A.adderOpened({ key: 'blacklistAdd', open: true }))}
        />
        <Button
          icon="import"
          text={t('blacklist.import')}
          data-testid="cbl-import"
          onClick={() => dispatch(A.adderOpened({ key: 'blacklistImport', open: true }))}
        />
        <Button
          icon="trash"
          intent={Intent.DANGER}
          text={t('blacklist.remove')}
          disabled={l.selected.length === 0}
          data-testid="cbl-remove-selected"
          onClick={() => dispatch(A.removeOpened({ key: 'blacklistRemove', ids: l.selected }))}
        />
      </form>
      <ListView
        waiting={l.loading && !l.loaded}
        empty={l.items.length === 0}
        emptyIcon="disable"
        emptyText={t('blacklist.empty')}
        emptyTestId="cbl-empty"
        more={{
          next: l.nextBefore !== null,
          text: t('blacklist.more'),
          loading: l.loading,
          testId: 'cbl-more',
          onMore: () => dispatch(A.listRequested({ list: 'blacklist', more: true })),
        }}
      >
        <DataTable
          className="cp-shd-table"
          testId="cbl-table"
          columns={[
            <Checkbox
              key="all"
              checked={allChecked}
              aria-label="all"
              onChange={(e) => dispatch(A.selectAll(e.currentTarget.checked))}
            />,
            t('blacklist.phone'),
            t('blacklist.reason'),
            t('blacklist.createdBy'),
            t('blacklist.createdAt'),
            t('blacklist.actions'),
          ]}
        >
          {l.items.map((e) => (
            <tr key={e.id} data-testid={`cbl-row-${e.phone}`}>
              <td>
                <Checkbox
                  aria-label={e.phone}
                  checked={l.selected.includes(e.id)}
                  data-testid={`cbl-select-${e.phone}`}
                  onChange={() => dispatch(A.selectionToggled(e.id))}
                />
              </td>
              <td data-testid={`cbl-phone-${e.id}`}>{e.phone}</td>
              <td>{e.callUuid ? t('blacklist.fromCall', { sentence: e.reason }) : e.reason}</td>
              <td>{e.createdBy ?? '—'}</td>
              <td className={Classes.TEXT_MUTED}>{formatDateTime(e.createdAt)}</td>
              <td>
                <RowAction
                  icon="trash"
                  intent={Intent.DANGER}
                  text={t('blacklist.removeOne')}
                  testId={`cbl-remove-${e.phone}`}
                  onClick={() => dispatch(A.removeOpened({ key: 'blacklistRemove', ids: [e.id] }))}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListView>
      <BlacklistAddDialog />
      <BlacklistImportDialog />
      <TypeToConfirmDialog
        isOpen={s.blacklistRemove.ids.length > 0}
        testId="cbl-remove-confirm"
        title={t('blacklist.removeTitle')}
        body={t('blacklist.removeBody', { count: s.blacklistRemove.ids.length })}
        prompt={t('ui.prompt')}
        confirmText={t('blacklist.removeOne')}
        cancelText={t('ui.cancel')}
        pending={s.blacklistRemove.pending}
        error={s.blacklistRemove.error}
        onConfirm={() => dispatch(A.removeRequested('blacklistRemove'))}
        onClose={() => dispatch(A.removeClosed('blacklistRemove'))}
      />
    </div>
  );
}
