// A yes/no confirmation with test ids on both buttons (Blueprint's Alert has none to hang them on).
import { Button, Dialog, DialogBody, DialogFooter, Intent, type IconName } from '@blueprintjs/core';

export function ConfirmDialog(p: {
  isOpen: boolean;
  title: string;
  body: string;
  confirmText: string;
  cancelText: string;
  icon?: IconName;
  intent?: Intent;
  testId: string;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Dialog isOpen={p.isOpen} onClose={p.onClose} title={p.title} icon={p.icon}>
      <DialogBody>
        <p data-testid={p.testId}>{p.body}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={p.cancelText} onClick={p.onClose} data-testid={`${p.testId}-cancel`} />
            <Button
              intent={p.intent ?? Intent.PRIMARY}
              text={p.confirmText}
              onClick={p.onConfirm}
              data-testid={`${p.testId}-ok`}
            />
          </>
        }
      />
    </Dialog>
  );
}
