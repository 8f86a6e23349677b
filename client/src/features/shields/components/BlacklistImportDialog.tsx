// Import numbers into the call blacklist from a txt/csv/xlsx/xls file (the CRM import's checks apply).
import { Dialog, DialogBody, FileInput, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DialogActions } from '../../../ui/DialogActions';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { stashFile } from '../../../ui/uploads';
import { selectShields, shieldsActions as A } from '../slice';
import { AddResult } from './AddResult';

export function BlacklistImportDialog() {
  const { t } = useTranslation('shields');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectShields).blacklistImport;
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (!s.open) return;
    setFile(null);
    setReason('');
  }, [s.open]);
  const close = () => dispatch(A.adderOpened({ key: 'blacklistImport', open: false }));
  return (
    <Dialog isOpen={s.open} onClose={close} title={t('blacklist.import')} icon="import">
      <DialogBody>
        <div data-testid="cbl-import-dialog">
          <p>{t('blacklist.importHelp')}</p>
          <FormGroup label={t('blacklist.file')} labelFor="cbl-import-file">
            <FileInput
              fill
              text={file?.name ?? t('blacklist.chooseFile')}
              buttonText="…"
              inputProps={{
                id: 'cbl-import-file',
                accept: '.txt,.csv,.xlsx,.xls',
                ...{ 'data-testid': 'cbl-import-file' },
              }}
              onInputChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
          </FormGroup>
          <FormGroup label={t('blacklist.reason')} labelFor="cbl-import-reason">
            <InputGroup id="cbl-import-reason" value={reason} maxLength={200} onValueChange={setReason} />
          </FormGroup>
          <AddResult result={s.result} testId="cbl-import-result" />
          <ErrorCallout error={s.error} testId="cbl-import-error" />
        </div>
      </DialogBody>
      <DialogActions
        closeText={t('ui.close')}
        onClose={close}
        icon="upload"
        disabled={!file}
        loading={s.pending}
        text={t('blacklist.submitImport')}
        testId="cbl-import-submit"
        onClick={() => {
          if (file) dispatch(A.blacklistImportRequested({ fileKey: stashFile(file), reason: reason.trim() }));
        }}
      />
    </Dialog>
  );
}
