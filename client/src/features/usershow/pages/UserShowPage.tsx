// /rootmain/system/usershow: a read-only card of one account for its superiors — identity, limits,
// lines, balance, usage today and this month (the report rollups) and recent logins. The viewer picks
// itself or an account of its subtree (search + list), or arrives with ?accountId= from the user
// management page.
import {
  Button,
  Callout,
  Card,
  H5,
  InputGroup,
  Intent,
  Menu,
  MenuItem,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AccountInfo, UsageFigures } from '../../../../../domain/accountInfo';
import { fenToYuan, formatDateTime } from '../../../../../domain/format';
import { isId } from '../../../../../domain/validators';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectMe } from '../../auth/slice';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { PageHeader } from '../../../ui/PageHeader';
import { selectUserShow, userShowActions as S } from '../slice';
import '../../system/system.css';
import '../usershow.css';

const minutes = (ms: number) => (ms / 60_000).toFixed(1);

function Field({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="cp-us-field">
      <span className="cp-us-label">{label}</span>
      <span className="cp-us-value" data-testid={testId}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </span>
    </div>
  );
}

function Identity({ i }: { i: AccountInfo }) {
  const { t } = useTranslation('system');
  const state = i.expired ? (
    <Tag intent={Intent.WARNING}>{t('state.expired')}</Tag>
  ) : i.disabled ? (
    <Tag intent={Intent.DANGER}>{t('state.disabled')}</Tag>
  ) : (
    <Tag intent={Intent.SUCCESS}>{t('state.enabled')}</Tag>
  );
  return (
    <Card className="cp-us-card" data-testid="info-identity">
      <H5>{t('info.identity')}</H5>
      <div className="cp-us-grid">
        <Field label={t('fields.account')} value={i.account} testId="info-account" />
        <Field label={t('fields.realName')} value={i.realName} testId="info-realname" />
        <Field label={t('fields.level')} value={t(`levels.${i.level}`)} testId="info-level" />
        <Field label={t('fields.role')} value={i.roleName} testId="info-role" />
        <Field label={t('fields.position')} value={i.position} testId="info-position" />
        <Field label={t('fields.phone')} value={i.phone} testId="info-phone" />
        <Field label={t('info.email')} value={i.email} testId="info-email" />
        <Field label={t('info.superior')} value={i.parentAccount} testId="info-superior" />
        <Field label={t('info.createdAt')} value={formatDateTime(i.createdAt)} testId="info-created" />
        <Field label={t('fields.state')} value={state} testId="info-state" />
      </div>
    </Card>
  );
}

function Limits({ i }: { i: AccountInfo }) {
  const { t } = useTranslation('system');
  const l = i.limits;
  const limit = (n: number) => (n === 0 ? t('info.noLimit') : n);
  return (
    <Card className="cp-us-card" data-testid="info-limits">
      <H5>{t('info.limits')}</H5>
      <div className="cp-us-grid">
        <Field label={t('fields.aiSeats')} value={l.aiSeats} testId="info-seats" />
        <Field label={t('fields.totalAuthorization')} value={l.totalAuthorization} testId="info-total" />
        <Field label={t('fields.expiresAt')} value={formatDateTime(l.expiresAt)} testId="info-expires" />
        <Field label={t('fields.dialIntervalSeconds')} value={l.dialIntervalSeconds} testId="info-interval" />
        <Field
          label={t('info.dailyConnectLimit')}
          value={limit(l.dailyConnectLimit)}
          testId="info-connect-limit"
        />
        <Field
          label={t('info.dailyMinutesLimit')}
          value={limit(l.dailyMinutesLimit)}
          testId="info-minutes-limit"
        />
        <Field label={t('info.balance')} value={fenToYuan(i.balanceFen)} testId="info-balance" />
      </div>
      <div className="cp-us-lines" data-testid="info-lines">
        <span className="cp-us-label">{t('info.lines', { count: l.lineCount })}</span>
        {l.lineCount === 0 ? (
          <span>{t('info.noLines')}</span>
        ) : (
          l.lines.map((line) => (
            <Tag key={line.id} minimal intent={line.enabled ? Intent.NONE : Intent.WARNING}>
              {line.enabled ? line.name : t('info.lineOff', { name: line.name })}
            </Tag>
          ))
        )}
        {l.lineCount > l.lines.length && (
          <span>{t('info.moreLines', { count: l.lineCount - l.lines.length })}</span>
        )}
      </div>
    </Card>
  );
}

function Usage({ i }: { i: AccountInfo }) {
  const { t } = useTranslation('system');
  const row = (key: 'today' | 'month', u: UsageFigures) => (
    <tr key={key} data-testid={`usage-${key}`}>
      <td>{t(`info.${key}`)}</td>
      <td>{u.from === u.to ? u.from : `${u.from} ~ ${u.to}`}</td>
      <td className="cp-num">{u.calls}</td>
      <td className="cp-num">{u.connected}</td>
      <td className="cp-num">{minutes(u.talkMs)}</td>
      <td className="cp-num">{fenToYuan(u.spendFen)}</td>
    </tr>
  );
  return (
    <Card className="cp-us-card" data-testid="info-usage">
      <H5>{t('info.usage')}</H5>
      <DataTable
        className="cp-sys-table"
        testId="usage-table"
        columns={[
          t('info.period'),
          t('info.days'),
          t('info.calls'),
          t('info.connected'),
          t('info.talkMinutes'),
          t('info.spend'),
        ]}
      >
        {row('today', i.today)}
        {row('month', i.month)}
      </DataTable>
      <p className="cp-us-note">
        {t('info.usageNote', { zone: i.timeZone })}
        {i.settling > 0 && ` ${t('info.settling', { count: i.settling })}`}
      </p>
    </Card>
  );
}

