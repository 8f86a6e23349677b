// The task lists' filters (AI tasks and the batch page): own/all, name, status, bot, created between,
// and on the batch page the kind of task. Edits stay local until Search; Reset keeps own/all.
import { Button, HTMLSelect, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TASK_STATUSES, statusLabelKey, type TaskStatus } from '../../../../../domain/dialer/status';
import type { TaskBatchFilter } from '../../../../../domain/taskBatch';
import { TASK_KINDS, type TaskKind } from '../../../../../domain/tasks';
import { DateRangeField } from '../../../ui/DateRangeField';

export function TaskFilterBar(p: {
  filters: TaskBatchFilter;
  bots: readonly { id: number; name: string }[];
  onApply(f: TaskBatchFilter): void;
  /** Offer the kind of task (the batch page lists every kind the account holds). */
  withKind?: boolean;
}) {
  const { t } = useTranslation('tasks');
  const [f, setF] = useState<TaskBatchFilter>(p.filters);
  useEffect(() => setF(p.filters), [p.filters]);
  const apply = p.onApply;
  return (
    <div className="cp-tasks-bar" data-testid="task-filters">
      <RadioGroup
        inline
        label={t('scope.label')}
        selectedValue={f.scope ?? 'own'}
        onChange={(e) => apply({ ...f, scope: e.currentTarget.value as 'own' | 'all' })}
      >
        <Radio value="own" label={t('scope.own')} data-testid="scope-own" />
        <Radio value="all" label={t('scope.all')} data-testid="scope-all" />
      </RadioGroup>
      {p.withKind && (
        <HTMLSelect
          aria-label={t('batch.kind.label')}
          value={f.kind ?? ''}
          data-testid="filter-kind"
          onChange={(e) =>
            setF({
              ...f,
              kind: e.currentTarget.value === '' ? undefined : (e.currentTarget.value as TaskKind),
            })
          }
        >
          <option value="">{t('batch.kind.any')}</option>
          {TASK_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`title.${k}`)}
            </option>
          ))}
        </HTMLSelect>
      )}
      <InputGroup
        placeholder={t('filters.name')}
        value={f.name ?? ''}
        data-testid="filter-name"
        onChange={(e) => setF({ ...f, name: e.currentTarget.value || undefined })}
      />
      <HTMLSelect
        aria-label={t('filters.status')}
        value={f.status ?? ''}
        data-testid="filter-status"
        onChange={(e) =>
          setF({
            ...f,
            status: e.currentTarget.value === '' ? undefined : (Number(e.currentTarget.value) as TaskStatus),
          })
        }
      >
        <option value="">{t('filters.anyStatus')}</option>
        {TASK_STATUSES.map((st) => (
          <option key={st} value={st}>
            {t(statusLabelKey(st))}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        aria-label={t('filters.bot')}
        value={f.botId ?? ''}
        onChange={(e) =>
          setF({ ...f, botId: e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value) })
        }
      >
        <option value="">{t('filters.anyBot')}</option>
        {p.bots.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </HTMLSelect>
      <DateRangeField
        testId="filter-date"
        fromLabel={t('filters.dateFrom')}
        toLabel={t('filters.dateTo')}
        from={f.dateFrom ?? ''}
        to={f.dateTo ?? ''}
        onChange={(r) => setF({ ...f, dateFrom: r.from || undefined, dateTo: r.to || undefined })}
      />
      <span className="cp-filter-actions">
        <Button
          icon="search"
          text={t('actions.search')}
          data-testid="filter-search"
          onClick={() => apply(f)}
        />
        <Button
          minimal
          text={t('actions.reset')}
          onClick={() => apply({ scope: f.scope })}
          data-testid="filter-reset"
        />
      </span>
    </div>
  );
}
