// Why the phone could not answer: no microphone, or the browser does not allow it. Stays until the
// next call, next to the phone (the toast alone is easy to miss).
import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MicProblem } from '../../seats/mic';

export function MicProblemNote({ problem }: { problem: MicProblem }) {
  const { t } = useTranslation('softphone');
  return (
    <Callout intent={Intent.DANGER} compact data-testid="softphone-mic-problem" data-problem={problem}>
      {t(`mic.${problem}`)}
    </Callout>
  );
}
