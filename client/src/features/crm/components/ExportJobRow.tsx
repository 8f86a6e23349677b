// One export in the download list: file, status, rows, and a Download button once it is done.
import { Button, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ExportJobDto } from '../types';

const intentOf: Record<ExportJobDto['status'], Intent> = {
  queued: Intent.NONE,
  running: Intent.PRIMARY,
  done: Intent.SUCCESS,
  failed: Intent.DANGER,
  expired: Intent.WARNING,
};

export function ExportJobRow(p: { job: ExportJobDto; onDownload(): void }) {
  const { t } = useTranslation('crm');
  const j = p.job;
  return (
    <div className="cp-crm-job" data-testid={`export-job-${j.exportJobId}`} data-status={j.status}>
      <div className="cp-crm-bar">
        <strong className="cp-crm-grow">{j.fileName}</strong>
        <small>{t('exports.rows', { count: j.rows })}</small>
        <Tag intent={intentOf[j.status]} data-testid={`export-status-${j.exportJobId}`}>
          {t(`exports.status.${j.status}`)}
        </Tag>
        {j.status === 'done' && (
          <Button
            size="small"
            icon="download"
            text={t('exports.download')}
            data-testid={`export-download-${j.exportJobId}`}
            onClick={p.onDownload}
          />
        )}
      </div>
      {j.error && <div className="cp-error-text">{j.error}</div>}
    </div>
  );
}
