// Add or edit a merchant: the account fields with the shared user rules (domain/accountForm.ts, the
// accounts API applies the same), the call rate, the settlement method (fixed while a lock above
// holds it) and the assignable menus (the menus the merchant's subtree may be granted).
import { Callout, Checkbox, FormGroup, Intent, Switch } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateAccountForm, type AccountFormInput } from '../../../../../domain/accountForm';
import { RATE_MAX_FEN } from '../../../../../domain/finance';
import { SETTLEMENT_METHODS, type MerchantDto, type SettlementMethod } from '../../../../../domain/merchants';
import { groupLabelKey, menuLabelKey } from '../../../app/menuGroups';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DateField } from '../../../ui/DateField';
import { FormDialog } from '../../../ui/FormDialog';
import { SelectField } from '../../../ui/fields';
import { TextField } from '../../../ui/TextField';
import { selectMe } from '../../auth/slice';
import { grantableGroups, groupCheck, toggleGroup } from '../../system/menuTree';
import { numberOf } from '../../telephony/form';
import { merchantsActions as M, selectMerchants, type MerchantInput } from '../slice';
import '../../system/system.css';

type Field =
  | 'account'
  | 'password'
  | 'confirm'
  | 'realName'
  | 'phone'
  | 'remark'
  | 'aiSeats'
  | 'totalAuthorization'
  | 'dialIntervalSeconds'
  | 'expiresAt'
  | 'roleId'
  | 'ratePerMinFen'
  | 'settlementMethod';
type Form = Record<Field, string>;

const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

const formOf = (m: MerchantDto | undefined, defaultExpiry: string, method: SettlementMethod): Form => ({
  account: '',
  password: '',
  confirm: '',
  realName: m?.realName ?? '',
  phone: m?.phone ?? '',
  remark: m?.remark ?? '',
  aiSeats: String(m?.aiSeats ?? 10),
  totalAuthorization: String(m?.totalAuthorization ?? 20),
  dialIntervalSeconds: String(m?.dialIntervalSeconds ?? 0),
  expiresAt: m ? m.expiresAt.slice(0, 10) : defaultExpiry,
  roleId: m?.roleId ? String(m.roleId) : '',
  ratePerMinFen: String(m?.ratePerMinFen ?? 0),
  settlementMethod: String(m?.settlementMethod ?? method),
});

const checked = (f: Form): AccountFormInput => ({
  account: f.account,
  password: f.password,
  confirm: f.confirm,
  realName: f.realName,
  phone: f.phone,
  aiSeats: numberOf(f.aiSeats),
  totalAuthorization: numberOf(f.totalAuthorization),
  dialIntervalSeconds: numberOf(f.dialIntervalSeconds),
  dailyConnectLimit: undefined,
  dailyMinutesLimit: undefined,
  expiresAt: f.expiresAt,
});

const rateProblem = (s: string): string | undefined => {
  const n = numberOf(s);
  if (n === undefined) return 'required';
  return Number.isInteger(n) && n >= 0 && n <= RATE_MAX_FEN ? undefined : 'rate';
};

