// What an add of numbers did: how many were added and, by reason, how many were left out (duplicates
// within the list, blacklisted, invalid, already in the task), with a few of the invalid lines.
import { Callout, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddNumbersReply, AddSkipReason } from '../../../../../domain/tasks';

export function AddResult(p: {
  reply: AddNumbersReply;
  title?: string;
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('tasks');
  const r = p.reply;
  return (
    <Callout
      intent={Object.values(r.skipped).some((n) => n > 0) ? Intent.WARNING : Intent.SUCCESS}
      title={p.title}
      data-testid={p.testId ?? 'numbers-add-result'}
    >
      <div data-testid="numbers-added">{t('detail.addResult', { count: r.added })}</div>
      {(Object.keys(r.skipped) as AddSkipReason[])
        .filter((k) => r.skipped[k] > 0)
        .map((k) => (
          <div key={k} data-testid={`numbers-skipped-${k}`}>
            {t(`detail.skipped.${k}`, { count: r.skipped[k] })}
          </div>
        ))}
      {r.invalidSamples.length > 0 && (
        <div>{t('detail.invalidSamples', { list: r.invalidSamples.join(', ') })}</div>
      )}
      {p.children}
    </Callout>
  );
}
