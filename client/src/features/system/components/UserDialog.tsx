// Add or edit a subordinate account: every SPEC §3 user field this platform keeps, checked with the
// shared rules (domain/accountForm.ts) before sending; the server's field errors land on the same
// fields (a taken name, beyond the editor's own expiry or seats).
import { Callout, FormGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountDto } from '../../../../../domain/api';
import { validateAccountForm, type AccountFormInput } from '../../../../../domain/accountForm';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DateField } from '../../../ui/DateField';
import { FormDialog } from '../../../ui/FormDialog';
import { SelectField } from '../../../ui/fields';
import { TextField } from '../../../ui/TextField';
import { selectMe } from '../../auth/slice';
import { numberOf } from '../../telephony/form';
import { selectSystem, systemActions as S, type AccountInput } from '../slice';

type Form = Record<
  | 'account'
  | 'password'
  | 'confirm'
  | 'realName'
  | 'phone'
  | 'position'
  | 'remark'
  | 'aiSeats'
  | 'totalAuthorization'
  | 'dialIntervalSeconds'
  | 'dailyConnectLimit'
  | 'dailyMinutesLimit'
  | 'expiresAt'
  | 'level'
  | 'roleId',
  string
>;

const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

const formOf = (a: AccountDto | undefined, defaultExpiry: string): Form => ({
  account: '',
  password: '',
  confirm: '',
  realName: a?.realName ?? '',
  phone: a?.phone ?? '',
  position: a?.position ?? '',
  remark: a?.remark ?? '',
  aiSeats: String(a?.aiSeats ?? 1),
  totalAuthorization: String(a?.totalAuthorization ?? 2),
  dialIntervalSeconds: String(a?.dialIntervalSeconds ?? 0),
  dailyConnectLimit: String(a?.dailyConnectLimit ?? 0),
  dailyMinutesLimit: String(a?.dailyMinutesLimit ?? 0),
  expiresAt: a ? a.expiresAt.slice(0, 10) : defaultExpiry,
  level: String(a?.level ?? 1),
  roleId: a?.roleId ? String(a.roleId) : '',
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
  dailyConnectLimit: numberOf(f.dailyConnectLimit),
  dailyMinutesLimit: numberOf(f.dailyMinutesLimit),
  expiresAt: f.expiresAt,
});

const inputOf = (f: Form, isNew: boolean): AccountInput => ({
  ...(isNew ? { account: f.account.trim(), password: f.password, confirm: f.confirm } : {}),
  realName: f.realName.trim(),
  level: Number(f.level) as 1 | 2,
  roleId: Number(f.roleId),
  phone: f.phone.trim(),
  position: f.position.trim(),
  remark: f.remark.trim(),
  aiSeats: numberOf(f.aiSeats)!,
  totalAuthorization: numberOf(f.totalAuthorization)!,
  dialIntervalSeconds: numberOf(f.dialIntervalSeconds)!,
  dailyConnectLimit: numberOf(f.dailyConnectLimit) ?? 0,
  dailyMinutesLimit: numberOf(f.dailyMinutesLimit) ?? 0,
  expiresAt: f.expiresAt,
});

/** Levels an editor may give (server: accounts/service.ts creatableLevels). */
const levelsFor = (myLevel: number): (1 | 2)[] => (myLevel === 1 ? [1] : [1, 2]);

export function UserDialog() {
  const { t } = useTranslation('system');
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMe);
  const s = useAppSelector(selectSystem);
  const open = s.editor.kind === 'user';
  const isNew = s.editor.id === null;
  const item = s.users.items.find((a) => a.id === s.editor.id);
  const parentExpiry = me?.level === 0 ? null : (me?.expiresAt ?? null);
  const defaultExpiry = parentExpiry ? parentExpiry.slice(0, 10) : inAYear();
  const [f, setF] = useState<Form>(formOf(item, defaultExpiry));
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (!open) return;
    setF(formOf(item, defaultExpiry));
    setSubmitted(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, s.editor.id]);

  const problems = validateAccountForm(checked(f), isNew, parentExpiry);
  const roleMissing = !f.roleId;
  const err = (k: keyof Form): string | undefined => {
    const p = submitted ? (problems as Record<string, string | undefined>)[k] : undefined;
    if (p) return t(`validation.${p}`);
    if (k === 'roleId' && submitted && roleMissing) return t('validation.required');
    return s.editor.serverErrors[k];
  };
  const set = (k: keyof Form) => (v: string) => setF((x) => ({ ...x, [k]: v }));
  const text = (k: keyof Form, extra: { type?: 'password'; helper?: string } = {}) => (
    <TextField
      id={`user-${k}`}
      label={t(`fields.${k}`)}
      value={f[k]}
      error={err(k)}
      onChange={set(k)}
      autoComplete={extra.type === 'password' ? 'new-password' : 'off'}
      {...extra}
    />
  );
  // The roles the editor may hand out; an edited account's own role stays selectable.
  const roles = [...s.roles];
  if (item?.roleId && !roles.some((r) => r.id === item.roleId))
    roles.push({ id: item.roleId, name: item.roleName ?? String(item.roleId) } as (typeof roles)[number]);

  return (
    <FormDialog
      isOpen={open}
      title={isNew ? t('users.add') : t('users.edit')}
      icon="person"
      testId="user-dialog"
      saving={s.editor.saving}
      formError={s.editor.formError}
      onClose={() => dispatch(S.editorClosed())}
      onSubmit={() => {
        setSubmitted(true);
        if (Object.keys(problems).length || roleMissing) return;
        dispatch(S.saveRequested({ kind: 'user', id: s.editor.id, input: inputOf(f, isNew) }));
      }}
    >
      {isNew && text('account')}
      {text('realName')}
      {isNew && text('password', { type: 'password' })}
      {isNew && text('confirm', { type: 'password' })}
      <SelectField
        id="user-level"
        label={t('fields.level')}
        value={f.level}
        error={err('level')}
        options={levelsFor(me?.level ?? 1).map((l) => ({ value: String(l), label: t(`levels.${l}`) }))}
        onChange={set('level')}
      />
      <SelectField
        id="user-roleId"
        label={t('fields.role')}
        value={f.roleId}
        error={err('roleId') ?? (roles.length ? undefined : t('users.noRoles'))}
        options={[{ value: '', label: '—' }, ...roles.map((r) => ({ value: String(r.id), label: r.name }))]}
        onChange={set('roleId')}
      />
      {text('aiSeats')}
      {text('totalAuthorization')}
      <FormGroup
        label={t('fields.expiresAt')}
        labelFor="user-expiresAt"
        intent={err('expiresAt') ? Intent.DANGER : Intent.NONE}
        helperText={err('expiresAt') && <span data-testid="error-user-expiresAt">{err('expiresAt')}</span>}
      >
        <DateField
          id="user-expiresAt"
          testId="input-user-expiresAt"
          label={t('fields.expiresAt')}
          value={f.expiresAt}
          onChange={set('expiresAt')}
          error={Boolean(err('expiresAt'))}
        />
      </FormGroup>
      {text('dialIntervalSeconds')}
      {text('dailyConnectLimit')}
      {text('dailyMinutesLimit')}
      {text('phone')}
      {text('position')}
      {text('remark')}
      <Callout intent={Intent.PRIMARY} icon="info-sign" data-testid="user-not-built">
        {t('users.notBuiltAssign')}
      </Callout>
    </FormDialog>
  );
}
