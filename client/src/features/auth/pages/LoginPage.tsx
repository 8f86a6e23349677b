// /login: account or e-mail + password, remember me, the security pledge, links and the WeChat entry.
import { Button, Callout, Checkbox, Intent } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { SHELL_PATH } from '../../../../../domain/menus';
import { loadRemember } from '../../../api/sessionStore';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PUBLIC_PATHS } from '../../../app/routes';
import { TextField } from '../../../ui/TextField';
import { AuthLayout } from '../components/AuthLayout';
import { FormError, PledgeCheckbox, SubmitButton } from '../components/FormParts';
import { authActions, selectForm, selectStatus } from '../slice';
import { hasErrors, validateLogin } from '../validation';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectStatus);
  const form = useAppSelector(selectForm('login'));
  const [values, setValues] = useState({
    account: '',
    password: '',
    remember: loadRemember(),
    pledge: false,
  });
  const [submitted, setSubmitted] = useState(false);
  const [showWeChat, setShowWeChat] = useState(false);

  useEffect(() => {
    dispatch(authActions.formReset('login'));
  }, [dispatch]);

  if (status === 'authenticated') return <Navigate to={SHELL_PATH} replace />;

  const errors = submitted ? validateLogin(values) : {};
  const set =
    <K extends keyof typeof values>(k: K) =>
    (v: (typeof values)[K]) =>
      setValues((s) => ({ ...s, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!hasErrors(validateLogin(values))) dispatch(authActions.loginRequested(values));
  };
  const tr = (key?: string) => (key ? t(key) : undefined);

  return (
    <AuthLayout title={t('login.title')} testId="login-page">
      <form onSubmit={submit} noValidate>
        <TextField
          id="account"
          label={t('login.account')}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          autoFocus
          value={values.account}
          onChange={set('account')}
          error={tr(errors.account)}
        />
        <TextField
          id="password"
          type="password"
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          error={tr(errors.password)}
        />
        <Checkbox
          data-testid="remember"
          checked={values.remember}
          label={t('login.remember')}
          onChange={(e) => set('remember')(e.currentTarget.checked)}
        />
        <PledgeCheckbox checked={values.pledge} onChange={set('pledge')} error={tr(errors.pledge)} />
        <FormError message={form.error} testId="login-error" />
        <SubmitButton text={t('login.submit')} pending={form.pending} testId="login-submit" />
      </form>
      <div className="cp-auth-links">
        <Link to={PUBLIC_PATHS.forgot} data-testid="link-forgot">
          {t('login.forgot')}
        </Link>
        <Link to={PUBLIC_PATHS.register} data-testid="link-register">
          {t('login.register')}
        </Link>
      </div>
      <Button
        variant="minimal"
        icon="barcode"
        fill
        text={t('login.wechat')}
        data-testid="wechat-login"
        onClick={() => setShowWeChat((v) => !v)}
      />
      {showWeChat && (
        <Callout intent={Intent.WARNING} data-testid="wechat-not-available">
          {t('login.wechatNotAvailable')}
        </Callout>
      )}
    </AuthLayout>
  );
}
