// A record's grade code in the SPEC §4 display reading (A–F, 63…79, otherwise unknown).
import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { gradeDisplayKey } from '../../../domain/callRecords';

/**
 * i18n key of a level: the display reading for the table, the result level's own name for filters
 * (namespace `results`: the one label table, domain/resultLabels).
 */
export const gradeKey = (code: number | null, asLevel = false): string =>
  asLevel && code !== null ? `results:level.${code}` : `results:grade.${gradeDisplayKey(code)}`;

export function GradeTag({ code, testId }: { code: number | null; testId?: string }) {
  const { t } = useTranslation('results');
  const key = gradeDisplayKey(code);
  const intent =
    key === 'A' || key === 'B' ? Intent.SUCCESS : key.length === 1 ? Intent.PRIMARY : Intent.NONE;
  return (
    <Tag minimal intent={intent} data-testid={testId} data-grade={key}>
      {t(gradeKey(code))}
    </Tag>
  );
}
