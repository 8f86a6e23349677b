// /rootmain/system/blackset: the platform blacklist and the account's own; add and remove numbers.
import {
  Button,
  Callout,
  Checkbox,
  Classes,
  HTMLTable,
  InputGroup,
  Intent,
  SegmentedControl,
  Spinner,
} from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { selectMe } from '../../auth/slice';
import { BlacklistAddDialog } from '../components/BlacklistAddDialog';
import { EmptyState } from '../../../ui/EmptyState';
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
          <>
            <Button
              icon="add"
              intent={Intent.PRIMARY}
              text={t('blacklist.add')}
              data-testid="blacklist-add"
              onClick={() => dispatch(B.addOpened(true))}
            />
            <Button
              icon="trash"
              intent={Intent.DANGER}
              text={t('blacklist.remove')}
              disabled={s.selected.length === 0}
              data-testid="blacklist-remove"
              onClick={() => setRemoving(true)}
            />
          </>
        )}
      </form>
      {!editable && <Callout className="cp-crm-bar">{t('blacklist.readOnly')}</Callout>}
      {s.loading && s.items.length === 0 ? (
        <Spinner />
      ) : s.items.length === 0 ? (
        <EmptyState icon="disable" description={t('blacklist.empty')} testId="blacklist-empty" />
      ) : (
        <HTMLTable compact striped className="cp-crm-table" data-testid="blacklist-table">
          <thead>
            <tr>
              {editable && <th />}
              <th>{t('blacklist.phone')}</th>
              <th>{t('blacklist.reason')}</th>
              <th>{t('blacklist.createdAt')}</th>
            </tr>
          </thead>
          <tbody>
            {s.items.map((e) => (
              <tr key={e.id} data-testid={`blacklist-row-${e.phone}`}>
                {editable && (
                  <td>
                    <Checkbox
                      aria-label={t('columns.select')}
                      checked={s.selected.includes(e.id)}
                      data-testid={`blacklist-select-${e.phone}`}
                      onChange={() => dispatch(B.selectionToggled(e.id))}
                    />
                  </td>
                )}
                <td>{e.phone}</td>
                <td>{e.reason}</td>
                <td className={Classes.TEXT_MUTED}>{formatDateTime(e.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
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