export function MerchantDialog() {
  const { t } = useTranslation(['merchants', 'system', 'menus']);
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMe);
  const s = useAppSelector(selectMerchants);
  const open = s.editor.kind === 'merchant';
  const isNew = s.editor.id === null;
  const item = s.list.items.find((m) => m.id === s.editor.id);
  const parentExpiry = me?.level === 0 ? null : (me?.expiresAt ?? null);
  const defaultExpiry = parentExpiry ? parentExpiry.slice(0, 10) : inAYear();
  const [f, setF] = useState<Form>(formOf(item, defaultExpiry, 60));
  const [limitMenus, setLimitMenus] = useState(false);
  const [menus, setMenus] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (!open) return;
    setF(formOf(item, defaultExpiry, 60));
    setLimitMenus(Boolean(item?.assignableMenus));
    setMenus(new Set(item?.assignableMenus ?? s.grantable));
    setSubmitted(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, s.editor.id]);

  const problems: Partial<Record<Field, string>> = {
    ...(validateAccountForm(checked(f), isNew, parentExpiry) as Partial<Record<Field, string>>),
  };
  if (!f.roleId) problems.roleId = 'required';
  const rp = rateProblem(f.ratePerMinFen);
  if (rp) problems.ratePerMinFen = rp;
  const err = (k: Field): string | undefined => {
    const p = submitted ? problems[k] : undefined;
    if (p) return t(p === 'rate' ? 'merchants:validation.rate' : `system:validation.${p}`);
    return s.editor.serverErrors[k];
  };
  const set = (k: Field) => (v: string) => setF((x) => ({ ...x, [k]: v }));
  const text = (k: Field, label: string, extra: { type?: 'password' } = {}) => (
    <TextField
      id={`merchant-${k}`}
      label={label}
      value={f[k]}
      error={err(k)}
      onChange={set(k)}
      autoComplete={extra.type === 'password' ? 'new-password' : 'off'}
      {...extra}
    />
  );
  const roles = [...s.roles];
  if (item?.roleId && !roles.some((r) => r.id === item.roleId))
    roles.push({ id: item.roleId, name: item.roleName ?? String(item.roleId) } as (typeof roles)[number]);
  const forcedBy = item?.settlementForcedBy ?? null;
  const groups = grantableGroups(s.grantable);
  const flip = (k: string) =>
    setMenus((c) => {
      const next = new Set(c);
      if (next.has(k)) next.delete(k);
      else next.add(k);
      return next;
    });

  const inputOf = (): MerchantInput => ({
    ...(isNew ? { account: f.account.trim(), password: f.password, confirm: f.confirm } : {}),
    realName: f.realName.trim(),
    roleId: Number(f.roleId),
    phone: f.phone.trim(),
    position: item?.position ?? '',
    remark: f.remark.trim(),
    aiSeats: numberOf(f.aiSeats)!,
    totalAuthorization: numberOf(f.totalAuthorization)!,
    dialIntervalSeconds: numberOf(f.dialIntervalSeconds)!,
    dailyConnectLimit: item?.dailyConnectLimit ?? 0,
    dailyMinutesLimit: item?.dailyMinutesLimit ?? 0,
    expiresAt: f.expiresAt,
    ratePerMinFen: numberOf(f.ratePerMinFen)!,
    settlementMethod: Number(f.settlementMethod) as SettlementMethod,
    // Only menus I may still grant are sent.
    assignableMenus: limitMenus ? [...menus].filter((k) => s.grantable.includes(k)) : null,
  });

  return (
    <FormDialog
      isOpen={open}
      title={isNew ? t('add') : t('edit')}
      icon="office"
      testId="merchant-dialog"
      saving={s.editor.saving}
      formError={s.editor.formError}
      onClose={() => dispatch(M.editorClosed())}
      onSubmit={() => {
        setSubmitted(true);
        if (Object.keys(problems).length) return;
        dispatch(M.saveRequested({ id: s.editor.id, input: inputOf() }));
      }}
    >
      {isNew && text('account', t('system:fields.account'))}
      {text('realName', t('system:fields.realName'))}
      {isNew && text('password', t('system:fields.password'), { type: 'password' })}
      {isNew && text('confirm', t('system:fields.confirm'), { type: 'password' })}
      <SelectField
        id="merchant-roleId"
        label={t('system:fields.role')}
        value={f.roleId}
        error={err('roleId') ?? (roles.length ? undefined : t('system:users.noRoles'))}
        options={[{ value: '', label: '—' }, ...roles.map((r) => ({ value: String(r.id), label: r.name }))]}
        onChange={set('roleId')}
      />
      {text('aiSeats', t('system:fields.aiSeats'))}
      {text('totalAuthorization', t('system:fields.totalAuthorization'))}
      <FormGroup
        label={t('system:fields.expiresAt')}
        labelFor="merchant-expiresAt"
        intent={err('expiresAt') ? Intent.DANGER : Intent.NONE}
        helperText={
          err('expiresAt') && <span data-testid="error-merchant-expiresAt">{err('expiresAt')}</span>
        }
      >
        <DateField
          id="merchant-expiresAt"
          testId="input-merchant-expiresAt"
          label={t('system:fields.expiresAt')}
          value={f.expiresAt}
          onChange={set('expiresAt')}
          error={Boolean(err('expiresAt'))}
        />
      </FormGroup>
      {text('dialIntervalSeconds', t('system:fields.dialIntervalSeconds'))}
      {text('phone', t('system:fields.phone'))}
      {text('remark', t('system:fields.remark'))}
      {text('ratePerMinFen', t('fields.rate'))}
      {forcedBy ? (
        <FormGroup label={t('fields.settlementMethod')} helperText={t('forcedBy', { account: forcedBy })}>
          <span data-testid="merchant-method-forced">{t(`methods.${f.settlementMethod}`)}</span>
        </FormGroup>
      ) : (
        <SelectField
          id="merchant-settlementMethod"
          label={t('fields.settlementMethod')}
          value={f.settlementMethod}
          error={err('settlementMethod')}
          options={SETTLEMENT_METHODS.map((m) => ({ value: String(m), label: t(`methods.${m}`) }))}
          onChange={set('settlementMethod')}
        />
      )}
      {item?.settlementLockedAt && (
        <Callout intent={Intent.PRIMARY} icon="lock" data-testid="merchant-locked-note">
          {t('lock.note')}
        </Callout>
      )}
      <FormGroup className="cp-sys-menus" label={t('fields.assignableMenus')} helperText={t('menusHelp')}>
        <Switch
          checked={limitMenus}
          label={t('limitMenus')}
          data-testid="merchant-limit-menus"
          onChange={(e) => setLimitMenus(e.currentTarget.checked)}
        />
        {limitMenus && (
          <div data-testid="merchant-menus">
            {groups.map((g) => {
              const c = groupCheck(g.keys, menus);
              return (
                <fieldset key={g.id} className="cp-sys-menu-group">
                  <Checkbox
                    data-testid={`merchant-group-${g.id}`}
                    label={t(groupLabelKey(g.id))}
                    checked={c === 'all'}
                    indeterminate={c === 'some'}
                    onChange={() => setMenus((x) => toggleGroup(g.keys, x))}
                  />
                  <div className="cp-sys-menu-items">
                    {g.keys.map((k) => (
                      <Checkbox
                        key={k}
                        inline
                        data-testid={`merchant-menu-${k}`}
                        label={t(menuLabelKey(k))}
                        checked={menus.has(k)}
                        onChange={() => flip(k)}
                      />
                    ))}
                  </div>
                </fieldset>
              );
            })}
          </div>
        )}
      </FormGroup>
    </FormDialog>
  );
}
