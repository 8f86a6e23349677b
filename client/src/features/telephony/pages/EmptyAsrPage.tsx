// /rootmain/systemset/emptyasr: which recognizer each account of the subtree uses, its own choice or,
// when blank, its superior's (SPEC §6), with where the setting in effect comes from.
import { Button, Callout, H3, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOUD_ASR, type AsrAccountDto } from '../../../../../domain/telephony-config';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { AsrDialog } from '../components/AsrDialog';
import { selectTelephony, telephonyActions as T } from '../slice';
import '../telephony.css';

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
      <H3>{t('asr.title')}</H3>
      <Callout className="cp-tel-bar">{t('asr.hint')}</Callout>
      {s.loading && !s.loaded ? (
        <Spinner />
      ) : (
        <HTMLTable compact striped className="cp-tel-table" data-testid="asr-table">
          <thead>
            <tr>
              <th>{t('fields.account')}</th>
              <th>{t('fields.level')}</th>
              <th>{t('fields.own')}</th>
              <th>{t('fields.effective')}</th>
              <th>{t('fields.source')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
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
                  <Button
                    minimal
                    small
                    icon="edit"
                    text={t('asr.edit')}
                    data-testid={`asr-edit-${a.account}`}
                    onClick={() => dispatch(T.editorOpened({ kind: 'asr', id: a.accountId }))}
                  />
                  {a.own && (
                    <Button
                      minimal
                      small
                      icon="reset"
                      intent={Intent.WARNING}
                      text={t('actions.reset')}
                      data-testid={`asr-reset-${a.account}`}
                      onClick={() => dispatch(T.asrResetRequested(a.accountId))}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <AsrDialog />
    </div>
  );
}
