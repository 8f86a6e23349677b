// A call's outcome as one tag: its live state while the call is on (振铃中 / 通话中, never a grade),
// else its grade code in the SPEC §4 display reading. Texts: the `results` namespace (domain/resultLabels).
import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { outcomeOf } from '../../../domain/resultLabels';

export function OutcomeTag(p: { code: number | null; callStatus?: string | null; testId?: string }) {
  const { t } = useTranslation('results');
  const o = outcomeOf(p.code, p.callStatus);
  if (o.kind === 'live')
    return (
      <Tag
        minimal
        intent={Intent.WARNING}
        icon="phone"
        data-testid={p.testId}
        data-grade="live"
        data-live={o.status}
      >
        {t(`status.${o.status}`)}
      </Tag>
    );
  const intent =
    o.key === 'A' || o.key === 'B' ? Intent.SUCCESS : o.key.length === 1 ? Intent.PRIMARY : Intent.NONE;
  return (
    <Tag minimal intent={intent} data-testid={p.testId} data-grade={o.key}>
      {t(`grade.${o.key}`)}
    </Tag>
  );
}
