// The filters of the call records: time range, grade codes (multi-select), task, bot, talk time range,
// phone (whole number or last 4 digits), name, read, focus, LLM grade; search and reset.
import { Button, Classes, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_LEVELS } from '../../../../../domain/callRecords';
import { filterProblems } from '../query';
import type { RecordFilters, RecordOptions } from '../slice';
import { gradeKey } from '../../../ui/GradeTag';
import { DateField } from '../../../ui/DateField';

const triState = (v: boolean | null) => (v === null ? '' : v ? '1' : '0');
const fromTri = (v: string) => (v === '' ? null : v === '1');

export function RecordFilterBar(p: {
  filters: RecordFilters;
  options: RecordOptions;
  onChange(patch: Partial<RecordFilters>): void;
  onSearch(): void;
  onReset(): void;
}) {
  const { t } = useTranslation('callrecords');
  const f = p.filters;
  const [problems, setProblems] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = filterProblems(f);
    setProblems(found);
    if (Object.keys(found).length === 0) p.onSearch();
  };
  const toggleLevel = (l: number) =>
    p.onChange({ levels: f.levels.includes(l) ? f.levels.filter((x) => x !== l) : [...f.levels, l] });
  const problem = Object.values(problems)[0];

  return (
    <form onSubmit={submit} data-testid="record-filters" noValidate>
      <div className="cp-crm-bar">
        <label className="cp-cr-field">
          {t('filters.from')}
          <DateField
            withTime
            testId="filter-from"
            label={t('filters.from')}
            value={f.from}
            onChange={(from) => p.onChange({ from })}
          />
        </label>
        <label className="cp-cr-field">
          {t('filters.to')}
          <DateField
            withTime
            testId="filter-to"
            label={t('filters.to')}
            value={f.to}
            onChange={(to) => p.onChange({ to })}
          />
        </label>
        <InputGroup
          data-testid="filter-phone"
          placeholder={t('filters.phone')}
          inputMode="numeric"
          maxLength={11}
          value={f.phone}
          intent={problems.phone ? Intent.DANGER : Intent.NONE}
          onValueChange={(v) => p.onChange({ phone: v.replace(/\D/g, '') })}
        />
        <InputGroup
          data-testid="filter-name"
          placeholder={t('filters.name')}
          value={f.name}
          onValueChange={(name) => p.onChange({ name })}
        />
        <HTMLSelect
          data-testid="filter-task"
          aria-label={t('filters.task')}
          value={f.taskId ?? ''}
          onChange={(e) =>
            p.onChange({ taskId: e.currentTarget.value ? Number(e.currentTarget.value) : null })
          }
        >
          <option value="">{`${t('filters.task')}: ${t('filters.any')}`}</option>
          {p.options.tasks.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          data-testid="filter-bot"
          aria-label={t('filters.bot')}
          value={f.botId ?? ''}
          onChange={(e) =>
            p.onChange({ botId: e.currentTarget.value ? Number(e.currentTarget.value) : null })
          }
        >
          <option value="">{`${t('filters.bot')}: ${t('filters.any')}`}</option>
          {p.options.bots.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </HTMLSelect>
      </div>
      <div className="cp-crm-bar">
        <InputGroup
          className="cp-cr-short"
          data-testid="filter-minTalk"
          placeholder={t('filters.minTalk')}
          inputMode="numeric"
          value={f.minTalkS}
          intent={problems.minTalkS ? Intent.DANGER : Intent.NONE}
          onValueChange={(minTalkS) => p.onChange({ minTalkS })}
        />
        <InputGroup
          className="cp-cr-short"
          data-testid="filter-maxTalk"
          placeholder={t('filters.maxTalk')}
          inputMode="numeric"
          value={f.maxTalkS}
          intent={problems.maxTalkS ? Intent.DANGER : Intent.NONE}
          onValueChange={(maxTalkS) => p.onChange({ maxTalkS })}
        />
        <HTMLSelect
          data-testid="filter-read"
          aria-label={t('filters.read')}
          value={triState(f.read)}
          onChange={(e) => p.onChange({ read: fromTri(e.currentTarget.value) })}
        >
          <option value="">{`${t('filters.read')}: ${t('filters.any')}`}</option>
          <option value="1">{t('filters.readOnly')}</option>
          <option value="0">{t('filters.unreadOnly')}</option>
        </HTMLSelect>
        <HTMLSelect
          data-testid="filter-focus"
          aria-label={t('filters.focus')}
          value={triState(f.focus)}
          onChange={(e) => p.onChange({ focus: fromTri(e.currentTarget.value) })}
        >
          <option value="">{`${t('filters.focus')}: ${t('filters.any')}`}</option>
          <option value="1">{t('filters.focusOnly')}</option>
          <option value="0">{t('filters.notFocus')}</option>
        </HTMLSelect>
        <InputGroup
          className="cp-cr-short"
          data-testid="filter-llmGrade"
          placeholder={t('filters.llmGrade')}
          value={f.llmGrade}
          onValueChange={(llmGrade) => p.onChange({ llmGrade })}
        />
        <span className="cp-filter-actions">
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            icon="search"
            text={t('filters.search')}
            data-testid="filter-search"
          />
          <Button
            icon="reset"
            text={t('filters.reset')}
            data-testid="filter-reset"
            onClick={() => {
              setProblems({});
              p.onReset();
            }}
          />
        </span>
      </div>
      <div className="cp-crm-bar" data-testid="filter-levels">
        <span>{t('filters.levels')}</span>
        {FILTER_LEVELS.map((l) => (
          <Tag
            key={l}
            interactive
            minimal={!f.levels.includes(l)}
            intent={f.levels.includes(l) ? Intent.PRIMARY : Intent.NONE}
            data-testid={`filter-level-${l}`}
            data-on={f.levels.includes(l) ? 'yes' : 'no'}
            onClick={() => toggleLevel(l)}
          >
            {t(gradeKey(l, true))}
          </Tag>
        ))}
      </div>
      {problem && (
        <p className={Classes.INTENT_DANGER} data-testid="filter-problem">
          {t(problem)}
        </p>
      )}
    </form>
  );
}
