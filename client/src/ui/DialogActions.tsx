// The footer most dialogs share: a close/cancel button and one primary action.
import { Button, DialogFooter, Intent, type IconName } from '@blueprintjs/core';

export function DialogActions(p: {
  closeText: string;
  onClose(): void;
  text: string;
  testId: string;
  icon?: IconName;
  loading?: boolean;
  disabled?: boolean;
  /** A submit button of the surrounding form instead of an onClick handler. */
  submit?: boolean;
  onClick?(): void;
}) {
  return (
    <DialogFooter
      actions={
        <>
          <Button text={p.closeText} onClick={p.onClose} />
          <Button
            type={p.submit ? 'submit' : 'button'}
            intent={Intent.PRIMARY}
            icon={p.icon}
            loading={p.loading}
            disabled={p.disabled}
            text={p.text}
            data-testid={p.testId}
            onClick={p.onClick}
          />
        </>
      }
    />
  );
}
