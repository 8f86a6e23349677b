// /rootmain/bot/botview: the account's bots, filtered by name and status, paged; new, import,
// and per row meta, copy, submit, review, export, distribute, delete.
import { Button, HTMLSelect, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BotStatus } from '../../../../../domain/bot/api';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { TypeToConfirmDialog } from '../../../ui/TypeToConfirmDialog';
import { EmptyState } from '../../../ui/EmptyState';
import { BotMetaDialog } from '../components/BotMetaDialog';
import { BotTable } from '../components/BotTable';
import { DistributeDialog } from '../components/DistributeDialog';
import { PasswordDialog } from '../components/PasswordDialog';
import { ReviewDialog } from '../components/ReviewDialog';
import '../bots.css';
import { selectBotList } from '../slice';
import { listActions as L } from '../slice/list';
import { PageHeader } from '../../../ui/PageHeader';

const STATUSES: BotStatus[] = ['draft', 'review', 'online', 'rejected'];

export default function BotListPage() {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectBotList);
  useEffect(() => {
    dispatch(L.listRequested());
  }, [dispatch]);
  const search = (e: FormEvent) => {
    e.preventDefault();
    dispatch(L.listRequested({ page: 1 }));
  };
  const pages = Math.max(1, Math.ceil(s.total / s.pageSize));
  const del = s.dialog?.kind === 'delete' ? s.dialog : null;
  return (
    <div className="cp-page" data-testid="bots-page">
      <PageHeader />
      <form className="cp-bots-row" onSubmit={search}>
        <InputGroup
          data-testid="bots-filter-name"
          placeholder={t('list.name')}
          value={s.filters.name}
          onValueChange={(name) => dispatch(L.filtersChanged({ name }))}
        />
        <HTMLSelect
          aria-label={t('list.status')}
          data-testid="bots-filter-status"
          value={s.filters.status}
          onChange={(e) => {
            dispatch(L.filtersChanged({ status: e.currentTarget.value as BotStatus | '' }));
            dispatch(L.listRequested({ page: 1 }));
          }}
        >
          <option value="">{t('list.allStatus')}</option>
          {STATUSES.map((x) => (
            <option key={x} value={x}>
              {t(`status.${x}`)}
            </option>
          ))}
        </HTMLSelect>
        <Button type="submit" icon="search" text={t('list.search')} data-testid="bots-search" />
        <span className="cp-bots-grow" />
        <Button
          icon="import"
          text={t('list.import')}
          data-testid="bots-import"
          onClick={() => dispatch(L.dialogOpened({ kind: 'import' }))}
        />
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          text={t('list.new')}
          data-testid="bots-new"
          onClick={() => dispatch(L.dialogOpened({ kind: 'create' }))}
        />
      </form>
      {s.loading && s.items.length === 0 ? (
        <Spinner />
      ) : s.items.length === 0 ? (
        <EmptyState icon="predictive-analysis" description={t('list.empty')} testId="bots-empty" />
      ) : (
        <BotTable items={s.items} />
      )}
      <div className="cp-bots-row cp-bots-gap">
        <span className="cp-bots-muted">{t('list.total', { count: s.total })}</span>
        <span className="cp-bots-grow" />
        <Button
          text={t('list.prev')}
          disabled={s.page <= 1}
          onClick={() => dispatch(L.listRequested({ page: s.page - 1 }))}
        />
        <span>{t('list.page', { page: s.page })}</span>
        <Button
          text={t('list.next')}
          disabled={s.page >= pages}
          onClick={() => dispatch(L.listRequested({ page: s.page + 1 }))}
        />
      </div>
      <BotMetaDialog />
      <PasswordDialog />
      <ReviewDialog />
      <DistributeDialog />
      <TypeToConfirmDialog
        isOpen={del !== null}
        testId="bot-delete-confirm"
        title={t('dialog.deleteTitle')}
        body={t('dialog.deleteBody', { name: del?.bot.name ?? '' })}
        prompt={t('dialog.deletePrompt')}
        confirmText={t('actions.delete')}
        cancelText={t('actions.cancel')}
        pending={s.pending}
        error={s.error}
        onConfirm={() => del && dispatch(L.deleteRequested(del.bot.id))}
        onClose={() => dispatch(L.dialogOpened(null))}
      />
    </div>
  );
}
