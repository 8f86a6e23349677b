// /rootmain/bussinesscentral/merchant: the merchants below me (for the super administrator every
// merchant, for a merchant its sub-merchants) with balance, AI seats, expiry, state, rate and
// settlement method; add and edit, and the settlement lock (SPEC §6), which once on stays on.
import { Button, Callout, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { MerchantDto } from '../../../../../domain/merchants';
import { fenToYuan } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { PageHeader } from '../../../ui/PageHeader';
import { RowAction } from '../../../ui/RowAction';
import { MerchantDialog } from '../components/MerchantDialog';
import { MAX_MERCHANTS } from '../sagas';
import { merchantsActions as M, selectMerchants } from '../slice';
import '../../system/system.css';

function StateTag({ m }: { m: MerchantDto }) {
  const { t } = useTranslation('system');
  if (m.expired) return <Tag intent={Intent.WARNING}>{t('state.expired')}</Tag>;
  return m.disabled ? (
    <Tag intent={Intent.DANGER}>{t('state.disabled')}</Tag>
  ) : (
    <Tag intent={Intent.SUCCESS}>{t('state.enabled')}</Tag>
  );
}

function LockCell({ m }: { m: MerchantDto }) {
  const { t } = useTranslation('merchants');
  const dispatch = useAppDispatch();
  if (m.settlementLockedAt)
    return (
      <Tag icon="lock" intent={Intent.PRIMARY} data-testid={`merchant-locked-${m.account}`}>
        {t('lock.on')}
      </Tag>
    );
  return (
    <RowAction
      icon="unlock"
      text={t('lock.turnOn')}
      testId={`merchant-lock-${m.account}`}
      onClick={() => dispatch(M.lockOpened(m.id))}
    />
  );
}

function MerchantRow({ m }: { m: MerchantDto }) {
  const { t } = useTranslation('merchants');
  const dispatch = useAppDispatch();
  return (
    <tr data-testid={`merchant-row-${m.account}`}>
      <td>{m.account}</td>
      <td>{m.realName}</td>
      <td>{m.parentAccount ?? '—'}</td>
      <td>{m.roleName ?? '—'}</td>
      <td className="cp-num">{fenToYuan(m.balanceFen)}</td>
      <td>{m.aiSeats}</td>
      <td>{m.expiresAt.slice(0, 10)}</td>
      <td>
        <StateTag m={m} />
      </td>
      <td data-testid={`merchant-rate-${m.account}`}>
        {m.ratePerMinFen === null ? t('rateNotSet') : t('rateValue', { fen: m.ratePerMinFen })}
      </td>
      <td data-testid={`merchant-method-${m.account}`}>
        {t(`methods.${m.settlementMethod}`)}
        {m.settlementForcedBy && (
          <Tag minimal icon="lock">
            {t('forcedTag', { account: m.settlementForcedBy })}
          </Tag>
        )}
      </td>
      <td>{m.assignableMenus ? t('menuCount', { count: m.assignableMenus.length }) : t('menusAll')}</td>
      <td>
        <LockCell m={m} />
      </td>
      <td>
        <RowAction
          icon="edit"
          text={t('system:actions.edit')}
          testId={`merchant-edit-${m.account}`}
          onClick={() => dispatch(M.editorOpened(m.id))}
        />
      </td>
    </tr>
  );
}

function LockConfirm() {
  const { t } = useTranslation('merchants');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectMerchants);
  const m = s.list.items.find((x) => x.id === s.lock.id);
  return (
    <ConfirmDialog
      isOpen={Boolean(m)}
      title={t('lock.title')}
      body={m ? t('lock.body', { account: m.account, method: t(`methods.${m.settlementMethod}`) }) : ''}
      confirmText={t('lock.confirm')}
      cancelText={t('system:actions.cancel')}
      icon="lock"
      intent={Intent.DANGER}
      testId="merchant-lock-confirm"
      onConfirm={() => {
        if (!s.lock.pending) dispatch(M.lockRequested());
      }}
      onClose={() => dispatch(M.lockClosed())}
    />
  );
}

export default function MerchantsPage() {
  const { t } = useTranslation('merchants');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectMerchants);
  useEffect(() => {
    dispatch(M.listRequested());
  }, [dispatch]);
  const q = s.q.trim().toLowerCase();
  const rows = q
    ? s.list.items.filter((m) => m.account.toLowerCase().includes(q) || m.realName.toLowerCase().includes(q))
    : s.list.items;
  return (
    <div className="cp-page" data-testid="merchants-page">
      <PageHeader>
        <Button
          icon="add"
          intent={Intent.PRIMARY}
          text={t('add')}
          data-testid="merchant-add"
          onClick={() => dispatch(M.editorOpened(null))}
        />
      </PageHeader>
      {s.list.items.length >= MAX_MERCHANTS && (
        <Callout intent={Intent.WARNING}>{t('truncated', { count: MAX_MERCHANTS })}</Callout>
      )}
      <InputGroup
        leftIcon="search"
        placeholder={t('search')}
        value={s.q}
        data-testid="merchant-search"
        onValueChange={(v) => dispatch(M.queryChanged(v))}
      />
      <ListView
        waiting={s.list.loading && !s.list.loaded}
        empty={rows.length === 0}
        emptyIcon="office"
        emptyText={t('empty')}
        emptyTestId="merchants-empty"
      >
        <DataTable
          className="cp-sys-table"
          testId="merchants-table"
          pinLast
          columns={[
            t('system:fields.account'),
            t('system:fields.realName'),
            t('fields.parent'),
            t('system:fields.role'),
            t('system:fields.balance'),
            t('system:fields.aiSeats'),
            t('system:fields.expiresAt'),
            t('system:fields.state'),
            t('fields.rate'),
            t('fields.settlementMethod'),
            t('fields.assignableMenus'),
            t('fields.lock'),
            t('system:fields.actions'),
          ]}
        >
          {rows.map((m) => (
            <MerchantRow key={m.id} m={m} />
          ))}
        </DataTable>
      </ListView>
      <MerchantDialog />
      <LockConfirm />
    </div>
  );
}
