// The filters above every report: the day range, the grouping, the drill-down filters (task, bot, line,
// account: set by clicking a row of a grouped table, removed from their tag), refresh and export.
import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DateRangeField } from '../../../ui/DateRangeField';
import type { ReportQuery } from '../slice';

export const DRILL_KEYS = ['taskId', 'botId', 'lineId', 'accountId'] as const;

export function ReportToolbar(p: {
  query: ReportQuery;
  groups?: readonly string[];
  /** Names of the drill-down filters' ids, as the rows showed them. */
  labels: Record<string, string>;
  onChange(q: ReportQuery): void;
  onExport(): void;
  loading: boolean;
}) {
  const { t } = useTranslation('statistics');
  const q = p.query;
  const without = (k: string) => Object.fromEntries(Object.entries(q).filter(([key]) => key !== k));
  return (
    <div className="cp-stat-toolbar" data-testid="report-toolbar">
      <DateRangeField
        testId="report-range"
        from={String(q.from ?? '')}
        to={String(q.to ?? '')}
        onChange={(r) => r.from && r.to && p.onChange({ ...q, from: r.from, to: r.to })}
      />
      {p.groups && (
        <HTMLSelect
          aria-label={t('groupBy')}
          data-testid="report-by"
          value={String(q.by)}
          onChange={(e) => p.onChange({ ...q, by: e.currentTarget.value })}
          options={p.groups.map((g) => ({ value: g, label: t(`by.${g}`) }))}
        />
      )}
      {DRILL_KEYS.filter((k) => q[k] !== undefined).map((k) => (
        <Tag key={k} large onRemove={() => p.onChange(without(k))} data-testid={`filter-${k}`}>
          {t(`filter.${k}`)}: {p.labels[`${k}:${q[k]}`] ?? `#${q[k]}`}
        </Tag>
      ))}
      <Button icon="refresh" loading={p.loading} onClick={() => p.onChange({ ...q })} text={t('refresh')} />
      <Button icon="export" onClick={p.onExport} text={t('export')} data-testid="report-export" />
    </div>
  );
}