function Logins({ i }: { i: AccountInfo }) {
  const { t } = useTranslation('system');
  return (
    <Card className="cp-us-card" data-testid="info-logins">
      <H5>{t('info.logins')}</H5>
      <ListView
        waiting={false}
        empty={i.logins.length === 0}
        emptyIcon="log-in"
        emptyText={t('info.noLogins')}
        emptyTestId="logins-empty"
      >
        <DataTable
          className="cp-sys-table"
          testId="logins-table"
          columns={[
            t('info.loginAt'),
            t('info.lastSeenAt'),
            t('info.ip'),
            t('info.browser'),
            t('fields.state'),
          ]}
        >
          {i.logins.map((l, n) => (
            <tr key={`${l.at}-${n}`} data-testid="login-row">
              <td>{formatDateTime(l.at)}</td>
              <td>{formatDateTime(l.lastSeenAt)}</td>
              <td>{l.ip ?? '—'}</td>
              <td className="cp-us-ua" title={l.userAgent ?? ''}>
                {l.userAgent ?? '—'}
              </td>
              <td>
                {l.active ? (
                  <Tag intent={Intent.SUCCESS}>{t('info.sessionActive')}</Tag>
                ) : (
                  <Tag minimal>
                    {t(`info.ended.${l.endReason ?? 'other'}`, { defaultValue: t('info.ended.other') })}
                  </Tag>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </ListView>
      <p className="cp-us-note" data-testid="logins-note">
        {t('info.loginsNote', { count: i.loginCount, shown: i.logins.length })}
      </p>
    </Card>
  );
}

export default function UserShowPage() {
  const { t } = useTranslation('system');
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMe);
  const s = useAppSelector(selectUserShow);
  const [params, setParams] = useSearchParams();
  const fromUrl = Number(params.get('accountId'));
  const wanted = isId(fromUrl) ? fromUrl : (me?.id ?? null);

  useEffect(() => {
    dispatch(S.choicesRequested({ q: '' }));
  }, [dispatch]);
  useEffect(() => {
    if (wanted !== null) dispatch(S.infoRequested(wanted));
  }, [dispatch, wanted]);

  const choose = (id: number) => setParams(id === me?.id ? {} : { accountId: String(id) });
  const info = s.info.data;
  return (
    <div className="cp-page" data-testid="usershow-page">
      <PageHeader />
      <div className="cp-sys-layout">
        <aside className="cp-sys-tree" aria-label={t('info.pick')}>
          <InputGroup
            leftIcon="search"
            placeholder={t('info.search')}
            value={s.choices.q}
            data-testid="info-search"
            onValueChange={(v) => dispatch(S.choicesRequested({ q: v }))}
          />
          {s.choices.error && (
            <Callout intent={Intent.DANGER} data-testid="choices-error">
              {s.choices.error}
            </Callout>
          )}
          <Menu className="cp-us-choices" data-testid="info-choices">
            {s.choices.items.map((a) => (
              <MenuItem
                key={a.id}
                active={a.id === s.selectedId}
                text={a.id === me?.id ? t('info.self', { account: a.account }) : a.account}
                label={a.realName}
                data-testid={`choice-${a.account}`}
                onClick={() => choose(a.id)}
              />
            ))}
          </Menu>
          {!s.choices.loading && s.choices.items.length === 0 && !s.choices.error && (
            <p data-testid="choices-empty">{t('info.noChoices')}</p>
          )}
          {s.choices.nextAfterId !== null && (
            <Button
              minimal
              text={t('info.more')}
              loading={s.choices.loading}
              data-testid="choices-more"
              onClick={() => dispatch(S.choicesRequested({ q: s.choices.q, more: true }))}
            />
          )}
        </aside>
        <section className="cp-sys-main cp-us-main">
          {s.info.error ? (
            <Callout intent={Intent.DANGER} title={t('info.loadFailed')} data-testid="info-error">
              {s.info.error}{' '}
              {s.selectedId !== null && (
                <Button
                  size="small"
                  text={t('info.retry')}
                  onClick={() => dispatch(S.infoRequested(s.selectedId!))}
                />
              )}
            </Callout>
          ) : !info ? (
            s.info.loading ? (
              <Spinner />
            ) : (
              <NonIdealState icon="person" title={t('info.pick')} />
            )
          ) : (
            <>
              <Identity i={info} />
              <Limits i={info} />
              <Usage i={info} />
              <Logins i={info} />
              <p className="cp-us-note" data-testid="info-asof">
                {t('info.asOf', { time: formatDateTime(info.asOf) })}
              </p>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
