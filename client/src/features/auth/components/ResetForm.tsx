// The reset-password form reached from the mailed link (/forgot?token=…).
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PUBLIC_PATHS } from '../../../app/routes';
import { TextField } from '../../../ui/TextField';
import { authActions, selectForm } from '../slice';
import { hasErrors, serverFieldError, validateNewPassword } from '../validation';
import { AuthLayout } from './AuthLayout';
import { FormError, SubmitButton } from './FormParts';

export function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const form = useAppSelector(selectForm('reset'));
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    dispatch(authActions.formReset('reset'));
  }, [dispatch]);

  const errors = submitted ? validateNewPassword(values) : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!hasErrors(validateNewPassword(values))) dispatch(authActions.resetRequested({ token, ...values }));
  };
  const fieldError = (k: 'password' | 'confirm') =>
    errors[k] ? t(errors[k]) : serverFieldError(form.fieldErrors, k);

  return (
    <AuthLayout title={t('reset.title')} testId="reset-page">
      <form onSubmit={submit} noValidate>
        <TextField
          id="password"
          type="password"
          autoComplete="new-password"
          label={t('reset.password')}
          value={values.password}
          onChange={(password) => setValues((s) => ({ ...s, password }))}
          error={fieldError('password')}
        />
        <TextField
          id="confirm"
          type="password"
          autoComplete="new-password"
          label={t('reset.confirm')}
          value={values.confirm}
          onChange={(confirm) => setValues((s) => ({ ...s, confirm }))}
          error={fieldError('confirm')}
        />
        <FormError message={form.error} testId="reset-error" />
        <SubmitButton text={t('reset.submit')} pending={form.pending} testId="reset-submit" />
      </form>
      <div className="cp-auth-links">
        <Link to={PUBLIC_PATHS.login} data-testid="link-login">
          {t('reset.toLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}
