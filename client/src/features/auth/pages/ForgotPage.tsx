// /forgot asks for the e-mail; /forgot?token=… (the mailed link) is the reset-password form.
import { Callout, Intent } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PUBLIC_PATHS } from '../../../app/routes';
import { TextField } from '../../../ui/TextField';
import { AuthLayout } from '../components/AuthLayout';
import { FormError, SubmitButton } from '../components/FormParts';
import { ResetForm } from '../components/ResetForm';
import { authActions, selectForm } from '../slice';
import { hasErrors, serverFieldError, validateForgot } from '../validation';

export default function ForgotPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ResetForm token={token} /> : <ForgotForm />;
}

function ForgotForm() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const form = useAppSelector(selectForm('forgot'));
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    dispatch(authActions.formReset('forgot'));
  }, [dispatch]);

  const errors = submitted ? validateForgot({ email }) : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!hasErrors(validateForgot({ email }))) dispatch(authActions.forgotRequested({ email: email.trim() }));
  };

  return (
    <AuthLayout title={t('forgot.title')} testId="forgot-page">
      <p>{t('forgot.intro')}</p>
      <form onSubmit={submit} noValidate>
        <TextField
          id="email"
          type="email"
          autoComplete="email"
          label={t('forgot.email')}
          value={email}
          onChange={setEmail}
          error={errors.email ? t(errors.email) : serverFieldError(form.fieldErrors, 'email')}
        />
        {form.done !== null && (
          <Callout intent={Intent.SUCCESS} className="cp-field" data-testid="forgot-sent">
            {form.done}
          </Callout>
        )}
        <FormError message={form.error} testId="forgot-error" />
        <SubmitButton text={t('forgot.submit')} pending={form.pending} testId="forgot-submit" />
      </form>
      <div className="cp-auth-links">
        <Link to={PUBLIC_PATHS.login} data-testid="link-login">
          {t('forgot.toLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}
