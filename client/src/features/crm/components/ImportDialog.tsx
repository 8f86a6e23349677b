// Import customers from a file with an import option: the template and the preview of the chosen file
// (ImportGuide), then the upload. The dialog closes once the job is started (a toast leads back to its
// live progress and report); the start button is off while the upload is on its way.
import {
  Callout,
  Dialog,
  DialogBody,
  FileInput,
  FormGroup,
  H6,
  HTMLSelect,
  InputGroup,
  Intent,
  NumericInput,
} from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../ui/DialogActions';
import { IMPORT_OPTIONS, ImportOption } from '../../../../../domain/crm';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ExportPasswordField, useExportPassword } from '../../../ui/ExportPassword';
import { selectImportGuide, selectImports } from '../slice';
import { importsActions as I, progressOf } from '../slice/imports';
import { showToast } from '../../../ui/toaster';
import { stashFile } from '../../../ui/uploads';
import { ImportGuide } from './ImportGuide';
import { ImportJobRow } from './ImportJobRow';

/** A supplier key the server takes: 16, 24 or 32 bytes of UTF-8 (AES-128/192/256). */
const isAesKey = (k: string): boolean => [16, 24, 32].includes(new TextEncoder().encode(k).length);

export function ImportDialog() {
  const { t } = useTranslation(['crm', 'common']);
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectImports);
  // While the chosen file's preview loads the start waits: the preview then comes in above the
  // button and would move it from under the click.
  const previewing = useAppSelector(selectImportGuide).customers.pending;
  const [file, setFile] = useState<File | null>(null);
  const [option, setOption] = useState<number>(ImportOption.Dedupe);
  const [days, setDays] = useState(30);
  const [missing, setMissing] = useState(false);
  const [aesKey, setAesKey] = useState('');
  // SPEC §5: import, like export, needs the export password.
  const { password, setPassword, missing: noPassword, check } = useExportPassword(s.open);
  // Set at the click, before the store says "uploading": a second click in the same moment is dropped.
  const sent = useRef(false);
  const encrypted = option === ImportOption.DedupeEncrypted;
  const keyBad = encrypted && aesKey !== '' && !isAesKey(aesKey);

  useEffect(() => {
    if (!s.open) return;
    setFile(null);
    setMissing(false);
    setAesKey('');
    sent.current = false;
  }, [s.open]);
  // A refused upload can be tried again.
  useEffect(() => {
    if (!s.uploading) sent.current = false;
  }, [s.uploading]);

  // The job started and the dialog closed: say so, with the way back to its progress and report.
  const { started } = s;
  useEffect(() => {
    if (!started) return;
    void showToast('success', t('imports.started', { file: started.fileName }), {
      text: t('imports.viewProgress'),
      testId: 'import-started-view',
      onClick: () => dispatch(I.opened()),
    });
    dispatch(I.startedShown());
  }, [started, dispatch, t]);

  const start = () => {
    setMissing(!file);
    const passwordGiven = check();
    if (!file || keyBad || !passwordGiven || sent.current || s.uploading) return;
    sent.current = true;
    const params = option === ImportOption.DedupeRemoveByCondition ? { calledWithinDays: days } : {};
    const key = encrypted && aesKey !== '' ? { aesKey } : {};
    dispatch(I.uploadRequested({ fileKey: stashFile(file), option, params, password, ...key }));
  };
  const close = () => dispatch(I.closed());

  return (
    <Dialog isOpen={s.open} onClose={close} title={t('imports.title')} icon="import">
      <DialogBody>
        <div data-testid="import-dialog">
          <FormGroup label={t('imports.file')}>
            <FileInput
              fill
              hasSelection={file !== null}
              buttonText={t('imports.browse')}
              text={file?.name ?? t('imports.chooseFile')}
              inputProps={{ accept: '.xlsx,.xls,.csv,.txt', ...{ 'data-testid': 'import-file' } }}
              onInputChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
          </FormGroup>
          <ImportGuide kind="customers" file={file} />
          <FormGroup
            label={t('imports.option')}
            labelFor="import-option"
            helperText={<span data-testid="import-option-help">{t(`imports.optionHelp${option}`)}</span>}
          >
            <HTMLSelect
              id="import-option"
              data-testid="import-option"
              value={option}
              onChange={(e) => setOption(Number(e.currentTarget.value))}
            >
              {IMPORT_OPTIONS.map((o) => (
                <option key={o} value={o}>
                  {t(`imports.option${o}`)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          {option === ImportOption.DedupeRemoveByCondition && (
            <FormGroup label={t('imports.calledWithinDays')} labelFor="import-days">
              <NumericInput
                id="import-days"
                min={1}
                max={3650}
                value={days}
                onValueChange={(n) => setDays(n || 1)}
              />
            </FormGroup>
          )}
          {encrypted && (
            <FormGroup
              label={t('imports.aesKey')}
              labelFor="import-aes-key"
              intent={keyBad ? Intent.DANGER : Intent.NONE}
              helperText={
                keyBad
                  ? t('imports.aesKeyInvalid')
                  : s.aesKeyConfigured
                    ? t('imports.aesKeySet')
                    : t('imports.aesKeyMissing')
              }
            >
              <InputGroup
                id="import-aes-key"
                type="password"
                autoComplete="off"
                data-testid="import-aes-key"
                intent={keyBad ? Intent.DANGER : Intent.NONE}
                value={aesKey}
                onValueChange={setAesKey}
              />
            </FormGroup>
          )}
          <ExportPasswordField
            id="import-password"
            label={t('exports.password')}
            helper={t('exports.passwordHint')}
            value={password}
            error={noPassword ? t('validation.required') : undefined}
            onChange={setPassword}
          />
          {(missing || s.formError) && (
            <Callout intent={Intent.DANGER} data-testid="import-error">
              {missing ? t('imports.noFile') : s.formError}
            </Callout>
          )}
          {s.jobs.length > 0 && <H6 className="cp-crm-gap">{t('imports.recent')}</H6>}
          {s.jobs.map((j) => (
            <ImportJobRow
              key={j.importJobId}
              job={j}
              progress={progressOf(s, j.importJobId) ?? j}
              onReport={() => dispatch(I.reportRequested(j.importJobId))}
            />
          ))}
        </div>
      </DialogBody>
      <DialogActions
        closeText={t('common:actions.close')}
        onClose={close}
        icon="upload"
        loading={s.uploading}
        disabled={s.uploading || previewing}
        text={t('imports.start')}
        testId="import-start"
        onClick={start}
      />
    </Dialog>
  );
}
