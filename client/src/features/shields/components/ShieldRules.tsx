// The day-shield rules: which call results shield a number for the rest of the local day.
import { Button, Checkbox, H5, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GRADE_LEVELS, NOT_CONNECTED_LEVELS } from '../../../../../domain/dialer/levels';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectShields, shieldsActions as A } from '../slice';

export function ShieldRules() {
  const { t } = useTranslation(['shields', 'tasks']);
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectShields).settings;
  const saved = s.data?.settings.dayShieldLevels;
  const [levels, setLevels] = useState<number[]>([]);
  useEffect(() => setLevels(saved ?? []), [saved]);
  const toggle = (n: number) =>
    setLevels((ls) => (ls.includes(n) ? ls.filter((x) => x !== n) : [...ls, n].sort((a, b) => a - b)));
  const group = (title: string, ns: readonly number[]) => (
    <>
      <div>{title}</div>
      <div className="cp-shd-levels">
        {ns.map((n) => (
          <Checkbox
            key={n}
            inline
            label={`${n} ${t(`results:level.${n}`)}`}
            checked={levels.includes(n)}
            data-testid={`shield-level-${n}`}
            onChange={() => toggle(n)}
          />
        ))}
      </div>
    </>
  );
  return (
    <section className="cp-shd-section" data-testid="shield-rules">
      <H5>{t('day.rules')}</H5>
      <p>{t('day.rulesHelp')}</p>
      {group(t('day.notConnected'), NOT_CONNECTED_LEVELS)}
      {group(t('day.grades'), GRADE_LEVELS)}
      <Button
        intent={Intent.PRIMARY}
        icon="floppy-disk"
        text={t('day.saveRules')}
        loading={s.savingRules}
        disabled={!s.data}
        data-testid="shield-rules-save"
        onClick={() => dispatch(A.rulesSaveRequested(levels))}
      />
    </section>
  );
}
