// Export customers (SPEC §5): format, scope (the selected rows, else the list's filter), the export
// password, then the download list, refreshed on open, by the button, or when a notice arrives.
import { Button, Callout, Dialog, DialogBody, FormGroup, H6, HTMLSelect, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../ui/DialogActions';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ExportPasswordField, useExportPassword } from '../../../ui/ExportPassword';
import { selectExports } from '../slice';
import { exportsActions as X } from '../slice/exports';
import type { ExportFormat } from '../types';
import { ExportJobRow } from './ExportJobRow';

export function ExportDialog(p: { selected: number[] }) {
  const { t } = useTranslation(['crm', 'common']);
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectExports);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const { password, setPassword, missing, check } = useExportPassword(s.open);

  const n = p.selected.length;
  const start = () => {
    if (!check()) return;
    dispatch(X.createRequested({ format, password, ...(n > 0 ? { customerIds: p.selected } : {}) }));
  };
  const close = () => dispatch(X.closed());

  return (
    <Dialog isOpen={s.open} onClose={close} title={t('exports.title')} icon="export">
      <DialogBody>
        <div data-testid="export-dialog">
          <FormGroup label={t('exports.format')} labelFor="export-format">
            <HTMLSelect
              id="export-format"
              data-testid="export-format"
              value={format}
              onChange={(e) => setFormat(e.currentTarget.value as ExportFormat)}
            >
              <option value="xlsx">xlsx</option>
              <option value="csv">csv</option>
            </HTMLSelect>
          </FormGroup>
          <p data-testid="export-scope">
            {n > 0 ? t('exports.scopeSelected', { count: n }) : t('exports.scopeFilter')}
          </p>
          <ExportPasswordField
            id="export-password"
            label={t('exports.password')}
            helper={t('exports.passwordHint')}
            value={password}
            error={missing ? t('validation.required') : (s.passwordError ?? undefined)}
            onChange={setPassword}
          />
          {s.formError && (
            <Callout intent={Intent.DANGER} data-testid="export-error">
              {s.formError}
            </Callout>
          )}
          <div className="cp-crm-bar cp-crm-gap">
            <H6 className="cp-crm-grow">{t('exports.list')}</H6>
            <Button
              size="small"
              icon="refresh"
              loading={s.loading}
              text={t('exports.refresh')}
              data-testid="export-refresh"
              onClick={() => dispatch(X.listRequested())}
            />
          </div>
          {s.items.length === 0 && <small>{t('exports.none')}</small>}
          {s.items.map((j) => (
            <ExportJobRow key={j.exportJobId} job={j} onDownload={() => dispatch(X.downloadRequested(j))} />
          ))}
          {s.nextBeforeId !== null && (
            <Button
              minimal
              text={t('exports.more')}
              data-testid="export-more"
              onClick={() => dispatch(X.listRequested({ more: true }))}
            />
          )}
        </div>
      </DialogBody>
      <DialogActions
        closeText={t('common:actions.close')}
        onClose={close}
        icon="export"
        loading={s.creating}
        text={t('exports.start')}
        testId="export-start"
        onClick={start}
      />
    </Dialog>
  );
}
