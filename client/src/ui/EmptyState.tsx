// An empty list's panel (NonIdealState takes no test id, so a wrapper carries it).
import { NonIdealState, type IconName } from '@blueprintjs/core';

export function EmptyState(p: { icon: IconName; title?: string; description: string; testId: string }) {
  return (
    <div className="cp-panel" data-testid={p.testId}>
      <NonIdealState icon={p.icon} title={p.title} description={p.description} />
    </div>
  );
}
