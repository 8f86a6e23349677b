// Question learning: sentences the bot did not understand (training or calls); learn one into a
// branch or a knowledge question.
import { Classes, HTMLSelect, SegmentedControl } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { BotDefinition } from '../../../../../domain/bot/definition';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ListView } from '../../../ui/ListView';
import { selectAssets } from '../slice';
import { assetsActions as A, type LearnTarget } from '../slice/assets';

/** Every branch and question as a select option; value encodes the target. */
function targets(def: BotDefinition): { value: string; label: string; target: LearnTarget }[] {
  const out: { value: string; label: string; target: LearnTarget }[] = [];
  for (const f of def.flows)
    for (const n of f.nodes)
      for (const b of n.branches)
        out.push({
          value: `b:${b.id}`,
          label: `${f.name} / ${n.name} / ${b.name}`,
          target: { kind: 'branch', id: b.id, nodeId: n.id },
        });
  for (const q of def.knowledge)
    out.push({ value: `q:${q.id}`, label: `? ${q.title}`, target: { kind: 'question', id: q.id } });
  return out;
}

export function LearningTab({ botId, def }: { botId: number; def: BotDefinition }) {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectAssets);
  useEffect(() => {
    dispatch(A.learningRequested({ botId, learned: false }));
  }, [dispatch, botId]);
  const options = targets(def);
  return (
    <div data-testid="learning-tab">
      <SegmentedControl
        value={s.learned ? 'yes' : 'no'}
        options={[
          { value: 'no', label: t('learning.notLearned') },
          { value: 'yes', label: t('learning.learned') },
        ]}
        onValueChange={(v) => dispatch(A.learningRequested({ botId, learned: v === 'yes' }))}
      />
      <ListView
        waiting={s.learningLoading}
        empty={s.learning.length === 0}
        emptyIcon="lightbulb"
        emptyText={t('learning.empty')}
        emptyTestId="learning-empty"
      >
        <DataTable
          className="cp-bots-table"
          testId="learning-table"
          pinFirst
          pinLast={!s.learned}
          columns={[
            t('learning.sentence'),
            t('learning.source'),
            t('learning.node'),
            t('learning.time'),
            ...(s.learned ? [] : [t('learning.learn')]),
          ]}
        >
          {s.learning.map((l) => (
            <tr key={l.id} data-testid={`learning-${l.id}`}>
              <td>{l.sentence}</td>
              <td>{t(`learning.${l.source}`)}</td>
              <td>{l.nodeName ?? ''}</td>
              <td className={Classes.TEXT_MUTED}>{formatDateTime(l.createdAt)}</td>
              {!s.learned && (
                <td>
                  <HTMLSelect
                    aria-label={t('learning.pick')}
                    value=""
                    data-testid={`learning-pick-${l.id}`}
                    onChange={(e) => {
                      const o = options.find((x) => x.value === e.currentTarget.value);
                      if (o) dispatch(A.learnRequested({ botId, lid: l.id, target: o.target }));
                    }}
                  >
                    <option value="">{t('learning.pick')}</option>
                    {options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </HTMLSelect>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      </ListView>
    </div>
  );
}
