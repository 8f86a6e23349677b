// Export of a ledger view as shown (its filter as it is) to xlsx or csv, behind the export password.
import { Dialog, DialogBody, HTMLSelect } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DialogActions } from '../../../ui/DialogActions';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { ExportPasswordField, useExportPassword } from '../../../ui/ExportPassword';
import { financeActions as F, selectFinance } from '../slice';
import type { LedgerTab } from '../types';

export function ExportDialog(p: { tab: LedgerTab; open: boolean; onClose(): void }) {
  const { t } = useTranslation('finance');
  const dispatch = useAppDispatch();
  const { exporting, exportError, exported } = useAppSelector(selectFinance);
  const pw = useExportPassword(p.open);
  const [format, setFormat] = useState<'xlsx' | 'csv'>('xlsx');
  const [seen, setSeen] = useState(exported);
  const { onClose, open } = p;
  useEffect(() => {
    if (exported !== seen) {
      setSeen(exported);
      if (open) onClose();
    }
  }, [exported, seen, open, onClose]);
  const submit = () => {
    if (!pw.check()) return;
    dispatch(F.exportRequested({ tab: p.tab, format, password: pw.password }));
  };
  return (
    <Dialog
      isOpen={p.open}
      onClose={p.onClose}
      title={t('export.title')}
      data-testid={`${p.tab}-export-dialog`}
    >
      <DialogBody>
        <HTMLSelect
          aria-label={t('export.format')}
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as 'xlsx' | 'csv')}
          options={['xlsx', 'csv']}
          data-testid={`${p.tab}-export-format`}
        />
        <ExportPasswordField
          id={`${p.tab}-export-password`}
          label={t('export.password')}
          helper={t('export.passwordHelp')}
          value={pw.password}
          error={pw.missing ? t('export.passwordMissing') : undefined}
          onChange={pw.setPassword}
        />
        <ErrorCallout error={exportError} testId={`${p.tab}-export-error`} />
      </DialogBody>
      <DialogActions
        closeText={t('cancel')}
        onClose={p.onClose}
        text={t('export.button')}
        testId={`${p.tab}-export-submit`}
        icon="export"
        loading={exporting}
        onClick={submit}
      />
    </Dialog>
  );
}
