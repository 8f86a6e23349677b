// /rootmain/systemset/emptyasr: which recognizer each account of the subtree uses, its own choice or,
// when blank, its superior's (SPEC §6), with where the setting in effect comes from.
import { Callout, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOUD_ASR, type AsrAccountDto } from '../../../../../domain/telephony-config';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { RowAction } from '../../../ui/RowAction';
import { AsrDialog } from '../components/AsrDialog';
import { selectTelephony, telephonyActions as T } from '../slice';
import '../telephony.css';
import { PageHeader } from '../../../ui/PageHeader';

function Setting({ s }: { s: NonNullable<AsrAccountDto['own']> }) {
  const { t } = useTranslation('telephony');
  return (
    <>
      {t(`providers.${s.provider}`)}
      {s.provider === 'unimrcp' && ` · ${s.unimrcpProfile}`}
      {CLOUD_ASR.includes(s.provider) && ` · ${t('asr.keySet', { key: s.appKey })}`}
    </>
  );
}

export default function EmptyAsrPage() {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectTelephony).asr;
  useEffect(() => {
    dispatch(T.listRequested('asr'));
  }, [dispatch]);
  const sourceOf = (a: AsrAccountDto) =>
    a.source.kind === 'own'
      ? t('asr.own')
      : a.source.kind === 'inherited'
        ? t('asr.inherited', { account: a.source.account })
        : t('asr.default');
  return (
    <div className="cp-page" data-testid="asr-page">
      <PageHeader />
      <Callout className="cp-tel-bar">{t('asr.hint')}</Callout>
      {s.loading && !s.loaded ? (
        <Spinner />
      ) : (
        <DataTable
          className="cp-tel-table"
          testId="asr-table"
          columns={[
            t('fields.account'),
            t('fields.level'),
            t('fields.own'),
            t('fields.effective'),
            t('fields.source'),
            '',
          ]}
        >
          {s.items.map((a) => (
            <tr key={a.accountId} data-testid={`asr-row-${a.account}`}>
              <td style={{ paddingLeft: 8 + a.depth * 20 }}>{a.account}</td>
              <td>{t(`levels.${a.level}`)}</td>
              <td>{a.own ? <Setting s={a.own} /> : <Tag minimal>{t('asr.blank')}</Tag>}</td>
              <td>
                <Setting s={a.effective} />
              </td>
              <td data-testid={`asr-source-${a.account}`}>{sourceOf(a)}</td>
              <td className="cp-tel-actions">
                <RowAction
                  icon="edit"
                  text={t('asr.edit')}
                  testId={`asr-edit-${a.account}`}
                  onClick={() => dispatch(T.editorOpened({ kind: 'asr', id: a.accountId }))}
                />
                {a.own && (
                  <RowAction
                    icon="reset"
                    intent={Intent.WARNING}
                    text={t('actions.reset')}
                    testId={`asr-reset-${a.account}`}
                    onClick={() => dispatch(T.asrResetRequested(a.accountId))}
                  />
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <AsrDialog />
    </div>
  );
}
