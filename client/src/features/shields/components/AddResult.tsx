// The reply of an add or an import: counts, "already listed" for a single duplicate, invalid rows.
import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AddNumbersResult } from '../../../../../domain/shields';

export function AddResult({ result, testId }: { result: AddNumbersResult | null; testId: string }) {
  const { t } = useTranslation('shields');
  if (!result) return null;
  const single = result.added + result.duplicates + result.invalidCount === 1;
  if (single && result.duplicates === 1)
    return (
      <Callout intent={Intent.WARNING} data-testid={testId}>
        {t('result.duplicate')}
      </Callout>
    );
  return (
    <Callout intent={result.invalidCount ? Intent.WARNING : Intent.SUCCESS} data-testid={testId}>
      {t('result.added', {
        added: result.added,
        duplicates: result.duplicates,
        invalid: result.invalidCount,
      })}
      {result.invalid.map((x) => (
        <div key={x.row}>{t('result.invalidRow', { row: x.row, value: x.value })}</div>
      ))}
    </Callout>
  );
}
