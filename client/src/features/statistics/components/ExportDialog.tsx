// Export of the report shown (its query as it is) to xlsx or csv, behind the export password.
import { Callout, Dialog, DialogBody, HTMLSelect, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DialogActions } from '../../../ui/DialogActions';
import { ExportPasswordField, useExportPassword } from '../../../ui/ExportPassword';
import { selectStatistics, statisticsActions, type ReportKind, type ReportQuery } from '../slice';

export function ExportDialog(p: { kind: ReportKind; query: ReportQuery; open: boolean; onClose(): void }) {
  const { t } = useTranslation('statistics');
  const dispatch = useAppDispatch();
  const { exporting, exportError, exported } = useAppSelector(selectStatistics);
  const pw = useExportPassword(p.open);
  const [format, setFormat] = useState<'xlsx' | 'csv'>('xlsx');
  const [seen, setSeen] = useState(exported);
  useEffect(() => {
    if (exported !== seen) {
      setSeen(exported);
      p.onClose();
    }
  }, [exported, seen, p]);
  const submit = () => {
    if (!pw.check()) return;
    dispatch(
      statisticsActions.exportRequested({ kind: p.kind, format, password: pw.password, query: p.query }),
    );
  };
  return (
    <Dialog isOpen={p.open} onClose={p.onClose} title={t('exportTitle')} data-testid="report-export-dialog">
      <DialogBody>
        <HTMLSelect
          aria-label={t('format')}
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as 'xlsx' | 'csv')}
          options={['xlsx', 'csv']}
          data-testid="report-export-format"
        />
        <ExportPasswordField
          id="report-export-password"
          label={t('exportPassword')}
          helper={t('exportPasswordHelp')}
          value={pw.password}
          error={pw.missing ? t('exportPasswordMissing') : undefined}
          onChange={pw.setPassword}
        />
        {exportError && (
          <Callout intent={Intent.DANGER} data-testid="report-export-error">
            {exportError}
          </Callout>
        )}
      </DialogBody>
      <DialogActions
        closeText={t('cancel')}
        onClose={p.onClose}
        text={t('export')}
        testId="report-export-submit"
        icon="export"
        loading={exporting}
        onClick={submit}
      />
    </Dialog>
  );
}
