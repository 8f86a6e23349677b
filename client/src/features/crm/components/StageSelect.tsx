// A select of the customer stages (translated), optionally with an "all" entry for filters.
import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { STAGES } from '../../../../../domain/crm';
import { stageKey } from '../labels';

export function StageSelect(p: {
  id: string;
  value: number | null;
  onChange(stage: number | null): void;
  withAll?: boolean;
}) {
  const { t } = useTranslation('crm');
  return (
    <HTMLSelect
      id={p.id}
      data-testid={p.id}
      value={p.value ?? ''}
      onChange={(e) => p.onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
    >
      {p.withAll && <option value="">{t('filters.any')}</option>}
      {STAGES.map((s) => (
        <option key={s} value={s}>
          {t(stageKey(s))}
        </option>
      ))}
    </HTMLSelect>
  );
}
