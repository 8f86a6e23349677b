// A small, minimal button of a table row's action cell (edit, delete, start, …).
import { Button, type IconName, type Intent } from '@blueprintjs/core';

export function RowAction(p: {
  icon: IconName;
  text: string;
  testId: string;
  intent?: Intent;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <Button
      minimal
      small
      icon={p.icon}
      intent={p.intent}
      text={p.text}
      disabled={p.disabled}
      data-testid={p.testId}
      onClick={p.onClick}
    />
  );
}
