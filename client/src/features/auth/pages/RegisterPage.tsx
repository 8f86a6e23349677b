// /register: a new account (SPEC §5 rules via domain validators); on success the saga goes to /login.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
