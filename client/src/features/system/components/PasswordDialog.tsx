// A superior sets a subordinate's login password (min 6, confirmed); the account signs in again.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPassword } from '../../../../../domain/validators';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FormDialog } from '../../../ui/FormDialog';
import { TextField } from '../../../ui/TextField';
import { selectSystem, systemActions as S } from '../slice';

export function PasswordDialog() {
  const { t } = useTranslation('system');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectSystem);
  const p = s.password;
  const account = s.users.items.find((a) => a.id === p.id)?.account ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    setPassword('');
    setConfirm('');
    setSubmitted(false);
  }, [p.id]);
  const pwProblem = !password ? 'required' : isPassword(password) ? null : 'password';
  const confirmProblem = confirm === password ? null : 'confirm';
  const err = (k: 'password' | 'confirm', problem: string | null) =>
    submitted && problem ? t(`validation.${problem}`) : p.serverErrors[k];
  return (
    <FormDialog
      isOpen={p.id !== null}
      title={t('users.resetTitle', { account })}
      icon="key"
      testId="password-dialog"
      saving={p.saving}
      formError={p.error}
      onClose={() => dispatch(S.passwordClosed())}
      onSubmit={() => {
        setSubmitted(true);
        if (!pwProblem && !confirmProblem && p.id !== null)
          dispatch(S.passwordRequested({ id: p.id, password, confirm }));
      }}
    >
      <TextField
        id="reset-password"
        type="password"
        label={t('fields.password')}
        value={password}
        onChange={setPassword}
        error={err('password', pwProblem)}
        helper={t('users.resetHint')}
        autoComplete="new-password"
      />
      <TextField
        id="reset-confirm"
        type="password"
        label={t('fields.confirm')}
        value={confirm}
        onChange={setConfirm}
        error={err('confirm', confirmProblem)}
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
