// The filter bar of my customers: name, phone prefix, stage, focus, tag, grade, called or never
// called, the last-call days, sort; search and reset.
import { Button, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_LEVELS } from '../../../../../domain/callRecords';
import type { TagDto } from '../../../../../domain/crm';
import { gradeKey } from '../../../ui/GradeTag';
import type { CustomerFilters, CustomerSort } from '../slice/customers';
import { StageSelect } from './StageSelect';
import { DateRangeField } from '../../../ui/DateRangeField';

const SORTS: CustomerSort[] = ['id', 'importedAt', 'createdAt', 'score', 'lastCalledAt'];

export function CustomerFilterBar(p: {
  filters: CustomerFilters;
  tags: TagDto[];
  onChange(patch: Partial<CustomerFilters>): void;
  onSearch(): void;
  onReset(): void;
}) {
  const { t } = useTranslation('crm');
  const f = p.filters;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    p.onSearch();
  };
  const focusValue = f.focus === null ? '' : f.focus ? '1' : '0';
  const calledValue = f.called === null ? '' : f.called ? '1' : '0';
  return (
    <form className="cp-crm-bar" onSubmit={submit} data-testid="customer-filters">
      <InputGroup
        data-testid="filter-name"
        placeholder={t('filters.name')}
        value={f.name}
        onValueChange={(name) => p.onChange({ name })}
      />
      <InputGroup
        data-testid="filter-phone"
        placeholder={t('filters.phone')}
        value={f.phone}
        inputMode="numeric"
        maxLength={11}
        // The server takes a digit prefix of at most 11 digits.
        onValueChange={(v) => p.onChange({ phone: v.replace(/\D/g, '') })}
      />
      <StageSelect id="filter-stage" value={f.stage} withAll onChange={(stage) => p.onChange({ stage })} />
      <HTMLSelect
        data-testid="filter-focus"
        aria-label={t('filters.focus')}
        value={focusValue}
        onChange={(e) => {
          const v = e.currentTarget.value;
          p.onChange({ focus: v === '' ? null : v === '1' });
        }}
      >
        <option value="">{`${t('filters.focus')}: ${t('filters.any')}`}</option>
        <option value="1">{t('filters.focusOnly')}</option>
        <option value="0">{t('filters.notFocus')}</option>
      </HTMLSelect>
      <HTMLSelect
        data-testid="filter-tag"
        aria-label={t('filters.tag')}
        value={f.tagId ?? ''}
        onChange={(e) =>
          p.onChange({ tagId: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })
        }
      >
        <option value="">{`${t('filters.tag')}: ${t('filters.any')}`}</option>
        {p.tags.map((tag) => (
          <option key={tag.id} value={tag.id}>
            {tag.name}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        data-testid="filter-grade"
        aria-label={t('filters.grade')}
        value={f.grade ?? ''}
        onChange={(e) =>
          p.onChange({ grade: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })
        }
      >
        <option value="">{`${t('filters.grade')}: ${t('filters.any')}`}</option>
        {FILTER_LEVELS.map((code) => (
          <option key={code} value={code}>
            {t(gradeKey(code, true))}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        data-testid="filter-called"
        aria-label={t('filters.called')}
        value={calledValue}
        onChange={(e) => {
          const v = e.currentTarget.value;
          p.onChange({ called: v === '' ? null : v === '1' });
        }}
      >
        <option value="">{`${t('filters.called')}: ${t('filters.any')}`}</option>
        <option value="1">{t('filters.calledYes')}</option>
        <option value="0">{t('filters.calledNo')}</option>
      </HTMLSelect>
      <DateRangeField
        testId="filter-last-called"
        fromLabel={t('filters.lastCalledFrom')}
        toLabel={t('filters.lastCalledTo')}
        from={f.lastCalledFrom}
        to={f.lastCalledTo}
        onChange={(r) => p.onChange({ lastCalledFrom: r.from, lastCalledTo: r.to })}
      />
      <HTMLSelect
        data-testid="filter-sort"
        aria-label={t('sort.label')}
        value={f.sort}
        onChange={(e) => p.onChange({ sort: e.currentTarget.value as CustomerSort })}
      >
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {t(`sort.${s}`)}
          </option>
        ))}
      </HTMLSelect>
      {/* Search and reset wrap as one: reset is never left alone on a line. */}
      <span className="cp-crm-filter-actions">
        <Button
          type="submit"
          icon="search"
          intent={Intent.PRIMARY}
          text={t('actions.search')}
          data-testid="filter-search"
        />
        <Button icon="reset" text={t('actions.reset')} onClick={p.onReset} data-testid="filter-reset" />
      </span>
    </form>
  );
}
