// Export a bot file or import one: both need the Bot download password (SPEC §5).
import { Dialog, DialogBody, FileInput, FormGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DialogActions } from '../../../ui/DialogActions';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { stashFile } from '../../../ui/uploads';
import { selectBotList } from '../slice';
import { listActions as L } from '../slice/list';
import { TextInput } from './fields';

export function PasswordDialog() {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectBotList);
  const d = s.dialog;
  const open = d?.kind === 'export' || d?.kind === 'import';
  const [password, setPassword] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setPassword('');
    setFile(null);
    setTried(false);
  }, [open]);
  if (!open || !d) return null;
  const isImport = d.kind === 'import';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!password || (isImport && !file)) return;
    if (d.kind === 'export') dispatch(L.exportRequested({ id: d.bot.id, name: d.bot.name, password }));
    else dispatch(L.importRequested({ fileKey: stashFile(file!), password }));
  };
  return (
    <Dialog
      isOpen
      onClose={() => dispatch(L.dialogOpened(null))}
      icon={isImport ? 'import' : 'export'}
      title={d.kind === 'export' ? t('dialog.exportTitle', { name: d.bot.name }) : t('dialog.importTitle')}
    >
      <form onSubmit={submit} noValidate data-testid="password-dialog">
        <DialogBody>
          {isImport && (
            <FormGroup
              label={t('dialog.file')}
              intent={tried && !file ? Intent.DANGER : Intent.NONE}
              helperText={tried && !file ? t('validation.file') : undefined}
            >
              <FileInput
                fill
                text={file?.name ?? t('dialog.file')}
                buttonText={t('batch.browse')}
                inputProps={{ accept: '.json,application/json', 'data-testid': 'import-file' } as never}
                onInputChange={(e) => setFile((e.currentTarget as HTMLInputElement).files?.[0] ?? null)}
              />
            </FormGroup>
          )}
          <TextInput
            id="bot-password"
            type="password"
            label={t('dialog.password')}
            helper={t('dialog.passwordHint')}
            value={password}
            error={tried && !password ? 'bots:validation.password' : null}
            onChange={setPassword}
          />
          <ErrorCallout error={s.error} testId="password-error" />
        </DialogBody>
        <DialogActions
          closeText={t('actions.cancel')}
          onClose={() => dispatch(L.dialogOpened(null))}
          text={t('actions.ok')}
          loading={s.pending}
          testId="password-submit"
          submit
        />
      </form>
    </Dialog>
  );
}
