// A form's server error as a danger callout; renders nothing without an error.
import { Callout, Intent } from '@blueprintjs/core';

export function ErrorCallout(p: { error: string | null | undefined; testId?: string; title?: string }) {
  if (!p.error) return null;
  return (
    <Callout intent={Intent.DANGER} title={p.title} data-testid={p.testId}>
      {p.error}
    </Callout>
  );
}
