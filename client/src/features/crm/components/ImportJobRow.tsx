// One import job: its status, a progress bar that follows the socket, the counts, and the report.
import { Button, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ImportProgress } from '../../../../../domain/events';
import type { ImportJobDto } from '../types';

const intentOf: Record<ImportProgress['status'], Intent> = {
  queued: Intent.NONE,
  running: Intent.PRIMARY,
  done: Intent.SUCCESS,
  failed: Intent.DANGER,
};

export function ImportJobRow(p: { job: ImportJobDto; progress: ImportProgress; onReport(): void }) {
  const { t } = useTranslation('crm');
  const g = p.progress;
  const value = g.status === 'done' ? 1 : g.rowsTotal > 0 ? g.rowsDone / g.rowsTotal : undefined;
  const live = g.status === 'queued' || g.status === 'running';
  return (
    <div className="cp-crm-job" data-testid={`import-job-${g.importJobId}`} data-status={g.status}>
      <div className="cp-crm-bar">
        <strong className="cp-crm-grow">{p.job.fileName}</strong>
        <Tag intent={intentOf[g.status]} data-testid={`import-status-${g.importJobId}`}>
          {t(`imports.status.${g.status}`)}
        </Tag>
        {p.job.hasReport && g.status === 'done' && (
          <Button size="small" icon="download" text={t('imports.report')} onClick={p.onReport} />
        )}
      </div>
      <ProgressBar
        intent={intentOf[g.status]}
        value={value}
        animate={live}
        stripes={live}
        data-testid={`import-progress-${g.importJobId}`}
      />
      <small>
        {t('imports.counts', {
          done: g.rowsDone,
          total: g.rowsTotal,
          imported: g.imported,
          updated: g.updated ?? 0,
          duplicates: g.duplicates,
          invalid: g.invalid,
          blacklisted: g.blacklisted,
          removed: g.removed,
        })}
      </small>
      {g.error && <div className="cp-error-text">{g.error}</div>}
    </div>
  );
}
