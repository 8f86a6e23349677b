// A card of one figure with its title (or a spinner while the first snapshot loads): the dashboard and the
// platform panel.
import { Card, Classes, H2, H6, Spinner, SpinnerSize } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export function StatCard(p: { title: string; testId: string; loading?: boolean; children: ReactNode }) {
  return (
    <Card className="cp-stat-card" data-testid={p.testId}>
      <H6 className={Classes.TEXT_MUTED}>{p.title}</H6>
      {p.loading ? <Spinner size={SpinnerSize.SMALL} /> : p.children}
    </Card>
  );
}

export const Figure = ({ value, testId }: { value: ReactNode; testId: string }) => (
  <H2 data-testid={testId}>{value}</H2>
);
