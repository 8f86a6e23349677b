// /register: a new account (SPEC §5 rules via domain validators). The reply is always "check your
// e-mail"; the mailed link, /register?verify=…, verifies the e-mail and leads to /login.
import { Callout, Intent } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { RegisterRequest } from '../../../../../domain/api';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PUBLIC_PATHS } from '../../../app/routes';
import { TextField } from '../../../ui/TextField';
import { AuthLayout } from '../components/AuthLayout';
import { FormError, PledgeCheckbox, SubmitButton } from '../components/FormParts';
import { authActions, selectForm } from '../slice';
import { hasErrors, serverFieldError, validateRegister } from '../validation';

const empty: RegisterRequest = {
  account: '',
  password: '',
  confirm: '',
  email: '',
  realName: '',
  phone: '',
  pledge: false,
};

type TextKey = Exclude<keyof RegisterRequest, 'pledge'>;
const FIELDS: { key: TextKey; type?: 'password' | 'email' | 'tel'; autoComplete: string }[] = [
  { key: 'account', autoComplete: 'username' },
  { key: 'password', type: 'password', autoComplete: 'new-password' },
  { key: 'confirm', type: 'password', autoComplete: 'new-password' },
  { key: 'email', type: 'email', autoComplete: 'email' },
  { key: 'realName', autoComplete: 'name' },
  { key: 'phone', type: 'tel', autoComplete: 'tel' },
];

export default function RegisterPage() {
  const [params] = useSearchParams();
  const token = params.get('verify');
  return token ? <VerifyEmail token={token} /> : <RegisterForm />;
}

function VerifyEmail({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const form = useAppSelector(selectForm('verify'));
  useEffect(() => {
    dispatch(authActions.verifyRequested({ token }));
  }, [dispatch, token]);
  return (
    <AuthLayout title={t('verify.title')} testId="verify-page">
      {form.pending && <p>{t('verify.pending')}</p>}
      <FormError message={form.error} testId="verify-error" />
      <div className="cp-auth-links">
        <Link to={PUBLIC_PATHS.register} data-testid="link-register">
          {t('verify.again')}
        </Link>
        <Link to={PUBLIC_PATHS.login} data-testid="link-login">
          {t('register.toLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}

function RegisterForm() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const form = useAppSelector(selectForm('register'));
  const [values, setValues] = useState(empty);
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    dispatch(authActions.formReset('register'));
  }, [dispatch]);

  const errors = submitted ? validateRegister(values) : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (hasErrors(validateRegister(values))) return;
    dispatch(authActions.registerRequested({ ...values, phone: values.phone || undefined }));
  };
  const fieldError = (k: keyof RegisterRequest) =>
    errors[k] ? t(errors[k]) : serverFieldError(form.fieldErrors, k);

  return (
    <AuthLayout title={t('register.title')} testId="register-page">
      <form onSubmit={submit} noValidate>
        {FIELDS.map(({ key, type, autoComplete }) => (
          <TextField
            key={key}
            id={key}
            type={type}
            autoComplete={autoComplete}
            label={t(`register.${key}`)}
            helper={key === 'account' ? t('register.accountHelp') : undefined}
            value={values[key] ?? ''}
            onChange={(v) => setValues((s) => ({ ...s, [key]: v }))}
            error={fieldError(key)}
          />
        ))}
        <PledgeCheckbox
          checked={values.pledge}
          onChange={(pledge) => setValues((s) => ({ ...s, pledge }))}
          error={fieldError('pledge')}
        />
        {form.done !== null && (
          <Callout intent={Intent.SUCCESS} className="cp-field" data-testid="register-sent">
            {form.done}
          </Callout>
        )}
        <FormError message={form.error} testId="register-error" />
        <SubmitButton text={t('register.submit')} pending={form.pending} testId="register-submit" />
      </form>
      <div className="cp-auth-links">
        <Link to={PUBLIC_PATHS.login} data-testid="link-login">
          {t('register.toLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}
